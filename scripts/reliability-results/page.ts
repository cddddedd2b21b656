import { reportMs, suiteFigures, type Figures, type LongSimulation, type SuiteFigures, type VitestReport } from './reports';

/*
 * docs/reliability-results.md: each suite of docs/reliability.md with what its last run did (cases, polls,
 * kills, payloads, schedules, as the tests recorded them) and how long it took (as the reporter timed it).
 */

/** A suite of docs/reliability.md: its test files, what its size says, and what its time is of when not plain. */
interface Suite {
  label: string;
  files: string[];
  size: (suite: SuiteFigures, figure: (name: string) => string) => string;
  timeOf?: string;
}

const cases = (s: SuiteFigures) => `${s.cases} ${s.cases === 1 ? 'case' : 'cases'}`;

const RELIABILITY_SUITES: Suite[] = [
  {
    label: '`fault-soak.test.ts`',
    files: ['test/reliability/fault-soak.test.ts'],
    size: (_, f) => `${f('polls')} polls of ${f('pages')} pages (${f('failedPercent')} % failed), ${f('scriptedChanges')} scripted changes, seed ${f('seed')}`,
  },
  {
    label: '`outbox-crash.test.ts`',
    files: ['test/reliability/outbox-crash.test.ts'],
    size: (_, f) => `${f('writes')} writes, ${f('kills')} kills (${f('killsMidFlush')} with writes still queued)`,
  },
  { label: '`corrupt-files.test.ts`', files: ['test/reliability/corrupt-files.test.ts'], size: cases },
  {
    label: '`ipc-fuzz.test.ts`',
    files: ['test/reliability/ipc-fuzz.test.ts'],
    size: (_, f) => `${f('payloads')} payloads over ${f('channels')} channels`,
  },
  { label: '`secret-leaks.test.ts`', files: ['test/reliability/secret-leaks.test.ts'], size: cases },
  { label: '`xss.test.ts`', files: ['test/reliability/xss.test.ts'], size: (s, f) => `${cases(s)}, ${f('payloads')} payloads` },
];

const INTEGRATION_SUITES: Suite[] = [
  {
    label: '`test/integration/cli/command-always-answers-*.test.ts`',
    files: ['refused', 'lost', 'garbled'].map((kind) => `test/integration/cli/command-always-answers-${kind}.test.ts`),
    size: (s) => `${cases(s)} in ${s.files} files side by side`,
    timeOf: 'the longest file',
  },
  { label: '`test/integration/outbox/fault-matrix.test.ts`', files: ['test/integration/outbox/fault-matrix.test.ts'], size: cases },
  { label: '`test/integration/outbox/clock-and-reconnect.test.ts`', files: ['test/integration/outbox/clock-and-reconnect.test.ts'], size: cases },
  { label: '`test/integration/outbox/disk-faults.test.ts`', files: ['test/integration/outbox/disk-faults.test.ts'], size: cases },
  { label: '`test/integration/outbox/lock.test.ts`', files: ['test/integration/outbox/lock.test.ts'], size: cases },
  {
    label: '`test/integration/outbox/simulation.test.ts` (quick)',
    files: ['test/integration/outbox/simulation.test.ts'],
    size: (s, f) => {
      const timeOf = (figure: string) => s.tests.find((test) => figure in test.figures)?.ms;
      const quick = timeOf('schedules');
      const selfTest = timeOf('schedulesBeforeFound');
      return (
        `${f('schedules')} schedules, ${f('violations')} violations (seed ${f('seed')}, ${f('writes')} writes applied once)` +
        `${quick === undefined ? '' : ` in ${duration(quick)}`}; the self-test's broken outbox found after ${f('schedulesBeforeFound')} schedules` +
        `${selfTest === undefined ? '' : ` (${duration(selfTest)})`}`
      );
    },
    timeOf: 'the file',
  },
];

/** "4.2 s", "42 s", "2 min 31 s". */
export function duration(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 10) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

const number = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });
const when = (epochMs: number) => `${new Date(epochMs).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** A figure as the page prints it; a figure the tests did not record is named as missing, never made up. */
function figureOf(figures: Figures, missing: string[]): (name: string) => string {
  return (name) => {
    const value = figures[name];
    if (value === undefined) {
      missing.push(name);
      return `(${name} not recorded)`;
    }
    return typeof value === 'number' && name !== 'seed' ? number(value) : String(value);
  };
}

/** One suite's cell: its size, its time, and its failures when it had any. */
function cell(report: VitestReport | null, suite: Suite, missing: string[]): string {
  if (report === null) return 'no report';
  const figures = suiteFigures(report, suite.files);
  if (figures === null) return 'not in the report';
  const size = suite.size(figures, figureOf(figures.figures, missing));
  const time = `${duration(figures.ms)}${suite.timeOf ? ` (${suite.timeOf})` : ''}`;
  const failed = figures.failed > 0 ? `; **${figures.failed} of ${figures.cases} failed**` : '';
  return `${size}; ${time}${failed}`;
}

/** The mode a reliability report ran in, as its tests recorded it ("full" when none did). */
function modeOf(report: VitestReport): string {
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      const mode = test.meta?.figures?.mode;
      if (typeof mode === 'string') return mode;
    }
  }
  return 'full';
}

function runLine(command: string, report: VitestReport): string {
  const tests = report.numPassedTests + report.numFailedTests;
  return `\`${command}\`, ${when(report.startTime)}: ${tests} ${tests === 1 ? 'test' : 'tests'}, ${report.numFailedTests} failed, ${duration(reportMs(report))} from the start of the run to its last test's end.`;
}

function table(header: string[], rows: string[][]): string[] {
  const escape = (text: string) => text.replace(/\|/g, '\\|');
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.map(escape).join(' | ')} |`)];
}

interface ResultsInput {
  commit: string;
  cores: number;
  node: string;
  /** The reliability suite's reports: the default run's and the quick run's, when there. */
  reliability: Array<{ command: string; report: VitestReport }>;
  integration: VitestReport | null;
  simulation: LongSimulation | null;
}

/** The page, and the figures a suite should have recorded but its report lacks. */
export function reliabilityResultsPage(input: ResultsInput): { text: string; missing: string[] } {
  const missing: string[] = [];
  const lines = [
    '# Reliability results',
    '',
    `Written by \`npm run reliability:docs\` from the reports of the last runs (commit ${input.commit}, ${input.cores} cores, Node ${input.node.replace(/^v/, '')}):`,
    'the counts are what the tests recorded, the times what the reporter measured; other work on the machine moves the times.',
    'What each suite does and what it proves: [reliability.md](reliability.md).',
    '',
    '## The reliability suite',
    '',
  ];
  if (input.reliability.length === 0) lines.push('No report: run `npm run test:reliability`.');
  else {
    for (const { command, report } of input.reliability) lines.push(`- ${modeOf(report)} run: ${runLine(command, report)}`);
    lines.push(
      '',
      ...table(
        ['suite', ...input.reliability.map(({ report }) => `${modeOf(report)} run: size; time`)],
        RELIABILITY_SUITES.map((suite) => [suite.label, ...input.reliability.map(({ report }) => cell(report, suite, missing))]),
      ),
    );
  }
  lines.push('', '## The write path in the integration project', '');
  if (input.integration === null) lines.push('No report: run `npm run test:integration`.');
  else {
    lines.push(
      `${runLine('test-results/reports/integration.json', input.integration)}`,
      'The integration project runs its files side by side (`npm run test:integration`, or these files alone), so a file takes',
      'longer with more beside it.',
      '',
      ...table(
        ['suite', 'size; time'],
        INTEGRATION_SUITES.map((suite) => [suite.label, cell(input.integration, suite, missing)]),
      ),
    );
  }
  lines.push('', '## The long simulation of the write path', '');
  const sim = input.simulation;
  if (sim === null) lines.push('No report: run `npm run test:simulation` (it writes bench/results/simulation.json).');
  else {
    lines.push(
      `\`npm run test:simulation\`${sim.finishedAt ? `, finished ${when(Date.parse(sim.finishedAt))}` : ''}: ${number(sim.schedules)} schedules in ${duration(sim.durationMs)}`,
      `(${sim.workers} ${sim.workers === 1 ? 'worker' : 'workers'} on ${sim.machine.cores} cores, ${number(sim.schedulesPerSecond)} a second, ${number(sim.cpuMsPerSchedule)} ms of CPU each,`,
      `load average ${sim.machine.loadAverage.map((load) => load.toFixed(1)).join(', ')} at the end), ${number(sim.figures.writes)} writes applied once, ${sim.violations} violations, seed ${sim.seed}.`,
    );
  }
  return { text: `${lines.join('\n')}\n`, missing };
}

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { handCopiedFigures } from '../../../scripts/reliability-results/hand-copied';
import { duration, reliabilityResultsPage } from '../../../scripts/reliability-results/page';
import { vitestReportSchema, type VitestReport } from '../../../scripts/reliability-results/reports';
import { repoRoot } from '../../support/paths';

/** A vitest JSON report of a few files, as the JSON reporter writes it (absolute paths, meta per test). */
function report(startTime: number, files: Array<{ file: string; ms: number; tests: Array<{ status?: string; ms?: number; figures?: object }> }>): VitestReport {
  const results = files.map(({ file, ms, tests }) => ({
    name: `/home/ci/statusdesk/${file}`,
    status: 'passed',
    message: '',
    startTime: startTime + 1_000,
    endTime: startTime + 1_000 + ms,
    assertionResults: tests.map((test, i) => ({
      ancestorTitles: [],
      fullName: `test ${i}`,
      title: `test ${i}`,
      status: test.status ?? 'passed',
      duration: test.ms ?? ms,
      failureMessages: [],
      meta: test.figures ? { figures: test.figures } : {},
      tags: [],
    })),
  }));
  const tests = results.flatMap((r) => r.assertionResults);
  return vitestReportSchema.parse({
    numTotalTests: tests.length,
    numPassedTests: tests.filter((t) => t.status === 'passed').length,
    numFailedTests: tests.filter((t) => t.status === 'failed').length,
    startTime,
    success: true,
    testResults: results,
  });
}

const START = Date.parse('2026-12-03T17:30:00Z');

const fullRun = report(START, [
  {
    file: 'test/reliability/fault-soak.test.ts',
    ms: 7_300,
    tests: [{ figures: { mode: 'full', seed: 421337, pages: 5, polls: 10_004, failedPercent: 19.8, scriptedChanges: 123, events: 900 } }],
  },
  { file: 'test/reliability/corrupt-files.test.ts', ms: 3_100, tests: [{}, { status: 'failed' }, {}] },
  // A report from before the crash test recorded its figures.
  { file: 'test/reliability/outbox-crash.test.ts', ms: 61_000, tests: [{}] },
]);

const quickRun = report(START + 3_600_000, [
  {
    file: 'test/reliability/fault-soak.test.ts',
    ms: 2_000,
    tests: [{ figures: { mode: 'quick', seed: 7, pages: 5, polls: 2_001, failedPercent: 20.1, scriptedChanges: 30, events: 200 } }],
  },
]);

const integration = report(START - 600_000, [
  { file: 'test/integration/outbox/fault-matrix.test.ts', ms: 85_400, tests: Array.from({ length: 219 }, () => ({ ms: 300 })) },
  { file: 'test/integration/cli/command-always-answers-refused.test.ts', ms: 151_000, tests: Array.from({ length: 19 }, () => ({})) },
  { file: 'test/integration/cli/command-always-answers-lost.test.ts', ms: 120_000, tests: Array.from({ length: 30 }, () => ({})) },
  {
    file: 'test/integration/outbox/simulation.test.ts',
    ms: 26_000,
    tests: [
      { ms: 20_700, figures: { budget: 'quick', schedules: 500, violations: 0, seed: 1015234863, writes: 1870 } },
      { ms: 4_100, figures: { schedulesBeforeFound: 23 } },
    ],
  },
]);

const simulation = {
  schedules: 100_000,
  violations: 0,
  seed: 99,
  durationMs: 509_000,
  workers: 2,
  schedulesPerSecond: 196.5,
  cpuMsPerSchedule: 8.65,
  figures: { writes: 374_000 },
  finishedAt: '2026-12-03T18:00:00.000Z',
  machine: { cores: 2, loadAverage: [3.14, 3.5, 4] },
};

function page() {
  return reliabilityResultsPage({
    commit: 'abc1234',
    cores: 2,
    node: 'v20.20.2',
    reliability: [
      { command: 'npm run test:reliability', report: fullRun },
      { command: 'npm run test:reliability:quick', report: quickRun },
    ],
    integration,
    simulation,
  });
}

describe('the reliability results page', () => {
  it("gives each suite's counts as its tests recorded them and its time as the reporter measured it, for the full and the quick run", () => {
    const { text } = page();
    expect(text).toContain('commit abc1234, 2 cores, Node 20.20.2');
    expect(text).toContain('| suite | full run: size; time | quick run: size; time |');
    expect(text).toContain(
      '| `fault-soak.test.ts` | 10,004 polls of 5 pages (19.8 % failed), 123 scripted changes, seed 421337; 7.3 s | 2,001 polls of 5 pages (20.1 % failed), 30 scripted changes, seed 7; 2.0 s |',
    );
    expect(text).toContain('- full run: `npm run test:reliability`, 2026-12-03 17:30 UTC: 5 tests, 1 failed, 1 min 02 s from the start of the run');
    expect(text).toContain('| `corrupt-files.test.ts` | 3 cases; 3.1 s; **1 of 3 failed** | not in the report |');
  });

  it('gives the write-path suites of the integration report, files that run side by side by the longest, and the long simulation', () => {
    const { text } = page();
    expect(text).toContain('`test-results/reports/integration.json`, 2026-12-03 17:20 UTC: 270 tests, 0 failed, 2 min 32 s from the start of the run');
    expect(text).toContain('| `test/integration/outbox/fault-matrix.test.ts` | 219 cases; 1 min 25 s |');
    expect(text).toContain('| `test/integration/cli/command-always-answers-*.test.ts` | 49 cases in 2 files side by side; 2 min 31 s (the longest file) |');
    expect(text).toContain(
      "500 schedules, 0 violations (seed 1015234863, 1,870 writes applied once) in 21 s; the self-test's broken outbox found after 23 schedules (4.1 s); 26 s (the file)",
    );
    expect(text).toContain('| `test/integration/outbox/lock.test.ts` | not in the report |');
    expect(text).toContain('100,000 schedules in 8 min 29 s');
    expect(text).toContain(
      '(2 workers on 2 cores, 196.5 a second, 8.65 ms of CPU each,\nload average 3.1, 3.5, 4.0 at the end), 374,000 writes applied once, 0 violations, seed 99.',
    );
  });

  it('names a figure a test did not record instead of making one up', () => {
    const { text, missing } = page();
    expect(missing).toEqual(['writes', 'kills', 'killsMidFlush']);
    expect(text).toContain('| `outbox-crash.test.ts` | (writes not recorded) writes, (kills not recorded) kills');
  });

  it('says which run to make when a report is missing', () => {
    const { text } = reliabilityResultsPage({ commit: 'abc1234', cores: 2, node: 'v20.20.2', reliability: [], integration: null, simulation: null });
    expect(text).toContain('No report: run `npm run test:reliability`.');
    expect(text).toContain('No report: run `npm run test:integration`.');
    expect(text).toContain('No report: run `npm run test:simulation`');
  });

  it('writes times as seconds, then minutes and seconds', () => {
    expect([duration(950), duration(7_340), duration(59_600), duration(85_400), duration(509_000)]).toEqual([
      '0.9 s',
      '7.3 s',
      '1 min 00 s',
      '1 min 25 s',
      '8 min 29 s',
    ]);
  });
});

describe('measured figures copied into the prose by hand', () => {
  it("are found as counts of a run and a run's times; a test's fixed parameters are not", () => {
    const prose =
      '| `fault-matrix.test.ts` | 219 cases, about 85 s under load |\n' +
      'polled at the 15 s interval; 10,000 polls, 5–10 s; a 30 s answer against the 10 s time-out, backoffs (1 s to 1 min);\n' +
      'long: 100,000 schedules in 8 min 29 s. The full run takes 1–2 minutes.';
    expect(handCopiedFigures(prose)).toEqual(['219 cases', 'about 85 s', '10,000 polls', '5–10 s', '100,000 schedules', 'in 8 min', 'takes 1–2 minutes']);
  });

  it('are none in docs/reliability.md: its figures are in the generated docs/reliability-results.md', () => {
    expect(handCopiedFigures(fs.readFileSync(path.join(repoRoot, 'docs/reliability.md'), 'utf8'))).toEqual([]);
  });
});

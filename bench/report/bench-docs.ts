import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { markdownTable, type BenchRow } from './row';

/*
 * docs/bench-results.md from the report of the last `npm run bench` (bench/results/latest.json): the figures in the
 * repository's docs come from a run, with the run's commit, machine and load, never copied by hand.
 * Run: npm run bench:docs   (after npm run bench)
 */

interface BenchReport {
  startedAt: string;
  wallSeconds: number;
  quick: boolean;
  only?: string[] | null;
  commit?: string;
  uncommitted?: boolean;
  machine: { cpus: number; cpuModel: string; node: string; platform: string; loadAverage: { atStart: number[]; atEnd: number[] } };
  rows: BenchRow[];
  unavailable: Array<{ name: string; reason: string }>;
  pass: boolean;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REPORT = path.join(root, 'bench/results/latest.json');
export const BENCH_DOC = 'docs/bench-results.md';

export function benchDoc(report: BenchReport): string {
  const when = `${report.startedAt.slice(0, 16).replace('T', ' ')} UTC`;
  const commit = report.commit ? `commit ${report.commit}${report.uncommitted ? ' with uncommitted changes' : ''}` : 'an unrecorded commit';
  const failed = report.rows.filter((row) => row.pass === false).length;
  const budgets = report.rows.filter((row) => row.pass !== null).length;
  const load = (values: number[]) => values.join(', ');
  const options = [...(report.quick ? ['--quick'] : []), ...(report.only ? ['--only', report.only.join(',')] : [])];
  const command = options.length > 0 ? `npm run bench -- ${options.join(' ')}` : 'npm run bench';
  const lines = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench:docs\` from the report of one \`${command}\`: ${commit}, ${when},`,
    `${Math.round(report.wallSeconds)} s on ${report.machine.cpus} cores (${report.machine.cpuModel}), Node ${report.machine.node.replace(/^v/, '')}, ${report.machine.platform}.`,
    `Load average (1, 5, 15 min) ${load(report.machine.loadAverage.atStart)} at the start and ${load(report.machine.loadAverage.atEnd)} at the end: other work on`,
    'the machine moves the timings, and each ratio is to a floor measured in the same run. What each row measures, and',
    'the budgets, are in [benchmarks.md](benchmarks.md) and [architecture.md](architecture.md#budgets).',
    '',
    `${budgets - failed} of ${budgets} budgets held${failed > 0 ? `; ${failed} did not (FAIL below)` : ''}.`,
    '',
    markdownTable(report.rows),
  ];
  if (report.unavailable.length > 0) {
    lines.push('', 'Not available in that run:', '', ...report.unavailable.map((u) => `- ${u.name}: ${u.reason}`));
  }
  return `${lines.join('\n')}\n`;
}

if (process.argv[1] && import.meta.url === `file://${path.resolve(process.argv[1])}`) {
  if (!fs.existsSync(REPORT)) {
    console.error(`bench:docs: no ${path.relative(root, REPORT)}; run npm run bench first.`);
    process.exit(1);
  }
  const report = JSON.parse(fs.readFileSync(REPORT, 'utf8')) as BenchReport;
  fs.writeFileSync(path.join(root, BENCH_DOC), benchDoc(report));
  console.log(`bench:docs: wrote ${BENCH_DOC} from the run of ${report.startedAt} (${report.rows.length} rows).`);
}

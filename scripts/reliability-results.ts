import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { handCopiedFigures } from './reliability-results/hand-copied';
import { reliabilityResultsPage } from './reliability-results/page';
import { longSimulationSchema, readReport, vitestReportSchema } from './reliability-results/reports';

/*
 * `npm run reliability:docs`: docs/reliability-results.md from the reports of the last runs, so the figures the
 * reliability docs give come from a run, never copied by hand:
 *
 *   test-results/reports/reliability.json         npm run test:reliability
 *   test-results/reports/reliability-quick.json   npm run test:reliability:quick (when there)
 *   test-results/reports/integration.json         npm run test:integration (or the write-path files alone)
 *   bench/results/simulation.json                 npm run test:simulation
 *
 *   npm run reliability:docs -- --reports DIR --simulation FILE --commit SHA   # reports of another checkout
 *
 * Exits 1 when the reliability report is missing, a test did not record a figure the page gives, or
 * docs/reliability.md names a measured figure of its own (scripts/reliability-results/hand-copied.ts).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS_DOC = 'docs/reliability-results.md';
const PROSE_DOC = 'docs/reliability.md';

const { values } = parseArgs({
  options: {
    reports: { type: 'string', default: path.join(root, 'test-results/reports') },
    simulation: { type: 'string', default: path.join(root, 'bench/results/simulation.json') },
    commit: { type: 'string' },
  },
  strict: true,
});

function headCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

const reliability = [
  { command: 'npm run test:reliability', file: 'reliability.json' },
  { command: 'npm run test:reliability:quick', file: 'reliability-quick.json' },
].flatMap(({ command, file }) => {
  const report = readReport(path.join(values.reports, file), vitestReportSchema);
  return report === null ? [] : [{ command, report }];
});
const problems: string[] = [];
if (reliability.length === 0) problems.push(`no reliability report in ${values.reports}: run npm run test:reliability`);

const integration = readReport(path.join(values.reports, 'integration.json'), vitestReportSchema);
const simulation = readReport(values.simulation, longSimulationSchema);
// Without these the page says which run would write them; the reliability suite's own report is a must.
if (integration === null) console.warn(`reliability:docs: no integration.json in ${values.reports} (npm run test:integration writes it)`);
if (simulation === null) console.warn(`reliability:docs: no ${values.simulation} (npm run test:simulation writes it)`);

const { text, missing } = reliabilityResultsPage({
  commit: values.commit ?? headCommit(),
  cores: os.availableParallelism(),
  node: process.version,
  reliability,
  integration,
  simulation,
});
if (missing.length > 0) problems.push(`figures the tests did not record: ${[...new Set(missing)].join(', ')}`);
const copied = handCopiedFigures(fs.readFileSync(path.join(root, PROSE_DOC), 'utf8'));
if (copied.length > 0) problems.push(`${PROSE_DOC} names measured figures of its own (they belong in ${RESULTS_DOC}): ${copied.join('; ')}`);

if (problems.length > 0) {
  for (const problem of problems) console.error(`reliability:docs: ${problem}`);
  process.exitCode = 1;
} else {
  fs.writeFileSync(path.join(root, RESULTS_DOC), text);
  console.log(`reliability:docs: wrote ${RESULTS_DOC}`);
}

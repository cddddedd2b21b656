import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { cliStartRows, dashboardSyncRows, monitorRows, outboxRows, renderRows, rendererSizeRows, translationRows } from './report/rows-of';
import { markdownTable, textTable, type BenchRow } from './report/row';

/*
 * `npm run bench`: every benchmark, one after the other (they measure CPU and time, so never side by
 * side), each printed as a ratio against a floor measured in the same run with the docs/architecture.md budget and
 * pass/fail, then written to bench/results/latest.json (and the table as Markdown beside it).
 *
 *   npm run bench                  # ≈ 3½ min: the monitor load runs 2.5 min of real time
 *   npm run bench -- --quick       # ≈ 1½ min: the load at a 4× clock for 2 monitor minutes, fewer repeats
 *   npm run bench -- --only monitor,render
 *   npm run soak                   # the month in the tray alone (≈ 2½ min), exit 1 when anything still grows
 *
 * A benchmark that cannot run (not built yet by its owner, or failing) is reported as not available with
 * its reason; the others still run. Exit code 1 when any budget fails or any benchmark is unavailable.
 */

const NAMES = [
  'monitor',
  'outbox',
  'outbox-months',
  'outbox-offline',
  'translation',
  'renderer-size',
  'render',
  'dashboard-sync',
  'cli-start',
  'provider-pages',
  'provider-catalogue',
  'large-page',
  'history',
  'alerts-flood',
  'month-soak',
] as const;
type BenchName = (typeof NAMES)[number];

interface Unavailable {
  name: BenchName;
  reason: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const resultsDir = path.join(here, 'results');

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    skip: { type: 'string' },
  },
  strict: true,
});
const list = (text: string | undefined) =>
  new Set(
    (text ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
const only = list(values.only);
const skip = list(values.skip);
for (const name of [...only, ...skip])
  if (!(NAMES as readonly string[]).includes(name)) throw new Error(`unknown benchmark "${name}" (known: ${NAMES.join(', ')})`);
const wanted = NAMES.filter((n) => (only.size === 0 || only.has(n)) && !skip.has(n));
const quick = values.quick;

const log = (line: string) => console.error(`bench: ${line}`);
const rows: BenchRow[] = [];
const results: Record<string, unknown> = {};
const unavailable: Unavailable[] = [];
const timings: Record<string, number> = {};

async function run(name: BenchName, body: () => Promise<BenchRow[]>): Promise<void> {
  if (!wanted.includes(name)) return;
  log(`${name}…`);
  const started = performance.now();
  try {
    rows.push(...(await body()));
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    unavailable.push({ name, reason });
    rows.push({
      benchmark: `${name}: not available`,
      result: null,
      unit: '',
      resultText: 'not available',
      floor: null,
      floorLabel: reason.slice(0, 120),
      ratio: null,
      budget: '—',
      budgetSource: 'none',
      pass: null,
    });
    log(`${name} is not available: ${reason}`);
  }
  timings[name] = Math.round((performance.now() - started) / 100) / 10;
  log(`${name} done in ${timings[name]} s`);
}

const startedAt = new Date();
/** The commit measured, and whether the working tree differed from it (then the figures are not of that commit alone). */
function measuredCommit(): { commit: string; uncommitted: boolean } {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const uncommitted = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim() !== '';
    return { commit, uncommitted };
  } catch {
    return { commit: 'unknown', uncommitted: false };
  }
}
const measured = measuredCommit();
// Other work on the machine skews timings: the load average is kept with the figures.
const loadAtStart = os.loadavg().map((l) => Math.round(l * 100) / 100);

await run('monitor', async () => {
  const { runMonitorBench } = await import('./monitor.bench');
  const result = await runMonitorBench({
    iterations: quick ? 2_000 : 4_000,
    ...(quick ? { minutes: 2, timeScale: 4 } : {}),
    log: (line) => log(`monitor: ${line}`),
  });
  results.monitor = result;
  return monitorRows(result);
});

await run('outbox', async () => {
  // Being finished by another engineer: a missing or broken module is reported, not fatal.
  const { runOutboxBench } = await import('./outbox.bench');
  const result = await runOutboxBench();
  results.outbox = result;
  return outboxRows(result);
});

await run('outbox-months', async () => {
  const { runOutboxMonthsBench } = await import('./outbox-months.bench');
  const { outboxMonthsRows } = await import('./report/outbox-months-rows');
  const result = await runOutboxMonthsBench({ ...(quick ? { sends: 1_000, runs: 5 } : {}), log: (line) => log(`outbox-months: ${line}`) });
  results.outboxMonths = result;
  return outboxMonthsRows(result);
});

await run('outbox-offline', async () => {
  const { runOutboxOfflineBench } = await import('./outbox-offline.bench');
  const { outboxOfflineRows } = await import('./report/outbox-offline-rows');
  const result = await runOutboxOfflineBench(quick ? { runs: 5 } : {});
  results.outboxOffline = result;
  return outboxOfflineRows(result);
});

await run('translation', async () => {
  const { runTranslationBench } = await import('./translation.bench');
  const result = await runTranslationBench();
  results.translation = result;
  return translationRows(result);
});

await run('renderer-size', async () => {
  const { runRendererSizeBench } = await import('./renderer-size.bench');
  const result = await runRendererSizeBench();
  if (result.built) log('renderer-size: out/renderer was missing, built it first');
  results.rendererSize = result;
  return rendererSizeRows(result);
});

await run('render', async () => {
  const { runRenderBench } = await import('./render.bench');
  const result = await runRenderBench({ runs: quick ? 3 : 5 });
  results.render = result;
  return renderRows(result);
});

await run('dashboard-sync', async () => {
  const { runDashboardSyncBench } = await import('./dashboard-sync.bench');
  const result = await runDashboardSyncBench(quick ? { minutes: 2, timeScale: 12 } : {});
  results.dashboardSync = result;
  return dashboardSyncRows(result);
});

await run('cli-start', async () => {
  const { runCliStartBench } = await import('./cli-start.bench');
  const result = await runCliStartBench({ runs: quick ? 7 : 15 });
  results.cliStart = result;
  return cliStartRows(result);
});

await run('provider-pages', async () => {
  const { runProviderPagesBench } = await import('./provider-pages.bench');
  const { providerPagesRows } = await import('./report/provider-rows');
  const result = await runProviderPagesBench({ intervals: quick ? 2 : 3, timeScale: quick ? 12 : 6, log: (line) => log(`provider-pages: ${line}`) });
  results.providerPages = result;
  return providerPagesRows(result);
});

await run('provider-catalogue', async () => {
  const { runProviderPagesBench } = await import('./provider-pages.bench');
  const { providerPagesRows } = await import('./report/provider-rows');
  const result = await runProviderPagesBench({
    name: 'provider-catalogue',
    ...(quick ? { intervals: 2, timeScale: 30 } : {}),
    log: (line) => log(`provider-catalogue: ${line}`),
  });
  results.providerCatalogue = result;
  return providerPagesRows(result);
});

await run('large-page', async () => {
  const { runLargePageBench } = await import('./large-page.bench');
  const { largePageRows } = await import('./report/large-page-rows');
  const result = await runLargePageBench({ runs: quick ? 1 : 3, log: (line) => log(`large-page: ${line}`) });
  results.largePage = result;
  return largePageRows(result);
});

await run('history', async () => {
  const { runHistoryBench } = await import('./history.bench');
  const { historyRows } = await import('./report/history-rows');
  const result = await runHistoryBench({ log: (line) => log(`history: ${line}`) });
  results.history = result;
  return historyRows(result);
});

await run('alerts-flood', async () => {
  const { runAlertsFloodBench } = await import('./alerts-flood.bench');
  const { alertsFloodRows } = await import('./report/alerts-flood-rows');
  const result = await runAlertsFloodBench({ rounds: quick ? 1 : 3, log: (line) => log(`alerts-flood: ${line}`) });
  results.alertsFlood = result;
  return alertsFloodRows(result);
});

await run('month-soak', async () => {
  const { runMonthSoak } = await import('./soak/month-soak.bench');
  const { monthSoakRows } = await import('./report/month-soak-rows');
  const result = await runMonthSoak({ days: quick ? 14 : 30, log: (line) => log(`month-soak: ${line}`) });
  results.monthSoak = result;
  return monthSoakRows(result);
});

const failed = rows.filter((r) => r.pass === false);
const pass = failed.length === 0 && unavailable.length === 0;
const report = {
  startedAt: startedAt.toISOString(),
  wallSeconds: Math.round((Date.now() - startedAt.getTime()) / 100) / 10,
  quick,
  only: wanted.length === NAMES.length ? null : wanted,
  ...measured,
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    node: process.version,
    platform: `${process.platform} ${os.release()}`,
    loadAverage: { atStart: loadAtStart, atEnd: os.loadavg().map((l) => Math.round(l * 100) / 100) },
  },
  timingsSeconds: timings,
  rows,
  unavailable,
  results,
  pass,
};

fs.mkdirSync(resultsDir, { recursive: true });
fs.writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
fs.writeFileSync(path.join(resultsDir, 'latest.md'), `${markdownTable(rows)}\n`);

console.log(textTable(rows));
console.log('');
for (const u of unavailable) console.log(`not available: ${u.name}: ${u.reason}`);
console.log(
  `load average (1, 5, 15 min) at start ${loadAtStart.join(' ')}, at end ${report.machine.loadAverage.atEnd.join(' ')} on ${report.machine.cpus} cores`,
);
console.log(
  `${pass ? 'all budgets hold' : `${failed.length} budget(s) failed${unavailable.length ? `, ${unavailable.length} benchmark(s) not available` : ''}`} · ${report.wallSeconds} s · bench/results/latest.json`,
);
process.exitCode = pass ? 0 : 1;

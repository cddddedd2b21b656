import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { ProviderStats } from '../simulators/provider';
import { PROVIDER_FORMATS } from '../shared/monitor/provider/provider-format';
import { runLoadChild, runPhase, type PhaseResult } from './provider/load-child';
import { runSimChild, startSimChild, stopChild, type BenchPage, type Runner } from './provider/sim-child';

/*
 * Provider pages in a mix of formats (Statuspage, incident.io, Instatus, status.io, Cachet, Atom feed:
 * one in six each) against the 304-capable provider simulator, two rows of one mechanism:
 *   provider-pages:     500 pages at 60 s;
 *   provider-catalogue: 3,000 pages at 300 s (a whole catalogue watched).
 * Two phases of the same length run side by side, each in its own process against its own simulator (a
 * child whose CPU is not counted), so both meet the same machine load (bench/provider/load-child.ts):
 * the floor, a bare loop of the same conditional GETs, and the monitor, MonitorService with the pages.
 * Rows: requests per page per interval (floor: 1), bytes on the wire per unchanged poll against the
 * headers of a 200 (the goal: headers only, so ≤ 1×; the body it saves is shown beside), CPU and RSS
 * as ratios against the floor. A scaled clock plays the intervals faster (×6: 60 s in 10 s).
 */

export type ProviderRowName = 'provider-pages' | 'provider-catalogue';

export interface ProviderBudgets {
  requestsPerPagePerInterval: [number, number];
  bytesRatio: number;
  cpuRatio: number;
  /** Of one core, on the monitor's clock; null: none. */
  cpuPercent: number | null;
  rssMb: number;
  /** Where the CPU budget is written: docs/architecture.md, or ours. */
  cpuBudgetSource: 'architecture' | 'ours';
}

export interface ProviderBenchOptions {
  name?: ProviderRowName;
  pages?: number;
  intervalSec?: number;
  /** Steady intervals measured after one warm-up interval. */
  intervals?: number;
  timeScale?: number;
  log?: (line: string) => void;
}

export interface ProviderBenchResult {
  name: ProviderRowName;
  pages: number;
  intervalSec: number;
  timeScale: number;
  floor: PhaseResult;
  monitor: PhaseResult;
  wire: { notModifiedBytesPerPoll: number; fullHeaderBytesPerPoll: number; fullBodyBytesPerPoll: number; fullBodiesDuringSteady: number };
  ratios: { requests: number; bytesPerUnchangedPoll: number; cpu: number; rss: number };
  budgets: ProviderBudgets;
  pass: boolean;
}

/** Each row's pages, interval, clock and budgets (docs/architecture.md). */
export const PROVIDER_ROWS: Record<ProviderRowName, { pages: number; intervalSec: number; intervals: number; timeScale: number; budgets: ProviderBudgets }> = {
  'provider-pages': {
    pages: 500,
    intervalSec: 60,
    intervals: 3,
    timeScale: 6,
    budgets: { requestsPerPagePerInterval: [0.9, 1.1], bytesRatio: 1, cpuRatio: 3, cpuPercent: 1, rssMb: 120, cpuBudgetSource: 'ours' },
  },
  // 300 s in 30 s: 100 requests a second of real time each side, a run of about 2½ minutes.
  'provider-catalogue': {
    pages: 3_000,
    intervalSec: 300,
    intervals: 3,
    timeScale: 10,
    budgets: { requestsPerPagePerInterval: [0.9, 1.1], bytesRatio: 1, cpuRatio: 1.5, cpuPercent: null, rssMb: 150, cpuBudgetSource: 'architecture' },
  },
};

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Plain Node on an esbuild bundle of this file (tsx's loader costs CPU that is not the monitor's), else tsx. */
async function runnerOf(dir: string): Promise<Runner> {
  try {
    const esbuild = await import('esbuild');
    const outfile = path.join(dir, 'provider-bench.mjs');
    await esbuild.build({
      entryPoints: [fileURLToPath(import.meta.url)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile,
      external: ['esbuild'],
      logLevel: 'silent',
    });
    // STATUSDESK_BENCH_NODE_FLAGS, e.g. "--cpu-prof": to look inside the load processes.
    const flags = (process.env.STATUSDESK_BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
    return { command: process.execPath, args: [...flags, outfile] };
  } catch {
    return { command: process.execPath, args: ['--import', 'tsx', fileURLToPath(import.meta.url)] };
  }
}

export async function runProviderPagesBench(options: ProviderBenchOptions = {}): Promise<ProviderBenchResult> {
  const name = options.name ?? 'provider-pages';
  const preset = PROVIDER_ROWS[name];
  const log = options.log ?? (() => undefined);
  const pages = options.pages ?? preset.pages;
  const intervalSec = options.intervalSec ?? preset.intervalSec;
  const intervals = options.intervals ?? preset.intervals;
  const timeScale = options.timeScale ?? preset.timeScale;
  const budgets = preset.budgets;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'statusdesk-provider-bench-'));
  try {
    const runner = await runnerOf(dir);
    // One simulator each: the monitor's counts only the monitor's requests.
    const sims = await Promise.all([startSimChild(runner, pages), startSimChild(runner, pages)]);
    try {
      const [floorSim, monitorSim] = sims;
      const common = (urls: BenchPage[]) => ({ urls, intervalSec, intervals, timeScale });
      log(
        `${pages} provider pages (${PROVIDER_FORMATS.join(', ')}), ${intervalSec} s, ${intervals} steady intervals at clock ×${timeScale}: floor and monitor side by side…`,
      );
      const [floor, monitor] = await Promise.all([
        runPhase(runner, { phase: 'floor', ...common(floorSim!.urls) }),
        runPhase(runner, { phase: 'monitor', ...common(monitorSim!.urls) }),
      ]);
      const stats = (await monitorSim!.ask('stats')) as ProviderStats;
      const wire = {
        notModifiedBytesPerPoll: round(stats.notModifiedWireBytes / Math.max(1, stats.notModified), 1),
        fullHeaderBytesPerPoll: round(stats.fullHeaderWireBytes / Math.max(1, stats.full), 1),
        fullBodyBytesPerPoll: round(stats.bodyBytes / Math.max(1, stats.full), 1),
        fullBodiesDuringSteady: monitor.fullSteady,
      };
      const ratios = {
        requests: round(monitor.requestsPerPagePerInterval / 1),
        bytesPerUnchangedPoll: round(wire.notModifiedBytesPerPoll / wire.fullHeaderBytesPerPoll),
        cpu: round(monitor.cpuPercentSteadyPerRealTime / Math.max(floor.cpuPercentSteadyPerRealTime, 1e-6)),
        rss: round(monitor.rssMbMax / floor.rssMbMax),
      };
      const [low, high] = budgets.requestsPerPagePerInterval;
      const pass =
        monitor.requestsPerPagePerInterval >= low &&
        monitor.requestsPerPagePerInterval <= high &&
        ratios.bytesPerUnchangedPoll <= budgets.bytesRatio &&
        monitor.fullSteady === 0 &&
        ratios.cpu <= budgets.cpuRatio &&
        (budgets.cpuPercent === null || monitor.cpuPercentSteadyPerRealTime < budgets.cpuPercent) &&
        monitor.rssMbMax < budgets.rssMb;
      return { name, pages, intervalSec, timeScale, floor, monitor, wire, ratios, budgets, pass };
    } finally {
      await Promise.all(sims.map((sim) => stopChild(sim.child)));
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { values } = parseArgs({
    options: {
      'sim-child': { type: 'boolean', default: false },
      'load-child': { type: 'boolean', default: false },
      row: { type: 'string' },
      phase: { type: 'string' },
      'urls-file': { type: 'string' },
      pages: { type: 'string' },
      'interval-sec': { type: 'string' },
      intervals: { type: 'string' },
      'time-scale': { type: 'string' },
    },
    strict: true,
  });
  const num = (value: string | undefined) => (value === undefined ? undefined : Number(value));
  if (values['sim-child']) {
    await runSimChild(num(values.pages) ?? 500);
  } else if (values['load-child']) {
    const result = await runLoadChild({
      phase: values.phase === 'floor' ? 'floor' : 'monitor',
      urls: JSON.parse(fs.readFileSync(values['urls-file']!, 'utf8')) as BenchPage[],
      intervalSec: num(values['interval-sec'])!,
      intervals: num(values.intervals)!,
      timeScale: num(values['time-scale'])!,
    });
    process.stdout.write(`${JSON.stringify(result)}\n`);
    process.exit(0);
  } else {
    const result = await runProviderPagesBench({
      name: values.row === 'provider-catalogue' ? 'provider-catalogue' : 'provider-pages',
      pages: num(values.pages),
      intervalSec: num(values['interval-sec']),
      intervals: num(values.intervals),
      timeScale: num(values['time-scale']),
      log: (line) => console.error(line),
    });
    console.log(JSON.stringify(result, null, 2));
    if (!result.pass) process.exitCode = 1;
  }
}

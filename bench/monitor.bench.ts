import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { PageTracker } from '../electron/core/monitor/page-tracker';
import { watchedPageSchema, type WatchedPage } from '../shared/monitor/watched-page';
import { runMonitorLoad, type MonitorLoadResult } from './monitor-load';

/*
 * Monitor benchmark (docs/architecture.md budgets): a healthy poll costs one request per page per interval
 * and normalise + diff within 1.5x of JSON.parse of the same body; 500 pages at 60 s cost at most
 * 3x the CPU of a bare loop of the same requests, and under 120 MB RSS.
 *
 * (a) Poll cost on the largest real capture (exoscale-vie2-maintenance-critical.json): the
 *     monitor's own path (PageTracker.recordBody) for a changed body (parse + normalise + diff)
 *     and for a byte-identical body (the shortcut), against JSON.parse of the same bodies.
 *     Interleaved rounds after a warm-up, median per operation.
 * (b) Load (monitor-load.ts): 500 pages seeded from the real captures, at a 60 s interval on a real clock (or a
 *     scaled one with --time-scale), in three processes side by side: a bare loop of the same GETs (the
 *     floor), the app's monitor core in the tray (no window) and with its window open. Each row is the
 *     core's CPU as a ratio to the floor's, measured under the same machine load (docs/architecture.md: ≤ 3×).
 *
 * Run: npx tsx bench/monitor.bench.ts [--minutes 2.5] [--pages 500] [--interval-sec 60]
 *      [--time-scale 1] [--iterations 4000] [--skip-load] [--changes-per-minute 6]
 */

export interface MonitorBenchOptions {
  /** Operations per case in (a). */
  iterations?: number;
  pages?: number;
  intervalSec?: number;
  /** Monitor-time minutes of (b). */
  minutes?: number;
  /** >1 runs the monitor's clock faster than real time (CPU is then per real second). */
  timeScale?: number;
  /** Incidents opened per monitor-time minute on random pages (each resolved 1.5 intervals later). */
  changesPerMinute?: number;
  skipLoad?: boolean;
  log?: (line: string) => void;
}

export interface PollCostCase {
  /** Median µs per operation. */
  jsonParseUs: number;
  monitorUs: number;
  /** monitorUs / jsonParseUs. */
  ratio: number;
}

export interface MonitorBenchResult {
  name: 'monitor';
  pollCost: {
    fixture: string;
    bodyBytes: number;
    iterations: number;
    /** One maintenance update and one service level changed: the usual real change. */
    changed: PollCostCase & { normaliseDiffUs: number; normaliseDiffRatio: number };
    /** Another capture of the same page with a dozen changes (network-degraded ↔ critical). */
    changedHeavy: PollCostCase & { normaliseDiffUs: number; normaliseDiffRatio: number };
    /** Byte-identical body: no parse, normalise or diff. */
    unchanged: PollCostCase;
  };
  load: MonitorLoadResult | null;
  budgets: { pollCostRatio: number; cpuRatio: number; rssMb: number; requestsPerPagePerInterval: [number, number] };
  pass: boolean;
}

const BUDGETS: MonitorBenchResult['budgets'] = { pollCostRatio: 1.5, cpuRatio: 3, rssMb: 120, requestsPerPagePerInterval: [0.9, 1.1] };

const here = path.dirname(fileURLToPath(import.meta.url));
const fixturesDir = path.resolve(here, '../../shared/fixtures/statuspal-real');
const LARGEST = 'exoscale-vie2-maintenance-critical.json';

function readFixture(name: string): string {
  return fs.readFileSync(path.join(fixturesDir, name), 'utf8');
}

/** A separate string with the same bytes, as a fresh HTTP response would be (no pointer-equal shortcut). */
function copyOf(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function round(value: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

// ---------------------------------------------------------------- (a) poll cost

const benchPage: WatchedPage = watchedPageSchema.parse({ id: '00000000-0000-4000-8000-00000000b001', region: 'eu', subdomain: 'exoscalestatus' });
const RULES = { staleAfterFailures: 3, staleAfterIntervals: 3 };

/** The largest capture with one new update on its maintenance and one more service in maintenance. */
function typicalChangeOf(body: string): string {
  const json = JSON.parse(body);
  const maintenance = json.maintenances[0];
  maintenance.updates.unshift({
    ...maintenance.updates[0],
    id: 99_999_999,
    type: 'update',
    description: 'Work is progressing as planned.',
    posted_at: '2025-10-17T12:30:00',
  });
  const zag = json.services.find((s: { name: string }) => s.name === 'HR-ZAG-1');
  zag.children[0].current_incident_type = 'emergency-maintenance';
  return JSON.stringify(json);
}

interface Measured {
  parse: number;
  monitor: number;
  normaliseDiff: number;
}

/**
 * Alternates the tracker between bodies A and B (every poll is a change), and times JSON.parse
 * of the same bodies. normalise+diff = monitor path minus its own JSON.parse.
 */
function measureChanged(a: string, b: string, iterations: number, rounds: number): Measured {
  const tracker = new PageTracker(benchPage, 0, RULES);
  const copiesA = Array.from({ length: 8 }, () => copyOf(a));
  const copiesB = Array.from({ length: 8 }, () => copyOf(b));
  let sink = 0;
  let at = 0;
  const parseRun = (n: number) => {
    const t = performance.now();
    for (let i = 0; i < n; i++) sink += (JSON.parse(i & 1 ? copiesB[i & 7]! : copiesA[i & 7]!) as object) ? 1 : 0;
    return (performance.now() - t) / n;
  };
  const monitorRun = (n: number) => {
    const t = performance.now();
    for (let i = 0; i < n; i++) sink += tracker.recordBody(i & 1 ? copiesB[i & 7]! : copiesA[i & 7]!, (at += 60_000)).events.length;
    return (performance.now() - t) / n;
  };
  tracker.recordBody(copiesB[0]!, 0);
  const warm = Math.max(200, Math.floor(iterations / 4));
  parseRun(warm);
  monitorRun(warm);
  const per = Math.max(2, Math.floor(iterations / rounds) & ~1);
  const parses: number[] = [];
  const monitors: number[] = [];
  for (let r = 0; r < rounds; r++) {
    parses.push(parseRun(per));
    monitors.push(monitorRun(per));
  }
  if (sink === -1) console.log(sink);
  const parse = median(parses);
  const monitor = median(monitors);
  return { parse, monitor, normaliseDiff: Math.max(0, monitor - parse) };
}

function measureUnchanged(body: string, iterations: number, rounds: number): Measured {
  const tracker = new PageTracker(benchPage, 0, RULES);
  const copies = Array.from({ length: 8 }, () => copyOf(body));
  tracker.recordBody(copies[0]!, 0);
  let sink = 0;
  let at = 0;
  const parseRun = (n: number) => {
    const t = performance.now();
    for (let i = 0; i < n; i++) sink += (JSON.parse(copies[i & 7]!) as object) ? 1 : 0;
    return (performance.now() - t) / n;
  };
  const monitorRun = (n: number) => {
    const t = performance.now();
    for (let i = 0; i < n; i++) sink += tracker.recordBody(copies[i & 7]!, (at += 60_000)).events.length;
    return (performance.now() - t) / n;
  };
  parseRun(200);
  monitorRun(200);
  const per = Math.max(1, Math.floor(iterations / rounds));
  const parses: number[] = [];
  const monitors: number[] = [];
  for (let r = 0; r < rounds; r++) {
    parses.push(parseRun(per));
    monitors.push(monitorRun(per));
  }
  if (sink === -1) console.log(sink);
  return { parse: median(parses), monitor: median(monitors), normaliseDiff: 0 };
}

function pollCost(iterations: number): MonitorBenchResult['pollCost'] {
  const body = readFixture(LARGEST);
  const rounds = 15;
  const typical = measureChanged(body, typicalChangeOf(body), iterations, rounds);
  const heavy = measureChanged(readFixture('exoscale-network-degraded.json'), body, iterations, rounds);
  const same = measureUnchanged(body, iterations * 4, rounds);
  const us = (ms: number) => round(ms * 1000, 2);
  const changedCase = (m: Measured) => ({
    jsonParseUs: us(m.parse),
    monitorUs: us(m.monitor),
    ratio: round(m.monitor / m.parse),
    normaliseDiffUs: us(m.normaliseDiff),
    normaliseDiffRatio: round(m.normaliseDiff / m.parse),
  });
  return {
    fixture: LARGEST,
    bodyBytes: Buffer.byteLength(body),
    iterations,
    changed: changedCase(typical),
    changedHeavy: changedCase(heavy),
    unchanged: { jsonParseUs: us(same.parse), monitorUs: us(same.monitor), ratio: round(same.monitor / same.parse, 4) },
  };
}

/** The load's budgets: the core's CPU within 3× the bare requests' (tray and window), its RSS, one request per page. */
export function loadHolds(load: MonitorLoadResult, budgets: MonitorBenchResult['budgets']): boolean {
  const [low, high] = budgets.requestsPerPagePerInterval;
  const core = [load.tray, load.window];
  return (
    load.cpuRatio.tray <= budgets.cpuRatio &&
    load.cpuRatio.window <= budgets.cpuRatio &&
    core.every((phase) => phase.rssMbMax < budgets.rssMb && phase.requestsPerPagePerInterval >= low && phase.requestsPerPagePerInterval <= high)
  );
}

export async function runMonitorBench(options: MonitorBenchOptions = {}): Promise<MonitorBenchResult> {
  const log = options.log ?? (() => undefined);
  const iterations = options.iterations ?? 4_000;
  log(`poll cost: ${iterations} iterations per case on ${LARGEST}`);
  const cost = pollCost(iterations);
  const loadResult = options.skipLoad
    ? null
    : await runMonitorLoad(
        {
          pages: options.pages ?? 500,
          intervalSec: options.intervalSec ?? 60,
          minutes: options.minutes ?? 2.5,
          timeScale: options.timeScale ?? 1,
          changesPerMinute: options.changesPerMinute ?? 6,
        },
        log,
      );
  const costOk =
    cost.changed.normaliseDiffRatio <= BUDGETS.pollCostRatio &&
    cost.changedHeavy.normaliseDiffRatio <= BUDGETS.pollCostRatio &&
    cost.unchanged.ratio <= BUDGETS.pollCostRatio;
  const loadOk = loadResult === null || loadHolds(loadResult, BUDGETS);
  return { name: 'monitor', pollCost: cost, load: loadResult, budgets: BUDGETS, pass: costOk && loadOk };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { values } = parseArgs({
    options: {
      pages: { type: 'string' },
      'interval-sec': { type: 'string' },
      minutes: { type: 'string' },
      'time-scale': { type: 'string' },
      iterations: { type: 'string' },
      'changes-per-minute': { type: 'string' },
      'skip-load': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const num = (value: string | undefined) => (value === undefined ? undefined : Number(value));
  const result = await runMonitorBench({
    pages: num(values.pages),
    intervalSec: num(values['interval-sec']),
    minutes: num(values.minutes),
    timeScale: num(values['time-scale']),
    iterations: num(values.iterations),
    changesPerMinute: num(values['changes-per-minute']),
    skipLoad: values['skip-load'],
    log: (line) => console.error(line),
  });
  console.log(JSON.stringify(result, null, 2));
  if (!result.pass) process.exitCode = 1;
}

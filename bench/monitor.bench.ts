import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createScaledClock, systemClock } from '../electron/services/monitor/clock';
import { EventHistory, historyFilePath } from '../electron/services/monitor/event-history';
import { MonitorService } from '../electron/services/monitor/monitor-service';
import { PageTracker } from '../electron/services/monitor/page-tracker';
import { baseUrlOfPage, createSummaryFetcher } from '../electron/services/monitor/summary-fetcher';
import { SignalHub } from '../electron/services/monitor/system-signals';
// Only the small HTTP control client here: the simulator itself runs (and is loaded) in the child.
import { createSimulatorControlClient } from '../electron/services/simulators/statuspage/control-client';
import { SlidingWindowRateLimiter } from '../electron/services/statuspage/rate-limiter';
import { watchedPageSchema, type WatchedPage } from '../shared/monitor/watched-page';

/*
 * Monitor benchmark (DESIGN.md budgets): a healthy poll costs one request per page per interval
 * and normalise + diff within 1.5x of JSON.parse of the same body; 500 pages at 60 s cost under
 * 1 % of one core and under 120 MB RSS.
 *
 * (a) Poll cost on the largest real capture (exoscale-vie2-maintenance-critical.json): the
 *     monitor's own path (PageTracker.recordBody) for a changed body (parse + normalise + diff)
 *     and for a byte-identical body (the shortcut), against JSON.parse of the same bodies.
 *     Interleaved rounds after a warm-up, median per operation.
 * (b) Load: 500 pages seeded from the real captures in a simulator running in a child process
 *     (its CPU is not ours), polled by a MonitorService in this process at a 60 s interval on a
 *     real clock (or a scaled one with --time-scale). CPU and RSS are this process's; requests
 *     come from the simulator's counter. The steady window starts after the first interval, so
 *     the start-up burst (500 first polls) is reported apart.
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
  load: null | {
    /** What ran the monitor process: plain Node on a bundle (as in the app), or tsx. */
    runtime: 'node' | 'tsx';
    pages: number;
    intervalSec: number;
    minutes: number;
    timeScale: number;
    wallSeconds: number;
    /** Whole run, start-up burst included, % of one core. */
    cpuPercent: number;
    /** After the first interval. */
    cpuPercentSteady: number;
    /** cpuPercentSteady / timeScale: the cost at real speed. */
    cpuPercentSteadyPerRealTime: number;
    /** Right after start-up, before any page: Node, zod and the monitor's code. */
    rssMbBaseline: number;
    rssMbMax: number;
    rssMbEnd: number;
    heapUsedMbEnd: number;
    requestsSteady: number;
    requestsPerPagePerInterval: number;
    failedPolls: number;
    staleAtEnd: number;
    events: number;
    notifications: number;
    scriptedChanges: number;
  };
  budgets: { pollCostRatio: number; cpuPercent: number; rssMb: number; requestsPerPagePerInterval: [number, number] };
  pass: boolean;
}

const BUDGETS: MonitorBenchResult['budgets'] = { pollCostRatio: 1.5, cpuPercent: 1, rssMb: 120, requestsPerPagePerInterval: [0.9, 1.1] };

const here = path.dirname(fileURLToPath(import.meta.url));
const fixturesDir = path.resolve(here, '../../shared/fixtures/statuspal-real');
const LARGEST = 'exoscale-vie2-maintenance-critical.json';
const FIXTURES = [
  'exoscale-operational.json',
  'exoscale-network-degraded.json',
  'exoscale-recent-incident-closed.json',
  'exoscale-vie2-maintenance-critical.json',
  'maintenance-ongoing-with-incident.json',
  'peak-customer-api-down.json',
];

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

// ---------------------------------------------------------------- (b) load

interface SimChild {
  child: ChildProcess;
  origin: string;
  baseUrl: string;
}

/** Starts this file as the simulator in a child process; resolves once it listens. */
async function startSimChild(pages: number, timeScale: number): Promise<SimChild> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--sim-child', '--pages', String(pages), '--time-scale', String(timeScale)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout! });
  const ready = await new Promise<{ origin: string; baseUrl: string }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`simulator child exited early (${code})`)));
    lines.once('line', (line) => resolve(JSON.parse(line)));
  });
  return { child, ...ready };
}

function simSubdomain(index: number): string {
  return `page-${String(index).padStart(3, '0')}`;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Child side: 500 pages from the real captures (shifted to now), on a real-time clock. */
async function runSimChild(pages: number, timeScale: number): Promise<void> {
  const { startStatusPageSimulator } = await import('../electron/services/simulators/statuspage');
  const sim = await startStatusPageSimulator({
    seed: 'empty',
    // The service's 100 requests / 10 s, in monitor time when the clock is scaled.
    rateLimit: { limit: 100, windowMs: 10_000 / timeScale },
  });
  const docs = FIXTURES.map((name) => JSON.parse(readFixture(name)) as unknown);
  for (let i = 0; i < pages; i++) sim.seedSummary(docs[i % docs.length], { subdomain: simSubdomain(i), shiftToNow: true });
  process.stdout.write(`${JSON.stringify({ origin: sim.origin, baseUrl: sim.baseUrl })}\n`);
  const stop = () => void sim.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

interface LoadOptions {
  pages: number;
  intervalSec: number;
  minutes: number;
  timeScale: number;
  changesPerMinute: number;
}

type LoadResult = NonNullable<MonitorBenchResult['load']>;

/**
 * The monitor's process. tsx alone costs ~0.5 % of a core while idle (its loader), which is not
 * the monitor's and would not exist in the built app: so the monitor side runs as plain Node on
 * an esbuild bundle of this file (esbuild ships with tsx and vite). Without esbuild it falls back
 * to tsx and says so in `runtime`.
 */
async function monitorRunner(dir: string): Promise<{ command: string; args: string[]; runtime: LoadResult['runtime'] }> {
  try {
    const esbuild = await import('esbuild');
    const outfile = path.join(dir, 'monitor-load.mjs');
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
    // STATUSDESK_BENCH_NODE_FLAGS, e.g. "--cpu-prof": to look inside the monitor process.
    const flags = (process.env.STATUSDESK_BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
    return { command: process.execPath, args: [...flags, outfile], runtime: 'node' };
  } catch {
    return { command: process.execPath, args: ['--import', 'tsx', fileURLToPath(import.meta.url)], runtime: 'tsx' };
  }
}

async function load(options: LoadOptions, log: (line: string) => void): Promise<LoadResult> {
  const sim = await startSimChild(options.pages, options.timeScale);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'statusdesk-monitor-bench-'));
  try {
    const runner = await monitorRunner(dir);
    log(
      `load: ${options.pages} pages, ${options.intervalSec} s interval, ${options.minutes} min at time scale ${options.timeScale}, monitor on ${runner.runtime}`,
    );
    const args = [
      ...runner.args,
      '--monitor-child',
      '--origin',
      sim.origin,
      '--base-url',
      sim.baseUrl,
      '--data-dir',
      dir,
      '--pages',
      String(options.pages),
      '--interval-sec',
      String(options.intervalSec),
      '--minutes',
      String(options.minutes),
      '--time-scale',
      String(options.timeScale),
      '--changes-per-minute',
      String(options.changesPerMinute),
    ];
    const child = spawn(runner.command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`monitor child failed (${code})`);
    return { ...(JSON.parse(output.trim().split('\n').at(-1)!) as Omit<LoadResult, 'runtime'>), runtime: runner.runtime };
  } finally {
    await stopChild(sim.child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Monitor child: polls the simulator's pages and reports its own CPU, memory and request counts. */
async function runLoadChild(options: LoadOptions & { origin: string; baseUrl: string; dataDir: string }): Promise<Omit<LoadResult, 'runtime'>> {
  const { pages: pageCount, intervalSec, minutes, timeScale, changesPerMinute } = options;
  const rssBaseline = process.memoryUsage().rss;
  const control = createSimulatorControlClient(options.origin);
  const clock = timeScale === 1 ? systemClock : createScaledClock(timeScale);
  const subdomains = Array.from({ length: pageCount }, (_, i) => simSubdomain(i));
  const pages = subdomains.map((subdomain, i) =>
    watchedPageSchema.parse({
      id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      region: 'custom',
      baseUrl: options.baseUrl,
      subdomain,
      intervalSec,
    }),
  );
  // One budget for the server, as for public pages; scaled like the simulator's.
  const limiter = new SlidingWindowRateLimiter({ limit: 100, windowMs: 10_000 / timeScale });
  let failedPolls = 0;
  let events = 0;
  let notifications = 0;
  const history = await EventHistory.open({ filePath: historyFilePath(options.dataDir) });
  const monitor = new MonitorService({
    pages,
    clock,
    signals: new SignalHub(),
    history,
    clientFor: (page) => {
      const fetcher = createSummaryFetcher({ baseUrl: baseUrlOfPage(page), rateLimiter: limiter });
      return {
        fetchSummaryText: (subdomain, callOptions) =>
          fetcher.fetchSummaryText(subdomain, callOptions).catch((error: unknown) => {
            failedPolls++;
            throw error;
          }),
      };
    },
    onEvent: () => void events++,
    onNotify: () => void notifications++,
    onStateChange: () => undefined,
  });

  const intervalRealMs = (intervalSec * 1000) / timeScale;
  const totalRealMs = (minutes * 60_000) / timeScale;
  let rssMax = 0;
  const sampleMemory = () => (rssMax = Math.max(rssMax, process.memoryUsage().rss));
  const sampler = setInterval(sampleMemory, 5_000);

  // Scripted news: an incident opens on a random page, and is resolved 1.5 intervals later (so
  // that polls see both), exercising parse, normalise, diff, history and notifications.
  let scripted = 0;
  const open: Array<{ page: string; id: number; at: number }> = [];
  let changeTimer: NodeJS.Timeout | null = null;
  if (changesPerMinute > 0) {
    changeTimer = setInterval(
      () => {
        const now = performance.now();
        while (open.length > 0 && now - open[0]!.at > 1.5 * intervalRealMs) {
          const target = open.shift()!;
          scripted++;
          control.resolveIncident({ page: target.page, incidentId: target.id }).catch(() => undefined);
        }
        const page = subdomains[Math.floor(Math.random() * subdomains.length)]!;
        scripted++;
        control
          .openIncident({ page, type: 'major', title: 'Bench outage' })
          .then((inc) => open.push({ page, id: inc.id, at: now }))
          .catch(() => undefined);
      },
      60_000 / timeScale / changesPerMinute,
    );
  }

  const wallStart = performance.now();
  const cpuStart = process.cpuUsage();
  monitor.start();
  await new Promise((r) => setTimeout(r, intervalRealMs));
  sampleMemory();
  const steadyWall = performance.now();
  const steadyCpu = process.cpuUsage();
  const steadyRequests = await control.requestCount('/status_pages/');
  await new Promise((r) => setTimeout(r, Math.max(0, totalRealMs - intervalRealMs)));
  const endCpu = process.cpuUsage();
  const endWall = performance.now();
  const endRequests = await control.requestCount('/status_pages/');
  sampleMemory();
  const memory = process.memoryUsage();
  const staleAtEnd = monitor.state().filter((s) => s.status !== 'ok').length;
  monitor.stop();
  clearInterval(sampler);
  if (changeTimer) clearInterval(changeTimer);
  await history.flush();

  const cpuMs = (from: NodeJS.CpuUsage, to: NodeJS.CpuUsage) => (to.user - from.user + to.system - from.system) / 1000;
  const steadyWallMs = endWall - steadyWall;
  const steadyMonitorIntervals = (steadyWallMs * timeScale) / (intervalSec * 1000);
  const requestsSteady = endRequests - steadyRequests;
  const cpuPercentSteady = (cpuMs(steadyCpu, endCpu) / steadyWallMs) * 100;
  return {
    pages: pageCount,
    intervalSec,
    minutes,
    timeScale,
    wallSeconds: round((endWall - wallStart) / 1000, 1),
    cpuPercent: round((cpuMs(cpuStart, endCpu) / (endWall - wallStart)) * 100),
    cpuPercentSteady: round(cpuPercentSteady),
    cpuPercentSteadyPerRealTime: round(cpuPercentSteady / timeScale),
    rssMbBaseline: round(rssBaseline / 2 ** 20, 1),
    rssMbMax: round(rssMax / 2 ** 20, 1),
    rssMbEnd: round(memory.rss / 2 ** 20, 1),
    heapUsedMbEnd: round(memory.heapUsed / 2 ** 20, 1),
    requestsSteady,
    requestsPerPagePerInterval: round(requestsSteady / pageCount / steadyMonitorIntervals),
    failedPolls,
    staleAtEnd,
    events,
    notifications,
    scriptedChanges: scripted,
  };
}

export async function runMonitorBench(options: MonitorBenchOptions = {}): Promise<MonitorBenchResult> {
  const log = options.log ?? (() => undefined);
  const iterations = options.iterations ?? 4_000;
  log(`poll cost: ${iterations} iterations per case on ${LARGEST}`);
  const cost = pollCost(iterations);
  const loadResult = options.skipLoad
    ? null
    : await load(
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
  const loadOk =
    loadResult === null ||
    (loadResult.cpuPercentSteadyPerRealTime < BUDGETS.cpuPercent &&
      loadResult.rssMbMax < BUDGETS.rssMb &&
      loadResult.requestsPerPagePerInterval >= BUDGETS.requestsPerPagePerInterval[0] &&
      loadResult.requestsPerPagePerInterval <= BUDGETS.requestsPerPagePerInterval[1]);
  return { name: 'monitor', pollCost: cost, load: loadResult, budgets: BUDGETS, pass: costOk && loadOk };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { values } = parseArgs({
    options: {
      'sim-child': { type: 'boolean', default: false },
      'monitor-child': { type: 'boolean', default: false },
      origin: { type: 'string' },
      'base-url': { type: 'string' },
      'data-dir': { type: 'string' },
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
  if (values['sim-child']) {
    await runSimChild(num(values.pages) ?? 500, num(values['time-scale']) ?? 1);
  } else if (values['monitor-child']) {
    const result = await runLoadChild({
      origin: values.origin!,
      baseUrl: values['base-url']!,
      dataDir: values['data-dir']!,
      pages: num(values.pages)!,
      intervalSec: num(values['interval-sec'])!,
      minutes: num(values.minutes)!,
      timeScale: num(values['time-scale'])!,
      changesPerMinute: num(values['changes-per-minute'])!,
    });
    process.stdout.write(`${JSON.stringify(result)}\n`);
    process.exit(0);
  } else {
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
}

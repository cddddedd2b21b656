import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ipcContract } from '../shared/ipc/contract';
import { watchedPageSchema } from '../shared/monitor/watched-page';
import { WindowPush } from '../electron/core/ipc/window-push';
import { createAppBus } from '../electron/core/events/app-events';
import { createScaledClock, systemClock } from '../electron/core/monitor/clock';
import { httpGetText } from '../electron/core/http/get-text';
import { publicRateLimitKey } from '../electron/core/monitor/summary-fetcher';
import { SettingsStore } from '../electron/core/settings/settings-store';
// Only the small HTTP control client here: the simulator itself runs (and is loaded) in its own child.
import { createSimulatorControlClient } from '../simulators/statuspal/control-client';
import { getRateLimiter } from '../electron/core/statuspal-client/rate-limiter';
import { MonitorFeature } from '../electron/core/monitor/monitor-feature';
import { HistoryFeature } from '../electron/core/history/history-feature';
import { keepYoungGenerationSmall } from '../electron/core/desktop/young-generation';

/*
 * 500 own pages at 60 s (docs/architecture.md: core CPU ≤ 3× a bare loop of the same requests, RSS under 120 MB).
 * Three phases run side by side, each in its own process against its own simulator (a child process whose
 * CPU is not counted), so all meet the same machine load:
 *   floor:  a bare loop of the same GETs (the monitor's node:http transport, one per page per interval, spread
 *           over the interval in one-second ticks as the scheduler does): what the requests alone cost;
 *   tray:   the app's monitor as AppCore wires it (MonitorFeature: scheduler, fetcher, tracker, history, the
 *           dashboard model, the tray model), with no window open: the app all day in the tray;
 *   window: the same with the window open: every push is diffed into a patch, checked against the IPC
 *           contract by the event bus and serialised as Electron's IPC would.
 * All see the same scripted news (incidents opened on pages picked by one seeded sequence, resolved 1.5
 * intervals later). CPU, RSS and request counts are each phase's own; "steady" starts after the first interval.
 * STATUSDESK_BENCH_HISTORY=off leaves the provider history out (what the history itself costs: run both).
 */

export interface LoadPhaseResult {
  cpuPercentSteadyPerRealTime: number;
  rssMbBaseline: number;
  rssMbMax: number;
  heapUsedMbEnd: number;
  /** At the end, after a full GC (only when the child runs with --expose-gc): what the core keeps, without garbage. */
  heapUsedMbAfterGc: number | null;
  rssMbAfterGc: number | null;
  requestsSteady: number;
  requestsPerPagePerInterval: number;
  /** Floor: failed GETs; core: pages whose last poll failed. */
  failedPolls: number;
  /** core only: pages not ok at the end, events, patches sent to the window and their bytes. */
  staleAtEnd: number;
  events: number;
  patches: number;
  patchKbPerMinute: number;
  scriptedChanges: number;
}

export interface MonitorLoadResult {
  /** What ran the phases: plain Node on a bundle (as in the app), or tsx. */
  runtime: 'node' | 'tsx';
  pages: number;
  intervalSec: number;
  minutes: number;
  timeScale: number;
  floor: LoadPhaseResult;
  tray: LoadPhaseResult;
  window: LoadPhaseResult;
  /** The core's CPU / the floor's, in the tray and with the window open. */
  cpuRatio: { tray: number; window: number };
}

export interface MonitorLoadOptions {
  pages: number;
  intervalSec: number;
  minutes: number;
  timeScale: number;
  changesPerMinute: number;
}

/** The bare requests; the core in the tray (no window open); the core with its window open. */
type Phase = 'floor' | 'tray' | 'window';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixturesDir = path.resolve(here, '../../shared/fixtures/statuspal-real');
const FIXTURES = [
  'exoscale-operational.json',
  'exoscale-network-degraded.json',
  'exoscale-recent-incident-closed.json',
  'exoscale-vie2-maintenance-critical.json',
  'maintenance-ongoing-with-incident.json',
  'peak-customer-api-down.json',
];

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;
const simSubdomain = (index: number) => `page-${String(index).padStart(3, '0')}`;

/** Same pages in the same order in both phases: a small LCG, seeded alike. */
function seededPicker(count: number, seed = 0x5eed): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state % count;
  };
}

// ------------------------------------------------------------------ simulator child

async function runSimChild(pages: number, timeScale: number): Promise<void> {
  const { startStatusPageSimulator } = await import('../simulators/statuspal');
  const sim = await startStatusPageSimulator({
    seed: 'empty',
    // The service's 100 requests / 10 s, in monitor time when the clock is scaled.
    rateLimit: { limit: 100, windowMs: 10_000 / timeScale },
  });
  const docs = FIXTURES.map((name) => JSON.parse(fs.readFileSync(path.join(fixturesDir, name), 'utf8')) as unknown);
  for (let i = 0; i < pages; i++) sim.seedSummary(docs[i % docs.length], { subdomain: simSubdomain(i), shiftToNow: true });
  process.stdout.write(`${JSON.stringify({ origin: sim.origin, baseUrl: sim.baseUrl })}\n`);
  const stop = () => void sim.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

interface Runner {
  command: string;
  args: string[];
  runtime: MonitorLoadResult['runtime'];
}

/** The simulator runs from the sources (tsx): its CPU is not measured, and it reads the fixtures beside them. */
async function startSimChild(pages: number, timeScale: number): Promise<{ child: ChildProcess; origin: string; baseUrl: string }> {
  const source = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, ['--import', 'tsx', source, '--sim-child', '--pages', String(pages), '--time-scale', String(timeScale)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const ready = await new Promise<{ origin: string; baseUrl: string }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`simulator child exited early (${code})`)));
    lines.once('line', (line) => resolve(JSON.parse(line)));
  });
  return { child, ...ready };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

// ------------------------------------------------------------------ load children

interface LoadChildArgs extends MonitorLoadOptions {
  phase: Phase;
  origin: string;
  baseUrl: string;
  dataDir: string;
}

interface Running {
  stop(): void;
  failedPolls(): number;
  staleAtEnd(): number;
  events(): number;
  patches(): { count: number; bytes: number };
}

/** The floor: the same GETs, bare, one per page per interval in one-second ticks; bodies are not read further. */
function startFloor(args: LoadChildArgs, subdomains: string[], intervalRealMs: number): Running {
  const context = { operation: 'getPageSummary', method: 'GET' as const, path: '/status_pages/{page}/summary', kind: 'read' as const };
  let failed = 0;
  const poll = (subdomain: string) =>
    httpGetText(
      `${args.baseUrl}/status_pages/${subdomain}/summary`,
      { headers: { Accept: 'application/json', 'User-Agent': 'Statusdesk' }, timeoutMs: 15_000, publicOnly: false },
      context,
    ).then(
      (answer) => void (answer.status === 200 || failed++),
      () => void failed++,
    );
  const ticks = args.intervalSec;
  let tick = 0;
  const timer = setInterval(() => {
    const from = Math.floor((tick * subdomains.length) / ticks);
    const to = Math.floor(((tick + 1) * subdomains.length) / ticks);
    for (let i = from; i < to; i++) void poll(subdomains[i]!);
    tick = (tick + 1) % ticks;
  }, intervalRealMs / ticks);
  return { stop: () => clearInterval(timer), failedPolls: () => failed, staleAtEnd: () => 0, events: () => 0, patches: () => ({ count: 0, bytes: 0 }) };
}

/** The core: MonitorFeature as AppCore builds it; in the window phase a window listens through the event bus. */
async function startCore(args: LoadChildArgs, subdomains: string[]): Promise<Running & { feature: MonitorFeature }> {
  const pages = subdomains.map((subdomain, i) =>
    watchedPageSchema.parse({
      id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      name: `Page ${i}`,
      region: 'custom',
      baseUrl: args.baseUrl,
      subdomain,
      intervalSec: args.intervalSec,
    }),
  );
  const settings = new SettingsStore(args.dataDir);
  settings.update((draft) => void (draft.watchedPages = pages));
  // Public pages share one budget per server: the service's 100 requests / 10 s, scaled with the clock.
  getRateLimiter(publicRateLimitKey(args.baseUrl), { limit: 100, windowMs: 10_000 / args.timeScale });
  const appBus = createAppBus();
  const bus = new WindowPush(ipcContract, appBus);
  let events = 0;
  let patches = 0;
  let patchBytes = 0;
  // The window: Electron serialises every message it is sent.
  if (args.phase === 'window')
    bus.connect((channel, payload) => {
      const bytes = JSON.stringify(payload).length;
      if (channel === 'monitor.onPatch') {
        patches++;
        patchBytes += bytes;
      }
    });
  const clock = args.timeScale === 1 ? systemClock : createScaledClock(args.timeScale);
  // As AppCore wires it: every page state also goes to the provider history (unless left out to measure it).
  const withHistory = process.env.STATUSDESK_BENCH_HISTORY !== 'off';
  const history = new HistoryFeature({
    dataDir: args.dataDir,
    pages: () => settings.get().watchedPages,
    reportProblem: () => undefined,
    now: () => clock.now(),
  });
  if (withHistory) appBus.subscribe('monitor.state', (state) => history.observe(state));
  appBus.subscribe('monitor.onEvent', () => void events++);
  const feature = new MonitorFeature({
    settings,
    dataDir: args.dataDir,
    clock,
    events: appBus,
    hasViewers: () => bus.connected,
    reportProblem: () => undefined,
  });
  await feature.start();
  // The window opens: it reads the dashboard once, then follows the patches.
  if (args.phase === 'window') await feature.snapshot();
  return {
    feature,
    stop: () => void feature.dispose().then(() => history.dispose()),
    failedPolls: () => 0,
    staleAtEnd: () => 0,
    events: () => events,
    patches: () => ({ count: patches, bytes: patchBytes }),
  };
}

async function runLoadChild(args: LoadChildArgs): Promise<LoadPhaseResult> {
  // The core's phases run as the app's main process does (electron/main/main.ts tunes V8 first thing).
  if (args.phase !== 'floor') keepYoungGenerationSmall();
  const rssBaseline = process.memoryUsage().rss;
  const control = createSimulatorControlClient(args.origin);
  const subdomains = Array.from({ length: args.pages }, (_, i) => simSubdomain(i));
  const intervalRealMs = (args.intervalSec * 1000) / args.timeScale;
  const totalRealMs = (args.minutes * 60_000) / args.timeScale;
  const core = args.phase === 'floor' ? null : await startCore(args, subdomains);
  const running = core ?? startFloor(args, subdomains, intervalRealMs);

  let rssMax = 0;
  const sampleMemory = () => (rssMax = Math.max(rssMax, process.memoryUsage().rss));
  const sampler = setInterval(sampleMemory, 5_000);
  // Scripted news, the same in both phases: an incident opens on a page, and is resolved 1.5 intervals later.
  let scripted = 0;
  const pick = seededPicker(subdomains.length);
  const open: Array<{ page: string; id: number; at: number }> = [];
  const changeTimer =
    args.changesPerMinute > 0
      ? setInterval(
          () => {
            const now = performance.now();
            while (open.length > 0 && now - open[0]!.at > 1.5 * intervalRealMs) {
              const target = open.shift()!;
              scripted++;
              control.resolveIncident({ page: target.page, incidentId: target.id }).catch(() => undefined);
            }
            const page = subdomains[pick()]!;
            scripted++;
            control
              .openIncident({ page, type: 'major', title: 'Bench outage' })
              .then((inc) => open.push({ page, id: inc.id, at: now }))
              .catch(() => undefined);
          },
          60_000 / args.timeScale / args.changesPerMinute,
        )
      : null;

  await new Promise((resolve) => setTimeout(resolve, intervalRealMs));
  sampleMemory();
  const steadyWall = performance.now();
  const steadyCpu = process.cpuUsage();
  const steadyRequests = await control.requestCount('/status_pages/');
  const steadyPatches = running.patches();
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, totalRealMs - intervalRealMs)));
  const cpu = process.cpuUsage(steadyCpu);
  const wallMs = performance.now() - steadyWall;
  const requests = (await control.requestCount('/status_pages/')) - steadyRequests;
  const endPatches = running.patches();
  sampleMemory();
  let staleAtEnd = 0;
  let failedPolls = running.failedPolls();
  if (core) {
    const snapshot = await core.feature.fullSnapshot();
    staleAtEnd = snapshot.pages.filter((p) => p.status !== 'ok').length;
    failedPolls = snapshot.pages.filter((p) => p.error !== null).length;
  }
  // With --expose-gc (STATUSDESK_BENCH_NODE_FLAGS): what stays once garbage is gone, a steadier figure than the RSS peak.
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; gc && i < 3; i++) gc();
  const afterGc = gc ? process.memoryUsage() : null;
  running.stop();
  clearInterval(sampler);
  if (changeTimer) clearInterval(changeTimer);

  const realMinutes = wallMs / 60_000;
  const monitorIntervals = (wallMs * args.timeScale) / (args.intervalSec * 1000);
  const cpuPercent = ((cpu.user + cpu.system) / 1000 / wallMs) * 100;
  return {
    cpuPercentSteadyPerRealTime: round(cpuPercent / args.timeScale),
    rssMbBaseline: round(rssBaseline / 2 ** 20, 1),
    rssMbMax: round(rssMax / 2 ** 20, 1),
    heapUsedMbEnd: round(process.memoryUsage().heapUsed / 2 ** 20, 1),
    heapUsedMbAfterGc: afterGc ? round(afterGc.heapUsed / 2 ** 20, 1) : null,
    rssMbAfterGc: afterGc ? round(afterGc.rss / 2 ** 20, 1) : null,
    requestsSteady: requests,
    requestsPerPagePerInterval: round(requests / args.pages / monitorIntervals),
    failedPolls,
    staleAtEnd,
    events: running.events(),
    patches: endPatches.count - steadyPatches.count,
    patchKbPerMinute: round((endPatches.bytes - steadyPatches.bytes) / 1024 / (realMinutes * args.timeScale), 1),
    scriptedChanges: scripted,
  };
}

// ------------------------------------------------------------------ parent

/** Plain Node on an esbuild bundle of this file (tsx's loader costs CPU that is not the monitor's), else tsx. */
async function runnerOf(dir: string): Promise<Runner> {
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
      external: ['esbuild', '@napi-rs/keyring'],
      logLevel: 'silent',
    });
    // STATUSDESK_BENCH_NODE_FLAGS, e.g. "--cpu-prof": to look inside the load processes.
    const flags = (process.env.STATUSDESK_BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
    return { command: process.execPath, args: [...flags, outfile], runtime: 'node' };
  } catch {
    return { command: process.execPath, args: ['--import', 'tsx', fileURLToPath(import.meta.url)], runtime: 'tsx' };
  }
}

async function runPhase(runner: Runner, phase: Phase, options: MonitorLoadOptions, dir: string): Promise<LoadPhaseResult> {
  const sim = await startSimChild(options.pages, options.timeScale);
  const dataDir = fs.mkdtempSync(path.join(dir, `${phase}-`));
  try {
    const child = spawn(
      runner.command,
      [
        ...runner.args,
        '--load-child',
        '--phase',
        phase,
        '--origin',
        sim.origin,
        '--base-url',
        sim.baseUrl,
        '--data-dir',
        dataDir,
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
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`${phase} child failed (${code})`);
    return JSON.parse(output.trim().split('\n').at(-1)!) as LoadPhaseResult;
  } finally {
    await stopChild(sim.child);
  }
}

export async function runMonitorLoad(options: MonitorLoadOptions, log: (line: string) => void): Promise<MonitorLoadResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'statusdesk-monitor-load-'));
  try {
    const runner = await runnerOf(dir);
    log(
      `load: ${options.pages} pages, ${options.intervalSec} s interval, ${options.minutes} min at time scale ${options.timeScale}, on ${runner.runtime}: the floor, the core in the tray and with its window, side by side${process.env.STATUSDESK_BENCH_HISTORY === 'off' ? ' (provider history left out)' : ''}`,
    );
    const [floor, tray, window] = await Promise.all((['floor', 'tray', 'window'] as const).map((phase) => runPhase(runner, phase, options, dir)));
    const ratio = (phase: LoadPhaseResult) => round(phase.cpuPercentSteadyPerRealTime / floor!.cpuPercentSteadyPerRealTime);
    return { runtime: runner.runtime, ...options, floor: floor!, tray: tray!, window: window!, cpuRatio: { tray: ratio(tray!), window: ratio(window!) } };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { values } = parseArgs({
    options: {
      'sim-child': { type: 'boolean', default: false },
      'load-child': { type: 'boolean', default: false },
      phase: { type: 'string' },
      origin: { type: 'string' },
      'base-url': { type: 'string' },
      'data-dir': { type: 'string' },
      pages: { type: 'string', default: '500' },
      'interval-sec': { type: 'string', default: '60' },
      minutes: { type: 'string', default: '2.5' },
      'time-scale': { type: 'string', default: '1' },
      'changes-per-minute': { type: 'string', default: '6' },
    },
    strict: true,
  });
  const common: MonitorLoadOptions = {
    pages: Number(values.pages),
    intervalSec: Number(values['interval-sec']),
    minutes: Number(values.minutes),
    timeScale: Number(values['time-scale']),
    changesPerMinute: Number(values['changes-per-minute']),
  };
  if (values['sim-child']) await runSimChild(common.pages, common.timeScale);
  else if (values['load-child']) {
    const result = await runLoadChild({
      ...common,
      phase: values.phase as Phase,
      origin: values.origin!,
      baseUrl: values['base-url']!,
      dataDir: values['data-dir']!,
    });
    process.stdout.write(`${JSON.stringify(result)}\n`);
    process.exit(0);
  } else {
    console.log(JSON.stringify(await runMonitorLoad(common, (line) => console.error(line)), null, 2));
  }
}

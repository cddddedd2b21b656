import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createScaledClock, systemClock } from '../electron/services/monitor/clock';
import { httpGetText } from '../electron/services/http/get-text';
import { MonitorService } from '../electron/services/monitor/monitor-service';
import { createProviderFetcher } from '../electron/services/monitor/provider-fetcher';
import { SignalHub } from '../electron/services/monitor/system-signals';
import { SlidingWindowRateLimiter } from '../electron/services/statuspage/rate-limiter';
import type { ProviderStats } from '../simulators/provider';
import { PROVIDER_FORMATS, providerAccept, providerDocumentUrl, type ProviderFormat } from '../shared/monitor/provider/provider-format';
import { watchedPageSchema } from '../shared/monitor/watched-page';

/*
 * Provider pages: 500 pages at 60 s in a mix of formats (Statuspage, incident.io,
 * Instatus, status.io, Cachet, Atom feed: one in six each) against the 304-capable provider simulator
 * (its own process, so its CPU is not counted). Two runs of the same
 * length against the same pages, each in its own process:
 *   floor:   a bare loop of the same conditional GETs (node:http, the same keep-alive agent), one
 *            per page per interval: what the requests alone cost;
 *   monitor: MonitorService with the 500 provider pages (scheduler, provider fetcher, tracker).
 * Rows: requests per page per interval (floor: 1), bytes on the wire per unchanged poll against the
 * headers of a 200 (the goal: headers only, so ≤ 1×; the body it saves is shown beside), CPU and RSS
 * as ratios against the floor run. A scaled clock (default ×6) plays 60 s intervals in 10 s.
 */

export interface ProviderBenchOptions {
  pages?: number;
  intervalSec?: number;
  /** Steady intervals measured after one warm-up interval. */
  intervals?: number;
  timeScale?: number;
  log?: (line: string) => void;
}

interface PhaseResult {
  cpuPercentSteadyPerRealTime: number;
  rssMbMax: number;
  rssMbBaseline: number;
  requestsSteady: number;
  requestsPerPagePerInterval: number;
  notModifiedSteady: number;
  fullSteady: number;
  failed: number;
}

export interface ProviderBenchResult {
  name: 'provider-pages';
  pages: number;
  intervalSec: number;
  timeScale: number;
  floor: PhaseResult;
  monitor: PhaseResult;
  wire: { notModifiedBytesPerPoll: number; fullHeaderBytesPerPoll: number; fullBodyBytesPerPoll: number; fullBodiesDuringSteady: number };
  ratios: { requests: number; bytesPerUnchangedPoll: number; cpu: number; rss: number };
  budgets: { requestsPerPagePerInterval: [number, number]; bytesRatio: number; cpuRatio: number; cpuPercent: number; rssMb: number };
  pass: boolean;
}

const BUDGETS: ProviderBenchResult['budgets'] = { requestsPerPagePerInterval: [0.9, 1.1], bytesRatio: 1, cpuRatio: 3, cpuPercent: 1, rssMb: 120 };

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;
const slugOf = (i: number) => `provider-${String(i).padStart(3, '0')}`;

// ------------------------------------------------------------------ simulator child

async function runSimChild(pages: number): Promise<void> {
  const { startProviderSimulator } = await import('../simulators/provider');
  const seed = Array.from({ length: pages }, (_, i) => ({
    slug: slugOf(i),
    name: `Provider ${i}`,
    format: PROVIDER_FORMATS[i % PROVIDER_FORMATS.length]!,
    components: [
      { group: 'Core', children: ['API', 'Dashboard', 'Webhooks'] },
      { group: 'Regions', children: ['Europe', 'Americas', 'Asia'] },
      'DNS',
      'CDN',
      'E-mail',
    ],
  }));
  const sim = await startProviderSimulator({ seed });
  // A few pages have an incident open, so bodies are of a realistic size.
  for (let i = 0; i < pages; i += 50)
    sim.openIncident({
      page: slugOf(i),
      name: 'Elevated latency',
      impact: 'minor',
      components: [{ name: 'API', status: 'degraded_performance' }],
      body: 'We are looking into slower answers from the API in one region.',
    });
  const list = sim.pages().map((slug, i) => ({ url: sim.pageUrl(slug), format: PROVIDER_FORMATS[i % PROVIDER_FORMATS.length]! }));
  process.stdout.write(`${JSON.stringify({ origin: sim.origin, urls: list })}\n`);
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    if (line === 'stats') process.stdout.write(`${JSON.stringify(sim.stats())}\n`);
    if (line === 'reset') {
      sim.resetStats();
      process.stdout.write('{}\n');
    }
  });
  process.on('SIGTERM', () => void sim.close().then(() => process.exit(0)));
}

interface BenchPage {
  url: string;
  format: ProviderFormat;
}

interface SimChild {
  child: ChildProcess;
  urls: BenchPage[];
  ask(command: 'stats' | 'reset'): Promise<unknown>;
}

async function startSimChild(runner: Runner, pages: number): Promise<SimChild> {
  const child = spawn(runner.command, [...runner.args, '--sim-child', '--pages', String(pages)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const queue: Array<(line: string) => void> = [];
  const first = new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`provider simulator child exited early (${code})`)));
    queue.push(resolve);
  });
  lines.on('line', (line) => queue.shift()?.(line));
  const ready = JSON.parse(await first) as { urls: BenchPage[] };
  return {
    child,
    urls: ready.urls,
    ask: (command) =>
      new Promise((resolve) => {
        queue.push((line) => resolve(JSON.parse(line)));
        child.stdin!.write(`${command}\n`);
      }),
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

// ------------------------------------------------------------------ load children

interface LoadArgs {
  phase: 'floor' | 'monitor';
  urls: BenchPage[];
  intervalSec: number;
  intervals: number;
  timeScale: number;
}

async function runLoadChild(args: LoadArgs): Promise<PhaseResult> {
  const rssBaseline = process.memoryUsage().rss;
  const intervalRealMs = (args.intervalSec * 1000) / args.timeScale;
  const limiter = new SlidingWindowRateLimiter({ limit: 10_000, windowMs: 1_000 });
  let steady = false;
  let requests = 0;
  let notModified = 0;
  let full = 0;
  let failed = 0;
  const count = (answer: string | null) => {
    if (!steady) return;
    requests++;
    if (answer === 'not_modified') notModified++;
    else if (answer === 'full') full++;
  };
  let stop: () => void;
  if (args.phase === 'floor') {
    // The same requests, bare: one conditional GET per page per interval, spread over it.
    const validators = new Map<string, { etag?: string; lastModified?: string }>();
    const context = { operation: 'bench', method: 'GET' as const, path: '/', kind: 'read' as const };
    const poll = async ({ url, format }: BenchPage) => {
      const known = validators.get(url);
      const headers: Record<string, string> = { Accept: providerAccept(format), 'Accept-Encoding': 'gzip, deflate, br', 'User-Agent': 'Statusdesk' };
      if (known?.etag) headers['If-None-Match'] = known.etag;
      if (known?.lastModified) headers['If-Modified-Since'] = known.lastModified;
      try {
        const res = await httpGetText(providerDocumentUrl(format, url), { headers, decompress: true, timeoutMs: 15_000, publicOnly: false }, context);
        if (res.status === 200) validators.set(url, { etag: res.header('etag'), lastModified: res.header('last-modified') });
        count(res.status === 304 ? 'not_modified' : 'full');
      } catch {
        failed++;
      }
    };
    // Ticks of one second of monitor time, as the scheduler coalesces; each sends its share of pages.
    const ticksPerInterval = args.intervalSec;
    let tick = 0;
    const timer = setInterval(() => {
      const from = Math.floor((tick * args.urls.length) / ticksPerInterval);
      const to = Math.floor(((tick + 1) * args.urls.length) / ticksPerInterval);
      for (let i = from; i < to; i++) void poll(args.urls[i]!);
      tick = (tick + 1) % ticksPerInterval;
    }, intervalRealMs / ticksPerInterval);
    stop = () => clearInterval(timer);
  } else {
    const pages = args.urls.map(({ url, format }, i) =>
      watchedPageSchema.parse({
        id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
        kind: 'statuspage',
        region: 'custom',
        url,
        format,
        subdomain: slugOf(i),
        intervalSec: args.intervalSec,
      }),
    );
    const monitor = new MonitorService({
      pages,
      clock: args.timeScale === 1 ? systemClock : createScaledClock(args.timeScale),
      signals: new SignalHub(),
      clientFor: (page) => {
        const fetcher = createProviderFetcher({ pageUrl: page.url!, format: page.format, rateLimiter: limiter });
        return {
          fetchSummaryText: async (subdomain, options) => {
            try {
              const text = await fetcher.fetchSummaryText(subdomain, options);
              count(fetcher.lastAnswer);
              return text;
            } catch (error) {
              failed++;
              throw error;
            }
          },
        };
      },
    });
    monitor.start();
    stop = () => monitor.stop();
  }
  let rssMax = 0;
  const sample = () => (rssMax = Math.max(rssMax, process.memoryUsage().rss));
  const sampler = setInterval(sample, 1_000);
  // One interval of warm-up: first polls (full bodies, validators learnt), start spread.
  await new Promise((resolve) => setTimeout(resolve, intervalRealMs * 1.2));
  steady = true;
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  await new Promise((resolve) => setTimeout(resolve, intervalRealMs * args.intervals));
  const cpu = process.cpuUsage(cpuStart);
  const wallMs = performance.now() - wallStart;
  steady = false;
  sample();
  stop();
  clearInterval(sampler);
  const cpuPercent = ((cpu.user + cpu.system) / 1000 / wallMs) * 100;
  const monitorIntervals = (wallMs * args.timeScale) / (args.intervalSec * 1000);
  return {
    cpuPercentSteadyPerRealTime: round(cpuPercent / args.timeScale),
    rssMbMax: round(rssMax / 2 ** 20, 1),
    rssMbBaseline: round(rssBaseline / 2 ** 20, 1),
    requestsSteady: requests,
    requestsPerPagePerInterval: round(requests / args.urls.length / monitorIntervals),
    notModifiedSteady: notModified,
    fullSteady: full,
    failed,
  };
}

// ------------------------------------------------------------------ parent

interface Runner {
  command: string;
  args: string[];
}

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
    return { command: process.execPath, args: [outfile] };
  } catch {
    return { command: process.execPath, args: ['--import', 'tsx', fileURLToPath(import.meta.url)] };
  }
}

async function runPhase(runner: Runner, args: LoadArgs): Promise<PhaseResult> {
  const urlsFile = path.join(os.tmpdir(), `statusdesk-provider-urls-${process.pid}-${args.phase}.json`);
  fs.writeFileSync(urlsFile, JSON.stringify(args.urls));
  try {
    const flags = { phase: args.phase, 'urls-file': urlsFile, 'interval-sec': args.intervalSec, intervals: args.intervals, 'time-scale': args.timeScale };
    const argv = [...runner.args, '--load-child', ...Object.entries(flags).flatMap(([flag, value]) => [`--${flag}`, String(value)])];
    const child = spawn(runner.command, argv, { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`${args.phase} child failed (${code})`);
    return JSON.parse(output.trim().split('\n').at(-1)!) as PhaseResult;
  } finally {
    fs.rmSync(urlsFile, { force: true });
  }
}

export async function runProviderPagesBench(options: ProviderBenchOptions = {}): Promise<ProviderBenchResult> {
  const log = options.log ?? (() => undefined);
  const pages = options.pages ?? 500;
  const intervalSec = options.intervalSec ?? 60;
  const intervals = options.intervals ?? 3;
  const timeScale = options.timeScale ?? 6;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'statusdesk-provider-bench-'));
  try {
    const runner = await runnerOf(dir);
    const sim = await startSimChild(runner, pages);
    try {
      const common = { urls: sim.urls, intervalSec, intervals, timeScale };
      log(`${pages} provider pages (${PROVIDER_FORMATS.join(', ')}), ${intervalSec} s, ${intervals} steady intervals at clock ×${timeScale}: floor…`);
      const floor = await runPhase(runner, { phase: 'floor', ...common });
      await sim.ask('reset');
      log('monitor…');
      const monitor = await runPhase(runner, { phase: 'monitor', ...common });
      const stats = (await sim.ask('stats')) as ProviderStats;
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
      const [low, high] = BUDGETS.requestsPerPagePerInterval;
      const pass =
        monitor.requestsPerPagePerInterval >= low &&
        monitor.requestsPerPagePerInterval <= high &&
        ratios.bytesPerUnchangedPoll <= BUDGETS.bytesRatio &&
        monitor.fullSteady === 0 &&
        ratios.cpu <= BUDGETS.cpuRatio &&
        monitor.cpuPercentSteadyPerRealTime < BUDGETS.cpuPercent &&
        monitor.rssMbMax < BUDGETS.rssMb;
      return { name: 'provider-pages', pages, intervalSec, timeScale, floor, monitor, wire, ratios, budgets: BUDGETS, pass };
    } finally {
      await stopChild(sim.child);
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

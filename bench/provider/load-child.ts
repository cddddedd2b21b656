import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createScaledClock, systemClock } from '../../electron/core/monitor/clock';
import { keepYoungGenerationSmall } from '../../electron/core/desktop/young-generation';
import { httpGetText } from '../../electron/core/http/get-text';
import { MonitorService } from '../../electron/core/monitor/monitor-service';
import { createProviderFetcher } from '../../electron/core/monitor/provider-fetcher';
import { SignalHub } from '../../electron/core/monitor/system-signals';
import { SlidingWindowRateLimiter } from '../../electron/core/statuspal-client/rate-limiter';
import { providerAccept, providerDocumentUrl } from '../../shared/monitor/provider/provider-format';
import { watchedPageSchema } from '../../shared/monitor/watched-page';
import { slugOf, type BenchPage, type Runner } from './sim-child';

/*
 * One phase of the provider bench in a process of its own, for a warm-up interval and then the steady
 * intervals it measures:
 *   floor:   a bare loop of the same conditional GETs (node:http, the same keep-alive agent), one
 *            per page per interval: what the requests alone cost;
 *   monitor: MonitorService with the provider pages (scheduler, provider fetcher, tracker), in a process
 *            tuned as the app's main process is (young-generation.ts).
 */

export interface LoadArgs {
  phase: 'floor' | 'monitor';
  urls: BenchPage[];
  intervalSec: number;
  intervals: number;
  timeScale: number;
}

export interface PhaseResult {
  cpuPercentSteadyPerRealTime: number;
  /** Of that, the share spent in the kernel (sockets, timers): the rest is JavaScript and Node. */
  cpuSystemShare: number;
  rssMbMax: number;
  rssMbBaseline: number;
  requestsSteady: number;
  requestsPerPagePerInterval: number;
  notModifiedSteady: number;
  fullSteady: number;
  failed: number;
}

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

export async function runLoadChild(args: LoadArgs): Promise<PhaseResult> {
  // The monitor runs as in the app's main process (electron/main/main.ts tunes V8 first thing).
  if (args.phase === 'monitor') keepYoungGenerationSmall();
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
    // As the monitor does, a page whose request has not come back is not asked again (a loaded machine).
    const inFlight = new Set<string>();
    const poll = async ({ url, format }: BenchPage) => {
      if (inFlight.has(url)) return;
      inFlight.add(url);
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
      inFlight.delete(url);
    };
    // Ticks of one second of monitor time, as the scheduler coalesces; each sends its share of pages. The
    // ticks are counted from the start, not from the last one: a timer that fires late (a loaded machine)
    // sends what fell due meanwhile, so the floor sends as many requests as the monitor.
    const ticksPerInterval = args.intervalSec;
    const tickMs = intervalRealMs / ticksPerInterval;
    const started = performance.now();
    let sent = 0;
    const timer = setInterval(() => {
      const due = Math.floor(((performance.now() - started) / tickMs + 1) * (args.urls.length / ticksPerInterval));
      for (; sent < due; sent++) void poll(args.urls[sent % args.urls.length]!);
    }, tickMs);
    stop = () => clearInterval(timer);
  } else {
    const pages = args.urls.map(({ url, format }, i) =>
      watchedPageSchema.parse({
        id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
        kind: 'provider',
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
    cpuSystemShare: round(cpu.system / Math.max(1, cpu.user + cpu.system), 2),
    rssMbMax: round(rssMax / 2 ** 20, 1),
    rssMbBaseline: round(rssBaseline / 2 ** 20, 1),
    requestsSteady: requests,
    requestsPerPagePerInterval: round(requests / args.urls.length / monitorIntervals),
    notModifiedSteady: notModified,
    fullSteady: full,
    failed,
  };
}

/** The parent's side: runs one phase in its own process, returns what it measured. */
export async function runPhase(runner: Runner, args: LoadArgs): Promise<PhaseResult> {
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

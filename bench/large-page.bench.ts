import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LARGE_PAGE, SMALL_COPY, startStatusPageSimulator } from '../simulators/statuspal';
import { buildCli } from '../scripts/build-cli';
import { makeTempDir } from '../test/support/temp-dir';
import { launchBenchBrowser } from './render/browser';
import { median, round1 } from './render/first-render';
import { measureLargePageRun, type LargePageRender } from './render/large-page';
import { measureMetricQueue, type MetricQueueResult } from './metric-queue';
import { runRendererSizeBench } from './renderer-size.bench';

/*
 * The large-page bench: the large company's page of the issue (400 services, 20,000
 * subscriptions, 200 webhooks, 50 access groups, 300 members, 5,000 incidents with 4 updates, 100 maintenances)
 * against its 10-item copy, every figure a ratio:
 *   - each list's first render in the window (click → first rows painted), large ÷ small;
 *   - the requests one delete costs with everything loaded (and one member's new role);
 *   - the key presses that pick 3 of 400 services;
 *   - `statusdesk incidents list --all`: its requests against ceil(n / 100), and the time to its first line
 *     against one page's whole command (`--limit 100`), each a fresh process as a shell starts it.
 *   - queueing a month of one metric's 5-minute points (8,640) through the window's path (its stores, window.api,
 *     the IPC handler, AppCore) against the core's batched enqueue of the same points (metric-queue.ts).
 * Run (the harness uses the keychain): bash scripts/with-keyring.sh npx tsx bench/large-page.bench.ts
 */

export const LARGE_PAGE_BUDGETS = {
  firstRenderRatio: 2,
  requestsPerWrite: 2,
  pickerKeys: 15,
  cliFirstLineRatio: 2,
  metricQueueRatio: 3,
} as const;

export interface LargePageBenchResult {
  name: 'large-page';
  runs: number;
  counts: typeof LARGE_PAGE;
  sections: Array<{ section: string; largeMs: number; smallMs: number; ratio: number; large: number[]; small: number[] }>;
  writes: LargePageRender['writes'];
  picker: { services: number; keyPresses: number; picked: number };
  cli: { incidents: number; requests: number; expectedRequests: number; firstLineMs: number; totalMs: number; onePageMs: number; ratio: number };
  metricQueue: MetricQueueResult;
  budgets: typeof LARGE_PAGE_BUDGETS;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(repoRoot, 'bin/statusdesk.js');

/** One command as a shell starts it: ms to its first line on stdout and to its exit, and its lines. */
function command(args: string[], env: NodeJS.ProcessEnv): Promise<{ firstLineMs: number; totalMs: number; lines: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstLineMs = -1;
    let lines = 0;
    let stderr = '';
    const child = spawn(process.execPath, [bin, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => {
      if (firstLineMs < 0 && chunk.includes(10)) firstLineMs = performance.now() - started;
      for (const byte of chunk) if (byte === 10) lines++;
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`statusdesk ${args.join(' ')} exited ${code}: ${stderr.trim()}`));
      else resolve({ firstLineMs, totalMs: performance.now() - started, lines });
    });
  });
}

async function measureCli(runs: number): Promise<LargePageBenchResult['cli']> {
  await buildCli();
  const sim = await startStatusPageSimulator({ seed: { large: { ...LARGE_PAGE, subscriptions: 0 } }, rateLimit: false });
  const home = makeTempDir('statusdesk-bench-cli-');
  try {
    const env = { ...process.env, STATUSDESK_HOME: home.dir, STATUSDESK_API_KEY: sim.keys.demoReadWrite };
    const base = ['--base-url', sim.baseUrl, '--json', 'incidents', 'list', 'acme'];
    const firstLine: number[] = [];
    const total: number[] = [];
    const onePage: number[] = [];
    let requests = 0;
    let incidents = 0;
    for (let r = -1; r < runs; r++) {
      sim.clearRequestCounts();
      const all = await command([...base, '--all'], env);
      requests = sim.requestCount('/status_pages/acme/incidents');
      incidents = all.lines;
      const one = await command([...base, '--limit', '100'], env);
      if (r < 0) continue; // warm-up: the bundle's code cache
      firstLine.push(all.firstLineMs);
      total.push(all.totalMs);
      onePage.push(one.totalMs);
    }
    return {
      incidents,
      requests,
      expectedRequests: Math.ceil(incidents / 100),
      firstLineMs: round1(median(firstLine)),
      totalMs: round1(median(total)),
      onePageMs: round1(median(onePage)),
      ratio: Math.round((median(firstLine) / median(onePage)) * 100) / 100,
    };
  } finally {
    await sim.close();
    home.remove();
  }
}

export async function runLargePageBench(options: { runs?: number; log?: (line: string) => void } = {}): Promise<LargePageBenchResult> {
  const runs = options.runs ?? 2;
  const log = options.log ?? (() => undefined);
  await runRendererSizeBench(); // builds out/renderer when it is missing
  const browser = await launchBenchBrowser();
  const large: LargePageRender[] = [];
  const small: LargePageRender[] = [];
  try {
    for (let r = 0; r < runs; r++) {
      log(`run ${r + 1} of ${runs}: the 10-item copy`);
      small.push(await measureLargePageRun(browser, SMALL_COPY, { writes: false }));
      log(`run ${r + 1} of ${runs}: the large page`);
      large.push(await measureLargePageRun(browser, LARGE_PAGE, { writes: r === runs - 1 }));
    }
  } finally {
    await browser.close();
  }
  log('the command line');
  const cli = await measureCli(Math.max(3, runs));
  log('queueing 8,640 metric points: the window’s path and the core');
  const metricQueue = await measureMetricQueue(Math.max(3, runs));
  const timings = (results: LargePageRender[], section: string) => results.flatMap((result) => result.sections.find((s) => s.section === section)?.ms ?? []);
  const sections = large[0]!.sections.map(({ section }) => {
    const l = timings(large, section);
    const s = timings(small, section);
    return { section, largeMs: round1(median(l)), smallMs: round1(median(s)), ratio: Math.round((median(l) / median(s)) * 100) / 100, large: l, small: s };
  });
  const last = large[large.length - 1]!;
  return {
    name: 'large-page',
    runs,
    counts: LARGE_PAGE,
    sections,
    writes: last.writes,
    picker: { services: LARGE_PAGE.services, ...(last.picker ?? { keyPresses: -1, picked: 0 }) },
    cli,
    metricQueue,
    budgets: LARGE_PAGE_BUDGETS,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  console.log(JSON.stringify(await runLargePageBench({ log: (line) => console.error(`large-page: ${line}`) }), null, 2));
}

import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { httpGetText } from '../../electron/core/http/get-text';
import { PROVIDER_FORMATS, providerDocumentUrl, type ProviderFormat } from '../../shared/monitor/provider/provider-format';

/*
 * The provider simulator in a child process of its own (its CPU is not the monitor's): seeded with the
 * bench's pages in a mix of formats, it prints the pages' addresses, then answers `stats` and `reset` on
 * stdin with one JSON line each.
 */

export interface BenchPage {
  url: string;
  format: ProviderFormat;
}

/** How the bench's child processes are started: plain Node on a bundle, or tsx. */
export interface Runner {
  command: string;
  args: string[];
}

export interface SimChild {
  child: ChildProcess;
  urls: BenchPage[];
  ask(command: 'stats' | 'reset'): Promise<unknown>;
}

export const slugOf = (i: number) => `provider-${String(i).padStart(3, '0')}`;

/** The child's side: serves until SIGTERM. */
export async function runSimChild(pages: number): Promise<void> {
  const { startProviderSimulator } = await import('../../simulators/provider');
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
  // Every page rendered (and gzipped) once before the phases start: their warm-up then measures requests only.
  const context = { operation: 'bench', method: 'GET' as const, path: '/', kind: 'read' as const };
  for (let next = 0; next < list.length;) {
    const batch = list.slice(next, (next += 16));
    await Promise.all(
      batch.map(({ url, format }) => httpGetText(providerDocumentUrl(format, url), { headers: {}, timeoutMs: 60_000, publicOnly: false }, context)),
    );
  }
  sim.resetStats();
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

/** The parent's side: starts the child and waits for its pages. */
export async function startSimChild(runner: Runner, pages: number): Promise<SimChild> {
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

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

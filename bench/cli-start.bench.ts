import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startStatusPageSimulator } from '../simulators/statuspal';
import { buildCli } from '../scripts/build-cli';

/*
 * Command-line cold start (docs/architecture.md: `status <subdomain>` and `--version` within 2× of `node -e 0`):
 * `statusdesk --version` and `statusdesk status <subdomain>` against the simulator, each a fresh
 * `node bin/statusdesk.js` process as a user's shell starts it, timed from spawn to exit. Interleaved with the
 * floor, `node -e 0`, in the same run; median of `runs` after one warm-up round (the files then in the page
 * cache and each command's code cache kept, as after a first use).
 * Run: npx tsx bench/cli-start.bench.ts
 */

/** `statusdesk --version`: the program and its command table (commander), no command module. */
export const CLI_VERSION_BUDGET_RATIO = 2;
/** `statusdesk status <subdomain>` on the server --base-url names: its command's modules, zod, the schema of the one operation it calls (no settings) and one HTTP exchange. */
export const CLI_STATUS_BUDGET_RATIO = 2;

export interface CliStartBenchResult {
  name: 'cli-start';
  runs: number;
  nodeMs: number;
  versionMs: number;
  statusMs: number;
  versionRatio: number;
  statusRatio: number;
  /** The same `--version` the way it ran before the bundle: the sources through tsx. */
  fromSourceMs: number;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(repoRoot, 'bin/statusdesk.js');

/** Spawn → exit of one process, ms (asynchronous: the simulator answers from this process meanwhile). */
function timed(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (code === 0) resolve(ms);
      else reject(new Error(`node ${args.join(' ')} exited ${code}: ${stderr.trim()}`));
    });
  });
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const round1 = (v: number) => Math.round(v * 10) / 10;

export async function runCliStartBench(options: { runs?: number } = {}): Promise<CliStartBenchResult> {
  const runs = options.runs ?? 15;
  await buildCli();
  // In this process: it answers one small request per run, between the timed children.
  const sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
  try {
    const status = [bin, '--base-url', sim.baseUrl, '--json', 'status', 'acme'];
    const node: number[] = [];
    const version: number[] = [];
    const statusTimes: number[] = [];
    for (let r = -1; r < runs; r++) {
      const n = await timed(['-e', '0']);
      const v = await timed([bin, '--version']);
      const s = await timed(status);
      if (r < 0) continue; // warm-up
      node.push(n);
      version.push(v);
      statusTimes.push(s);
    }
    const fromSource: number[] = [];
    for (let r = 0; r < 3; r++) fromSource.push(await timed([bin, '--version'], { ...process.env, STATUSDESK_FROM_SOURCE: '1' }));
    const nodeMs = median(node);
    return {
      name: 'cli-start',
      runs,
      nodeMs: round1(nodeMs),
      versionMs: round1(median(version)),
      statusMs: round1(median(statusTimes)),
      versionRatio: Math.round((median(version) / nodeMs) * 100) / 100,
      statusRatio: Math.round((median(statusTimes) / nodeMs) * 100) / 100,
      fromSourceMs: round1(median(fromSource)),
    };
  } finally {
    await sim.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  console.log(JSON.stringify(await runCliStartBench(), null, 2));
}

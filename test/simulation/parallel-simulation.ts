import { Worker } from 'node:worker_threads';
import { addLookups } from './second-writer';
import { noFigures, type SimulationOptions, type SimulationResult } from './write-path-simulation';

/*
 * The long budget on every core: worker i runs its share of the schedules from seed + i, on its own
 * simulator, so the shares are independent and each replays alone (`--seed <its seed> --path <path>`).
 */

interface ParallelResult extends SimulationResult {
  /** Each worker's own figures; a failure names its worker's seed. */
  shares: SimulationResult[];
}

export async function simulateInWorkers(options: SimulationOptions & { seed: number; workers: number }): Promise<ParallelResult> {
  const started = Date.now();
  const share = Math.ceil(options.runs / options.workers);
  const shares = await Promise.all(
    Array.from({ length: options.workers }, (_, i) =>
      runWorker({
        runs: Math.min(share, options.runs - i * share),
        timeLimitMs: options.timeLimitMs,
        seed: (options.seed + i) % 2_147_483_647,
      }),
    ),
  );
  const failures = shares.filter((w) => w.failure !== null);
  const figures = noFigures();
  for (const share of shares) {
    figures.writes += share.figures.writes;
    addLookups(figures.lookups, share.figures.lookups);
  }
  return {
    schedules: shares.reduce((sum, w) => sum + w.schedules, 0),
    violations: shares.reduce((sum, w) => sum + w.violations, 0),
    seed: options.seed,
    durationMs: Date.now() - started,
    failure: failures.length > 0 ? failures.map((w) => `worker seed ${w.seed}:\n${w.failure}`).join('\n\n') : null,
    figures,
    shares,
  };
}

function runWorker(options: SimulationOptions): Promise<SimulationResult> {
  return new Promise((resolve, reject) => {
    // A worker starts without the parent's loader hooks: it registers tsx's before loading TypeScript.
    const entry = new URL('./simulation-worker.ts', import.meta.url).href;
    const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
    const worker = new Worker(bootstrap, { eval: true, workerData: options });
    // The worker closes its simulator and ends by itself (ending it mid-read can abort the whole process);
    // one still running well after its answer is ended.
    let result: SimulationResult | undefined;
    worker.once('message', (message: SimulationResult) => {
      result = message;
      setTimeout(() => void worker.terminate(), 15_000).unref();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => (result ? resolve(result) : reject(new Error(`a simulation worker exited with code ${code} and no result`))));
  });
}

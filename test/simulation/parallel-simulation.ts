import { Worker } from 'node:worker_threads';
import type { SimulationOptions, SimulationResult } from './write-path-simulation';

/*
 * The long budget on every core: worker i runs its share of the schedules from seed + i, on its own
 * simulator, so the shares are independent and each replays alone (`--seed <its seed> --path <path>`).
 */

export interface ParallelResult extends SimulationResult {
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
  return {
    schedules: shares.reduce((sum, w) => sum + w.schedules, 0),
    violations: shares.reduce((sum, w) => sum + w.violations, 0),
    seed: options.seed,
    durationMs: Date.now() - started,
    failure: failures.length > 0 ? failures.map((w) => `worker seed ${w.seed}:\n${w.failure}`).join('\n\n') : null,
    shares,
  };
}

function runWorker(options: SimulationOptions): Promise<SimulationResult> {
  return new Promise((resolve, reject) => {
    // A worker starts without the parent's loader hooks: it registers tsx's before loading TypeScript.
    const entry = new URL('./simulation-worker.ts', import.meta.url).href;
    const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
    const worker = new Worker(bootstrap, { eval: true, workerData: options });
    // The answer is all that is needed: the worker is ended then, whatever its simulator's close still waits for.
    worker.once('message', (result: SimulationResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`a simulation worker exited with code ${code} and no result`)));
  });
}

import { parentPort, workerData } from 'node:worker_threads';
import { startStatusPageSimulator } from '../../simulators/statuspal';
import { simulate, type SimulationOptions } from './write-path-simulation';

/* One share of a parallel simulation (parallel-simulation.ts): its own simulator, its own seed. */

const options = workerData as SimulationOptions;
const sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
try {
  parentPort?.postMessage(await simulate(sim, options));
} finally {
  await sim.close();
}

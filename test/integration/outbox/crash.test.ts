import { afterAll, beforeAll, describe, it } from 'vitest';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspage';
import { makeTempDir } from '../../support/temp-dir';
import { runCrashScenario } from './support/crash-scenario';
import { SOAK_MS } from '../../support/time-outs';

const INCIDENTS = 100;
const UPDATES = 9;
const KILLS = 20;

let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir>;

beforeAll(async () => {
  // Rate limit off in the simulator so the run is fast; a little latency so kills land mid-flush.
  sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false, randomSeed: 7 });
  sim.setFaults({ method: ['POST', 'PUT', 'DELETE'], latencyMs: { min: 4, max: 20 } });
  home = makeTempDir('statusdesk-outbox-crash-');
});
afterAll(async () => {
  await sim.close();
  home.remove();
});

describe('outbox crash safety', () => {
  // No retry: a second try would run on the first one's server and data folder and prove nothing.
  it(
    `flushes ${INCIDENTS * (1 + UPDATES)} queued writes through ${KILLS} SIGKILLs: each write reaches the server exactly once, in order`,
    { timeout: SOAK_MS, retry: 0 },
    async () => {
      await runCrashScenario({ sim, dataDir: home.dir, incidents: INCIDENTS, updates: UPDATES, kills: KILLS, title: 'Crash test incident' });
    },
  );
});

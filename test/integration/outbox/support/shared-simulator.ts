import { afterAll, afterEach, beforeAll } from 'vitest';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../../simulators/statuspal';
import { resetLimiters } from './harness';

/**
 * The demo-seeded simulator an outbox suite shares: started before its tests and closed after them; after
 * each test it is reset (records, faults, write log) and the process's rate limiters are cleared. `use`
 * receives it once started. Call this before the suite's own `afterEach`: after-hooks run last-registered
 * first, so the suite stops its outbox before the simulator is reset under it.
 */
export function shareSimulator(use: (sim: StatusPageSimulator) => void): void {
  let sim: StatusPageSimulator | undefined;
  beforeAll(async () => {
    sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
    use(sim);
  });
  afterAll(async () => {
    await sim?.close();
  });
  afterEach(async () => {
    await sim?.reset();
    resetLimiters();
  });
}

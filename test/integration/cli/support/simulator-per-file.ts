import { afterAll, afterEach, beforeAll } from 'vitest';
import { openStatusPageOutbox } from '../../../../electron/core/outbox/create-statuspal-outbox';
import { envAccountId } from '../../../../electron/core/outbox/statuspal/targets';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../../simulators/statuspal';
import { makeTempDir } from '../../../support/temp-dir';

/*
 * What most command-line test files set up alike: one Status Page simulator for the file, reset after each test
 * (and back online, for files that take it offline), and a data folder of each test's own, removed after it.
 */
export function simulatorPerFile(options: { backOnlineAfterEach?: boolean; afterEach?: () => void } = {}) {
  let sim: StatusPageSimulator | undefined;
  let home: ReturnType<typeof makeTempDir> | undefined;
  beforeAll(async () => {
    sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
  });
  afterAll(async () => {
    await sim?.close();
  });
  afterEach(async () => {
    options.afterEach?.();
    if (options.backOnlineAfterEach) await sim?.goOnline();
    await sim?.reset();
    home?.remove();
    home = undefined;
  });
  return {
    get sim(): StatusPageSimulator {
      if (!sim) throw new Error('the simulator starts in beforeAll');
      return sim;
    },
    /** This test's data folder, made now and removed after the test. */
    newHome(prefix: string): ReturnType<typeof makeTempDir> {
      home = makeTempDir(prefix);
      return home;
    },
    /** The key a command sends with the environment's key. */
    key: () => ({ STATUSDESK_API_KEY: sim!.keys.demoReadWrite }),
    /** `count` creates ("Queued 1", …) queued in `dataDir`'s outbox, as offline commands would have left them. */
    async queueCreates(dataDir: string, count: number): Promise<void> {
      const { outbox } = await openStatusPageOutbox({ dataDir, env: { STATUSDESK_API_KEY: sim!.keys.demoReadWrite } });
      for (let i = 1; i <= count; i++) {
        await outbox.enqueue({
          accountId: envAccountId(sim!.baseUrl),
          server: { baseUrl: sim!.baseUrl, keyFrom: 'env' },
          operation: 'createIncident',
          input: { subdomain: 'acme', incident: { type: 'minor', title: `Queued ${i}` } },
        });
      }
      await outbox.stop();
    },
  };
}

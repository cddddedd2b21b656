import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxService } from '../../../electron/core/outbox/outbox-service';
import type { StatusPageSimulator } from '../../../simulators/statuspal';
import { getRateLimiter } from '../../../electron/core/statuspal-client/rate-limiter';
import { RETRY_AFTER_CAP_MS } from '../../../electron/core/timing/retry-after';
import { makeTempDir } from '../../support/temp-dir';
import { openTestOutbox, simAccounts, until } from './support/harness';
import { shareSimulator } from './support/shared-simulator';

/*
 * The fault-matrix row for a huge Retry-After: one 429 with `Retry-After: 999999` paused the
 * account's shared limiter, and so the dashboard and the outbox of that account, for 11 days. The write now
 * waits at most the cap, the account's limiter too, and the write's error says until when the server asked.
 */

let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir>;
let outbox: OutboxService | undefined;
shareSimulator((started) => (sim = started));
afterEach(async () => {
  await outbox?.stop({ abortAfterMs: 0 });
  outbox = undefined;
  home.remove();
});

describe('a 429 asking to wait 11 days', () => {
  it('holds the write and the account back for the cap at most, and says until when the server asked', async () => {
    home = makeTempDir('statusdesk-retry-after-');
    const { accountId, accounts } = simAccounts(sim);
    outbox = await openTestOutbox(home.dir, accounts, { requestTimeoutMs: 2_000 });
    outbox.start();
    sim.clearWriteLog();
    sim.setFaults({ method: ['POST'], times: 1, errorRates: { 429: 1 }, retryAfterSeconds: 999_999 });
    const before = Date.now();
    const { id } = await outbox.enqueue({
      kind: 'statuspal',
      accountId,
      operation: 'createIncident',
      input: { subdomain: 'acme', incident: { type: 'minor', title: 'Rate limited create' } },
    });
    await until(() => outbox!.get(id)?.lastError?.code === 'rate_limited', 'the 429');
    const entry = outbox.get(id)!;
    expect(entry.state).toBe('pending');
    expect(entry.lastError?.message).toMatch(/the server asked to wait until \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z, Statusdesk tries again in 15 min/);
    expect(Date.parse(entry.nextAttemptAt!) - before).toBeLessThanOrEqual(RETRY_AFTER_CAP_MS + 5_000);
    expect(getRateLimiter(accountId).nextSlotAt() - Date.now()).toBeLessThanOrEqual(RETRY_AFTER_CAP_MS);
    expect(sim.writeLog()).toHaveLength(0);
  });
});

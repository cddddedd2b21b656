import { randomUUID } from 'node:crypto';
import { ManualNetworkSignals } from '../../../../electron/services/connectivity/network-signals';
import { openStatusPageOutbox, type StatusPageOutboxOptions } from '../../../../electron/services/outbox/create-statuspage-outbox';
import type { OutboxService } from '../../../../electron/services/outbox/outbox-service';
import type { OutboxAccountsPort } from '../../../../electron/services/outbox/statuspage/targets';
import { clearRateLimiters } from '../../../../electron/services/statuspage/rate-limiter';
import type { StatusPageSimulator } from '../../../../simulators/statuspage';
import { WAITS_MS } from '../../../support/time-outs';

/** One account on the simulator, its key served from memory (the keychain test uses the real vault). */
export function simAccounts(sim: StatusPageSimulator, key: string = sim.keys.demoReadWrite): { accountId: string; accounts: OutboxAccountsPort } {
  const accountId = randomUUID();
  return {
    accountId,
    accounts: {
      account: (id) => (id === accountId ? { id, region: 'custom', baseUrl: sim.baseUrl } : null),
      apiKey: async (id) => (id === accountId ? key : null),
    },
  };
}

/** An outbox tuned for tests: fast probes and backoff, a generous rate limit unless told otherwise. */
export async function openTestOutbox(dataDir: string, accounts: OutboxAccountsPort, options: Partial<StatusPageOutboxOptions> = {}): Promise<OutboxService> {
  const { outbox } = await openStatusPageOutbox({
    dataDir,
    accounts,
    signals: options.signals ?? new ManualNetworkSignals(true),
    probeDelay: { initialMs: 30, maxMs: 200 },
    backoff: { baseMs: 20, maxMs: 200, jitter: 0 },
    rateLimit: { limit: 10_000, windowMs: 1_000 },
    requestTimeoutMs: 3_000,
    reconcileSettleMs: 200,
    ...options,
  });
  return outbox;
}

export function resetLimiters(): void {
  clearRateLimiters();
}

/**
 * Waits until `check` is true (polling), or fails saying what it waited for. As long as the test itself may
 * run: a shorter limit raced this machine's speed (a busy two-core machine answered after it), never the code.
 */
export async function until(check: () => boolean, what = 'condition', timeoutMs = WAITS_MS): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

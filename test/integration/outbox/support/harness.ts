import { randomUUID } from 'node:crypto';
import { ManualNetworkSignals } from '../../../../electron/core/connectivity/network-signals';
import { openStatusPageOutbox, type StatusPageOutboxOptions } from '../../../../electron/core/outbox/create-statuspal-outbox';
import type { OutboxService } from '../../../../electron/core/outbox/outbox-service';
import type { OutboxFlushReport } from '../../../../shared/outbox/status';
import type { OutboxAccountsPort } from '../../../../electron/core/outbox/statuspal/targets';
import { clearRateLimiters } from '../../../../electron/core/statuspal-client/rate-limiter';
import type { StatusPageSimulator } from '../../../../simulators/statuspal';
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

/**
 * A flush right after the server came back: on a busy machine the flush's reachability probe can miss its 3 s
 * (the harness's short request time-out), and the flush then settles with the server still marked unreachable.
 * The outbox would probe again later; a test asks again at once, until the server is reached, and gets the
 * report of the flush that reached it.
 */
export async function flushOnceReachable(outbox: OutboxService, what = 'the server to be reached'): Promise<OutboxFlushReport> {
  const end = Date.now() + WAITS_MS;
  for (;;) {
    const report = await outbox.flush();
    if (report.unreachable.length === 0) return report;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    // A flush that finds its probe already under way settles at once: without a turn of the event loop in
    // between, the probe's answer would never be read.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

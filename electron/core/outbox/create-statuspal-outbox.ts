import type { ConnectivityMonitor } from '@core/connectivity/connectivity-monitor';
import { createHelloProbe, type ServerProbe } from '@core/connectivity/hello-probe';
import type { NetworkSignals } from '@core/connectivity/network-signals';
import type { RateLimiterOptions } from '@core/statuspal-client/rate-limiter';
import type { FetchLike } from '@core/statuspal-client/transport';
import type { OutboxKindHandler } from './kinds';
import { OutboxService, type OutboxServiceOptions } from './outbox-service';
import { createStatusPageOutboxKind } from './statuspal/statuspal-kind';
import { StatusPageTargets, type OutboxAccountsPort } from './statuspal/targets';

export interface StatusPageOutboxOptions extends Omit<OutboxServiceOptions, 'kinds'> {
  accounts?: OutboxAccountsPort;
  /** Where STATUSDESK_API_KEY is read for entries queued with it (default process.env). */
  env?: NodeJS.ProcessEnv;
  rateLimit?: RateLimiterOptions;
  requestTimeoutMs?: number;
  fetch?: FetchLike;
  probe?: ServerProbe;
  reconcileToleranceMs?: number;
  /** How long after an interrupted attempt its look-up may conclude "not applied" (outcome-settling.ts). */
  reconcileSettleMs?: number;
  /** A write sent this long after it was written carries its own time and is checked against the server's changes. */
  queuedAfterMs?: number;
  /** More kinds (the operations-delete feature's). */
  extraKinds?: OutboxKindHandler[];
  connectivity?: ConnectivityMonitor;
  signals?: NetworkSignals;
}

/** The outbox as the app and the command line use it: the status page kind over the accounts and vault. */
export async function openStatusPageOutbox(options: StatusPageOutboxOptions): Promise<{ outbox: OutboxService; targets: StatusPageTargets }> {
  const targets = new StatusPageTargets({
    ...(options.accounts ? { accounts: options.accounts } : {}),
    ...(options.env ? { env: options.env } : {}),
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    ...(options.requestTimeoutMs === undefined ? {} : { timeoutMs: options.requestTimeoutMs }),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const kind = createStatusPageOutboxKind({
    targets,
    probe: options.probe ?? createHelloProbe(),
    ...(options.reconcileToleranceMs === undefined ? {} : { reconcileToleranceMs: options.reconcileToleranceMs }),
    ...(options.queuedAfterMs === undefined ? {} : { queuedAfterMs: options.queuedAfterMs }),
    ...(options.reconcileSettleMs === undefined ? {} : { reconcileSettleMs: options.reconcileSettleMs }),
    ...(options.bootClock ? { bootClock: options.bootClock } : {}),
  });
  const outbox = await OutboxService.open({ ...options, kinds: [kind, ...(options.extraKinds ?? [])] });
  return { outbox, targets };
}

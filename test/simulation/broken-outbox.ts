import { createHelloProbe } from '../../electron/core/connectivity/hello-probe';
import type { OutboxKindHandler } from '../../electron/core/outbox/kinds';
import { OutboxService, type OutboxServiceOptions } from '../../electron/core/outbox/outbox-service';
import { createStatusPageOutboxKind } from '../../electron/core/outbox/statuspal/statuspal-kind';
import { StatusPageTargets, type OutboxAccountsPort } from '../../electron/core/outbox/statuspal/targets';
import { AppError } from '../../shared/errors';

/*
 * Deliberately broken outboxes, for the simulation's self-test: each breaks one rule the write path keeps,
 * and a simulation of modest size must find the break. A simulation that passes against these proves
 * nothing about the real one.
 */

/** Wraps the real status page kind into a broken one. */
type KindMutation = (kind: OutboxKindHandler) => OutboxKindHandler;

export const MUTATIONS = {
  /** A 500 after the server committed is taken for "not applied": resent without a look-up first. */
  'a 500 is resent without a look-up': (kind) => ({
    ...kind,
    classify: (error, entry) => {
      const disposition = kind.classify(error, entry);
      return disposition.type === 'retry' && error instanceof AppError && error.status === 500 ? { ...disposition, ambiguous: false } : disposition;
    },
  }),
} satisfies Record<string, KindMutation>;
export type MutationName = keyof typeof MUTATIONS;

/** The outbox as openStatusPageOutbox builds it, with its kind broken by `mutation`. */
export async function openBrokenOutbox(
  mutation: KindMutation,
  options: Omit<OutboxServiceOptions, 'kinds'> & { accounts: OutboxAccountsPort; requestTimeoutMs: number; reconcileSettleMs: number },
): Promise<OutboxService> {
  const targets = new StatusPageTargets({ accounts: options.accounts, rateLimit: { limit: 10_000, windowMs: 1_000 }, timeoutMs: options.requestTimeoutMs });
  const kind = createStatusPageOutboxKind({ targets, probe: createHelloProbe(), reconcileSettleMs: options.reconcileSettleMs });
  return OutboxService.open({ ...options, kinds: [mutation(kind)] });
}

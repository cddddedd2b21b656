import { describeIssues } from '@shared/validation/describe-issues';
import { AppError } from '@shared/errors';
import type { ForgetResult } from '@shared/operations/forget-result';
import { OPERATIONS_OUTBOX_KIND, OPERATIONS_OUTBOX_OPERATION, queuedForgetInputSchema } from '@shared/operations/queued-forget';
import type { ServerProbe } from '@core/connectivity/hello-probe';
import type { OutboxEntry } from '@core/outbox/entry';
import type { FailureDisposition, OutboxKindHandler, PrepareRequest, PreparedWrite, SendContext, SendOutcome } from '@core/outbox/kinds';
import { normalizeServiceBaseUrl } from './base-url';
import { classifyForgetError, forgetErrorOf } from './classify-forget-error';
import { createOperationsProbe } from './service-probe';

/** What the kind needs of the operations feature (OperationsFeature implements it). */
export interface QueuedForgetPort {
  /** The service address in the settings now, normalised. */
  configuredBaseUrl(): string;
  /** Resolves when a token source is available in the panel's order; throws an AppError saying what is missing. */
  checkAccess(): Promise<void>;
  /**
   * Sends one DELETE the way the panel does and records a final result in the history (and tells the window).
   * `earlierAttempt`: an attempt of ours may already have reached the service, so a 404 means it is done.
   * Throws the client's error when the name is not settled.
   */
  forgetQueued(request: { outboxId: string; name: string; baseUrl: string; earlierAttempt: boolean; signal: AbortSignal }): Promise<ForgetResult>;
}

interface OperationsOutboxKindOptions {
  operations: QueuedForgetPort;
  probe?: ServerProbe;
}

/** Orders entries per service and name: the same name twice on one service goes out one after the other. */
export function operationsResourceKey(baseUrl: string, name: string): string {
  return `operations:${baseUrl}:${name}`;
}

function baseUrlOf(request: { server?: { baseUrl: string } | undefined; input: Record<string, unknown> }): string {
  const raw = request.server?.baseUrl ?? request.input.baseUrl;
  if (typeof raw !== 'string') throw new AppError('invalid_input', 'A queued forget needs the operations service address.');
  return normalizeServiceBaseUrl(raw);
}

/**
 * The `operations.delete` kind: `DELETE {service}/v1/{name}` for names queued while the service could not be
 * reached. Deleting is idempotent in effect, so there is nothing to look up after an unknown outcome: a 404 after
 * an earlier attempt that may have arrived means the interest is already gone.
 */
export function createOperationsOutboxKind(options: OperationsOutboxKindOptions): OutboxKindHandler {
  const port = options.operations;

  return {
    kind: OPERATIONS_OUTBOX_KIND,
    probe: options.probe ?? createOperationsProbe(),

    prepare(request: PrepareRequest): PreparedWrite {
      if (request.operation !== OPERATIONS_OUTBOX_OPERATION) {
        throw new AppError('invalid_input', `${request.operation} is not an operation of ${OPERATIONS_OUTBOX_KIND}; use ${OPERATIONS_OUTBOX_OPERATION}.`);
      }
      const input = queuedForgetInputSchema.safeParse(request.input);
      if (!input.success) throw new AppError('invalid_input', `Not a queued forget: ${describeIssues(input.error.issues)}`);
      const baseUrl = baseUrlOf(request);
      // The token goes wherever the entry points: only the service the user configured may be named.
      const configured = port.configuredBaseUrl();
      if (baseUrl !== configured) {
        throw new AppError('invalid_input', `A queued forget may only go to the configured operations service (${configured}), not ${baseUrl}.`);
      }
      return { resourceKey: operationsResourceKey(baseUrl, input.data.name) };
    },

    serverOf: (entry, whole) => baseUrlOf(entry.server ? { server: entry.server, input: {} } : whole(entry)),

    async precheck(): Promise<FailureDisposition | null> {
      try {
        await port.checkAccess();
        return null;
      } catch (error) {
        return { type: 'blocked', error: forgetErrorOf(error) };
      }
    },

    async send(entry: OutboxEntry, input: Record<string, unknown>, ctx: SendContext): Promise<SendOutcome> {
      const { name, mayHaveApplied } = queuedForgetInputSchema.parse(input);
      const result = await port.forgetQueued({
        outboxId: entry.id,
        name,
        baseUrl: baseUrlOf(entry),
        // Only an attempt that may have reached the service counts (the outbox sets reconcile after those): one
        // refused while offline proves nothing, and a mistyped name must still say "not found".
        earlierAttempt: entry.reconcile === true || mayHaveApplied === true,
        signal: ctx.signal,
      });
      return {
        type: 'sent',
        result: { summary: { name, outcome: result.outcome }, ...(result.outcome === 'already_gone' ? { alreadyDone: true } : {}) },
        object: result,
      };
    },

    classify: (error) => classifyForgetError(error),
  };
}

import type { AppError } from '@shared/errors';
import type { ForgetResult } from '@shared/operations/forget-result';
import { checkOperationName } from '@shared/operations/operation-name';
import {
  OPERATIONS_OUTBOX_ACCOUNT,
  OPERATIONS_OUTBOX_KIND,
  OPERATIONS_OUTBOX_OPERATION,
  QUEUED_MESSAGE,
  type QueuedForgetInput,
} from '@shared/operations/queued-forget';
import type { OutboxService } from '@core/outbox/outbox-service';
import type { ForgetDivert } from './forget-many';
import { isCertificateCode } from './network-failure';
import { OperationsApiError } from './operations-error';
import { operationsResourceKey } from './operations-outbox-kind';

/** The service could not be reached at all (after the client's own retries); a bad certificate is not that. */
function isUnreachable(error: AppError): error is OperationsApiError {
  return error instanceof OperationsApiError && error.code === 'network' && !(error.networkCode !== undefined && isCertificateCode(error.networkCode));
}

/**
 * Puts a batch's names in the outbox instead of failing them when the operations service cannot be reached:
 * all of them when the outbox already knows the service is down, otherwise each name whose own attempt could
 * not connect, and every name after that in the batch (no point trying each one against a dead service).
 */
export class QueueUnreachable implements ForgetDivert {
  readonly #outbox: OutboxService;
  readonly #baseUrl: string;
  #down = false;

  constructor(outbox: OutboxService, baseUrl: string) {
    this.#outbox = outbox;
    this.#baseUrl = baseUrl;
  }

  before(): boolean {
    return this.#down || !this.#outbox.connectivity.isReachable(this.#baseUrl);
  }

  async take(name: string, error: AppError | null): Promise<ForgetResult | null> {
    if (error !== null && !isUnreachable(error)) return null;
    // A malformed name is refused with its own reason, never queued.
    if (!checkOperationName(name).ok) return null;
    if (error !== null) {
      this.#down = true;
      // The outbox probes the service from now on, so the next batch goes straight to the queue too.
      this.#outbox.connectivity.reportFailure(this.#baseUrl);
    }
    const outboxId = await this.#enqueue(name, error !== null && error.ambiguous);
    return { name, outcome: 'queued', outboxId, message: QUEUED_MESSAGE };
  }

  async #enqueue(name: string, mayHaveApplied: boolean): Promise<string> {
    // The same name already waiting for the same service is not queued twice.
    const key = operationsResourceKey(this.#baseUrl, name);
    const waiting = this.#outbox
      .list()
      .find((e) => e.kind === OPERATIONS_OUTBOX_KIND && e.resourceKey === key && (e.state === 'pending' || e.state === 'in_flight'));
    if (waiting) return waiting.id;
    const input: QueuedForgetInput = { name, ...(mayHaveApplied ? { mayHaveApplied: true } : {}) };
    const queued = await this.#outbox.enqueue({
      kind: OPERATIONS_OUTBOX_KIND,
      accountId: OPERATIONS_OUTBOX_ACCOUNT,
      server: { baseUrl: this.#baseUrl, keyFrom: 'account' },
      operation: OPERATIONS_OUTBOX_OPERATION,
      input,
    });
    return queued.id;
  }
}

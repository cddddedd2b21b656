import { randomUUID } from 'node:crypto';
import type { AlertDeliveryView } from '@shared/alerts/alert-delivery';
import type { AlertDestination, AlertDestinationKind } from '@shared/alerts/alert-destination';
import { alertMessageSchema, type AlertMessage } from '@shared/alerts/alert-message';
import { AppError } from '@shared/errors';
import { describeIssues } from '@shared/validation/describe-issues';
import type { FetchLike } from '@core/http/timed-exchange';
import type { AlertDeliveryApi, AlertDeliveryOptions } from '../alert-delivery-api';
import { DESTINATION_FORMATS } from '../destinations/destination-formats';
import type { RateLimit } from '../destinations/destination-format';
import { acquireAlertQueueLock, AlertsBusyError, type AlertQueueOwnership } from './alert-queue-lock';
import { attemptDelivery, type AttemptOutcome } from './attempt';
import { isWaiting, viewOf, type DeliveryPatch, type DeliveryRecord } from './delivery-record';
import { DestinationPacer, intervalOf } from './pacer';
import { AlertQueueStore } from './queue-store';
import { DEFAULT_RETRY_SCHEDULE, nextRetry, type RetrySchedule } from './retry-schedule';
import { TypedEvents } from '@core/events/typed-events';

/** Knobs for tests and the bench; the app leaves them at the documented figures. */
export interface AlertDeliveryKnobs {
  /** Replaces a kind's documented rate limit (tests: a small real rate). */
  rateLimits?: Partial<Record<AlertDestinationKind, Pick<RateLimit, 'messages' | 'perMs'>>>;
  retry?: Partial<Omit<RetrySchedule, 'random'>>;
  /** The whole exchange of one request. Default 15 s. */
  requestTimeoutMs?: number;
  /** How soon a message waiting for a secret or a turned-off destination is looked at again. Default 60 s. */
  recheckMs?: number;
  keepDelivered?: number;
  compactMinLines?: number;
  fetch?: FetchLike;
}

/**
 * The durable alert queue and its sender (AlertDeliveryApi): at least once, in queue order per destination and
 * incident key, one request at a time per destination and no faster than its rate limit, with backoff and
 * Retry-After, given up on after a day or at once on a refusal. What was in flight at a crash is sent again
 * on start: every receiver is given a key to deduplicate by (PagerDuty's dedup_key, the webhook's
 * Idempotency-Key); Slack and Teams may then show it twice, which beats never.
 */
export class AlertDelivery implements AlertDeliveryApi {
  readonly #options: AlertDeliveryOptions & AlertDeliveryKnobs;
  readonly #now: () => number;
  readonly #schedule: RetrySchedule;
  readonly #store: AlertQueueStore;
  readonly #pacer = new DestinationPacer();
  readonly #loaded: Promise<void>;
  #writable: Promise<void> | null = null;
  /** The data folder's alert queue lock, while this process sends (alert-queue-lock.ts). */
  #releaseLock: (() => void) | null = null;
  #busy: AlertsBusyError | null = null;
  #started = false;
  #stopping = false;
  /** Per destination: the attempt under way. */
  readonly #inFlight = new Map<string, Promise<void>>();
  #timer: ReturnType<typeof setTimeout> | null = null;
  readonly #changes = new TypedEvents<{ change: undefined }>();
  readonly #firstOutcomeWaiters = new Map<string, Array<(view: AlertDeliveryView) => void>>();

  constructor(options: AlertDeliveryOptions & AlertDeliveryKnobs) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#schedule = { ...DEFAULT_RETRY_SCHEDULE, ...options.retry, random: options.random ?? Math.random };
    this.#store = new AlertQueueStore({
      dataDir: options.dataDir,
      reportProblem: options.reportProblem,
      now: this.#now,
      keepDelivered: options.keepDelivered,
      compactMinLines: options.compactMinLines,
    });
    this.#loaded = this.#store.load();
    this.#loaded.catch((error: unknown) => options.reportProblem(error instanceof AppError ? error.message : 'The alert queue could not be read.'));
  }

  /** The queue file has been read: list() shows what it holds. Writes nothing. */
  ready(): Promise<void> {
    return this.#loaded;
  }

  async refresh(): Promise<void> {
    await this.#loaded.catch(() => undefined);
    if (this.#releaseLock !== null || this.#writable !== null) return;
    // Not ours to write: the sending process's file, read as it is now.
    await this.#store
      .load()
      .catch((error: unknown) => this.#options.reportProblem(error instanceof AppError ? error.message : 'The alert queue could not be read.'));
  }

  get filePath(): string {
    return this.#store.filePath;
  }

  async enqueue(destinationId: string, message: AlertMessage): Promise<string> {
    const parsed = alertMessageSchema.safeParse(message);
    if (!parsed.success) throw new AppError('invalid_input', `The alert cannot be queued: ${describeIssues(parsed.error.issues)}.`);
    const destination = this.#destination(destinationId);
    if (!destination) throw new AppError('not_found', `There is no alert destination ${destinationId}.`);
    await this.#prepare();
    if (this.#stopping) throw new AppError('cancelled', 'The alert queue is closing; the alert was not queued.');
    const record: DeliveryRecord = {
      id: randomUUID(),
      seq: this.#store.nextSeq(),
      destinationId,
      destinationName: destination.name,
      kind: destination.kind,
      message: parsed.data,
      queuedAt: new Date(this.#now()).toISOString(),
      state: 'queued',
      attempts: 0,
      problem: null,
      firstAttemptAt: null,
      nextAttemptAt: null,
      deliveredAt: null,
    };
    await this.#store.add(record);
    this.#changed();
    this.#pump();
    return record.id;
  }

  list(options: { limit?: number; destinationId?: string } = {}): AlertDeliveryView[] {
    const records = [...this.#store.records.values()].filter((record) => options.destinationId === undefined || record.destinationId === options.destinationId);
    return records
      .reverse()
      .slice(0, options.limit ?? records.length)
      .map(viewOf);
  }

  firstOutcome(deliveryId: string): Promise<AlertDeliveryView> {
    const record = this.#store.records.get(deliveryId);
    if (!record) return Promise.reject(new AppError('not_found', `There is no alert delivery ${deliveryId}.`));
    if (!isWaiting(record) || record.attempts > 0 || record.problem !== null) return Promise.resolve(viewOf(record));
    return new Promise((resolve) => {
      const waiters = this.#firstOutcomeWaiters.get(deliveryId) ?? [];
      waiters.push(resolve);
      this.#firstOutcomeWaiters.set(deliveryId, waiters);
    });
  }

  retry(deliveryId: string): AlertDeliveryView {
    const record = this.#record(deliveryId);
    this.#own();
    if (record.state === 'delivered') throw new AppError('invalid_input', 'This alert was delivered; there is nothing to send again.');
    this.#persist(record, { state: 'queued', attempts: 0, problem: null, firstAttemptAt: null, nextAttemptAt: null, deliveredAt: null });
    this.#changed();
    this.#pump();
    return viewOf(record);
  }

  dismiss(deliveryId: string): void {
    const record = this.#record(deliveryId);
    if (isWaiting(record)) throw new AppError('invalid_input', 'This alert is still on its way; it can be dismissed once it is delivered or given up on.');
    this.#own();
    this.#remove([deliveryId]);
  }

  dropDestination(destinationId: string): number {
    const records = [...this.#store.records.values()].filter((record) => record.destinationId === destinationId);
    // Another process sends: it refuses them itself ("its destination was removed"), and its file is its own.
    if (!this.#ownsOrMayOwn()) return records.filter(isWaiting).length;
    this.#remove(records.map((record) => record.id));
    this.#pacer.forget(destinationId);
    return records.filter(isWaiting).length;
  }

  onChange(listener: () => void): () => void {
    return this.#changes.subscribe('change', listener);
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#prepare().then(
      () => this.#pump(),
      (error: unknown) => this.#options.reportProblem(error instanceof AppError ? error.message : 'The alert queue could not be opened.'),
    );
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await Promise.allSettled([...this.#inFlight.values()]);
    if (this.#writable) {
      await this.#writable.catch(() => undefined);
      await this.#store.close();
    }
    this.#releaseLock?.();
    this.#releaseLock = null;
  }

  open(): Promise<void> {
    return this.#prepare();
  }

  ownership(): AlertQueueOwnership {
    if (this.#releaseLock) return { state: 'owner' };
    if (this.#busy) return { state: 'busy', holderPid: this.#busy.holderPid, holderRole: this.#busy.holderRole, problem: this.#busy.message };
    return { state: 'unopened' };
  }

  /** Takes the data folder's alert queue at once (synchronously), or throws AlertsBusyError naming who sends. */
  #own(): void {
    if (this.#releaseLock) return;
    try {
      this.#releaseLock = acquireAlertQueueLock(this.#options.dataDir, this.#options.role ?? 'app');
      this.#busy = null;
    } catch (error) {
      if (error instanceof AlertsBusyError) this.#busy = error;
      throw error;
    }
  }

  #ownsOrMayOwn(): boolean {
    try {
      this.#own();
      return true;
    } catch (error) {
      if (error instanceof AlertsBusyError) return false;
      throw error;
    }
  }

  #prepare(): Promise<void> {
    if (this.#writable === null) {
      try {
        this.#own();
      } catch (error) {
        // Not kept: once the other sender stops, the next write here may take the queue.
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
      this.#writable = this.#loaded.then(() => this.#store.openForWriting());
    }
    return this.#writable;
  }

  #destination(id: string): AlertDestination | undefined {
    return this.#options.destinations().find((destination) => destination.id === id);
  }

  #record(id: string): DeliveryRecord {
    const record = this.#store.records.get(id);
    if (!record) throw new AppError('not_found', `There is no alert delivery ${id}.`);
    return record;
  }

  #remove(ids: string[]): void {
    const gone = this.#store.forget(ids);
    if (gone.length === 0) return;
    this.#changed();
    this.#prepare()
      .then(() => this.#store.writeRemovals(gone))
      .catch((error: unknown) => this.#options.reportProblem(error instanceof AppError ? error.message : 'The alert queue could not be written.'));
  }

  #persist(record: DeliveryRecord, patch: DeliveryPatch): Promise<void> {
    const written = this.#prepare().then(() => this.#store.patch(record, patch));
    Object.assign(record, patch);
    return written.catch((error: unknown) => this.#options.reportProblem(error instanceof AppError ? error.message : 'The alert queue could not be written.'));
  }

  #changed(): void {
    this.#changes.publish('change', undefined);
  }

  #intervalOf(kind: AlertDestinationKind): number {
    return intervalOf(this.#options.rateLimits?.[kind] ?? DESTINATION_FORMATS[kind].rateLimit);
  }

  /** Starts what may go now (one per destination, the first waiting of each incident), then sleeps until the next. */
  #pump(): void {
    if (!this.#started || this.#stopping || this.#writable === null) return;
    const now = this.#now();
    let wakeAt = Number.POSITIVE_INFINITY;
    const lanes = new Map<string, Set<string>>();
    const taken = new Set<string>(this.#inFlight.keys());
    for (const record of this.#store.records.values()) {
      if (record.state !== 'queued') continue;
      const seen = lanes.get(record.destinationId) ?? new Set<string>();
      lanes.set(record.destinationId, seen);
      // A later message of the same incident waits for the earlier one: the receiver sees them in order.
      if (seen.has(record.message.incidentKey)) continue;
      seen.add(record.message.incidentKey);
      if (taken.has(record.destinationId)) continue;
      const readyAt = Math.max(record.nextAttemptAt ?? 0, this.#pacer.readyAt(record.destinationId, { intervalMs: this.#intervalOf(record.kind) }));
      if (readyAt > now) {
        wakeAt = Math.min(wakeAt, readyAt);
        continue;
      }
      taken.add(record.destinationId);
      this.#begin(record);
    }
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = Number.isFinite(wakeAt) ? setTimeout(() => this.#pump(), Math.max(1, wakeAt - now)) : null;
  }

  #begin(record: DeliveryRecord): void {
    const run = this.#attempt(record)
      .catch((error: unknown) => this.#options.reportProblem(error instanceof AppError ? error.message : 'An alert could not be sent.'))
      .finally(() => {
        this.#inFlight.delete(record.destinationId);
        this.#pump();
      });
    this.#inFlight.set(record.destinationId, run);
  }

  async #attempt(record: DeliveryRecord): Promise<void> {
    const startedAt = this.#now();
    const outcome = await attemptDelivery(record, {
      destination: this.#destination(record.destinationId),
      secretFor: this.#options.secretFor,
      now: startedAt,
      requestTimeoutMs: this.#options.requestTimeoutMs ?? 15_000,
      fetch: this.#options.fetch,
    });
    const now = this.#now();
    const sent = outcome.kind === 'retry' || outcome.kind === 'refused' || (outcome.kind === 'delivered' && outcome.note === null);
    if (sent) this.#pacer.ended(record.destinationId, now);
    // Dismissed or dropped with its destination meanwhile: nothing to write.
    if (!this.#store.records.has(record.id)) return;
    const patch = this.#patchFor(record, outcome, startedAt, now, sent);
    await this.#persist(record, patch);
    this.#options.log?.(`alert ${record.id} to ${record.destinationName}: ${record.state}${record.problem ? ` (${record.problem})` : ''}`);
    const waiters = this.#firstOutcomeWaiters.get(record.id);
    this.#firstOutcomeWaiters.delete(record.id);
    for (const resolve of waiters ?? []) resolve(viewOf(record));
    this.#changed();
  }

  #patchFor(record: DeliveryRecord, outcome: AttemptOutcome, startedAt: number, now: number, sent: boolean): DeliveryPatch {
    const attempts = record.attempts + (sent ? 1 : 0);
    const firstAttemptAt = record.firstAttemptAt ?? (sent ? startedAt : null);
    const base = { attempts, firstAttemptAt, deliveredAt: null, nextAttemptAt: null };
    switch (outcome.kind) {
      case 'delivered':
        return { ...base, state: 'delivered', problem: outcome.note, deliveredAt: new Date(now).toISOString() };
      case 'refused':
        return { ...base, state: 'not_delivered', problem: outcome.problem };
      case 'wait':
        return { ...base, state: 'queued', problem: outcome.problem, nextAttemptAt: now + (this.#options.recheckMs ?? 60_000) };
      case 'retry': {
        const decision = nextRetry(attempts, firstAttemptAt ?? startedAt, now, outcome.retryAfter, this.#schedule);
        if (decision.kind === 'give_up') {
          const hours = Math.round(this.#schedule.giveUpAfterMs / 3_600_000);
          return { ...base, state: 'not_delivered', problem: `Given up after ${hours >= 1 ? `${hours} h` : 'too long'} of failures. ${outcome.problem}` };
        }
        if (decision.retryAfterMs !== null) this.#pacer.pause(record.destinationId, now + decision.retryAfterMs);
        return { ...base, state: 'queued', problem: outcome.problem, nextAttemptAt: decision.at };
      }
    }
  }
}

import { randomUUID } from 'node:crypto';
import { AppError } from '@shared/errors';
import { describeIssues } from '@shared/validation/describe-issues';
import type { OutboxEntryView } from '@shared/outbox/entry-view';
import {
  outboxEnqueueInputSchema,
  type ConflictChoice,
  type OutboxEnqueueInput,
  type OutboxEnqueueResult,
  type OutboxResolveConflictResult,
  type OutboxResolveLookupInput,
} from '@shared/outbox/requests';
import type { OutboxChange, OutboxFlushReport, OutboxStatus } from '@shared/outbox/status';
import type { ConnectivityMonitor } from '@core/connectivity/connectivity-monitor';
import type { BackoffPolicy } from '@core/timing/backoff';
import { systemBootClock, type BootClock } from '@core/timing/boot-clock';
import { SchedulingView } from './scheduling-view';
import { SendPump } from './send-pump';
import { countStates, toView, type EntryHeader, type OutboxEntry } from './entry';
import { discardPlan } from './discard-plan';
import { EntrySender } from './entry-sender';
import { diskStatusOf } from './disk-words';
import { addDurably, addManyDurably, enqueueResultOf, newEntry } from './new-entry';
import { prepareBatch } from './prepare-batch';
import { EntryRuntimes } from './entry-runtime';
import { FlushWaiters, type SendTally } from './flush-waiters';
import { InFlightLedger } from './in-flight-ledger';
import { OutboxChanges } from './change-emitter';
import { EntryServers } from './entry-servers';
import type { OutboxKindHandler, OutboxKindRegistry } from './kinds';
import { UserDecisions } from './user-decisions';
import type { OutboxLoadReport, OutboxStore } from './outbox-store';
import type { OutboxFlushOptions, OutboxServiceOptions } from './outbox-options';
import { assembleOutbox, RESEND_BACKOFF, type OutboxParts } from './outbox-parts';

export type { OutboxChange, OutboxFlushReport, OutboxServiceOptions };

/**
 * The durable offline outbox (docs/architecture.md, flow 2): every write goes in, is fsynced before `enqueue()`
 * resolves, and is sent when its server can be reached: in order per resource, in parallel across resources
 * within the account's rate limit, exactly once in effect (unknown outcomes are reconciled on the server before
 * any resend), with temp ids rewritten to server ids, edits held on conflict, permanent failures kept for the
 * user. One process at a time owns the file (see outbox-lock.ts).
 */
export class OutboxService {
  readonly connectivity: ConnectivityMonitor;
  readonly loadReport: OutboxLoadReport;
  readonly #store: OutboxStore;
  readonly #kinds: OutboxKindRegistry;
  readonly #ownsConnectivity: boolean;
  readonly #release: () => void;
  readonly #now: () => number;
  readonly #backoff: BackoffPolicy;
  readonly #bootClock: BootClock;
  readonly #changes = new OutboxChanges(() => (this.#closed ? null : this.status()));
  readonly #runtime = new EntryRuntimes();
  readonly #inFlight = new InFlightLedger();
  readonly #flushWaiters = new FlushWaiters();
  /** Per account: no sends before this time (a 429's Retry-After). */
  readonly #pausedUntil = new Map<string, number>();
  /** Writes sent so far, and of those found applied by a look-up (sent by an earlier attempt): flush reports count them. */
  readonly #tally: SendTally = { sent: 0, found: 0 };
  #started = false;
  #closed = false;
  #unsubscribeConnectivity: (() => void) | undefined;
  readonly #servers: EntryServers;

  readonly #sender: EntrySender;
  readonly #pump: SendPump;
  readonly #decisions: UserDecisions;

  private constructor(parts: OutboxParts, options: OutboxServiceOptions) {
    this.#store = parts.store;
    this.#servers = new EntryServers({ ...parts, runtime: this.#runtime, entries: parts.store.entries });
    this.#kinds = parts.kinds;
    this.connectivity = parts.connectivity;
    this.#ownsConnectivity = parts.ownsConnectivity;
    this.#release = parts.release;
    this.loadReport = parts.store.loadReport;
    this.#now = options.now ?? Date.now;
    this.#pump = new SendPump({
      scheduling: new SchedulingView({
        store: parts.store,
        kinds: parts.kinds,
        connectivity: parts.connectivity,
        runtime: this.#runtime,
        inFlight: this.#inFlight,
        servers: this.#servers,
        pausedUntil: this.#pausedUntil,
        maxPerAccount: options.maxInFlightPerAccount ?? 8,
        now: options.now ?? Date.now,
      }),
      flushWaiters: this.#flushWaiters,
      tally: this.#tally,
      now: this.#now,
      send: (header) => {
        const entry = this.#store.entries.get(header.id);
        if (entry) void this.#sender.send(this.#servers.scouting(entry));
      },
      started: () => this.#started,
      closed: () => this.#closed,
    });
    this.#backoff = { ...RESEND_BACKOFF, ...options.backoff };
    this.#bootClock = options.bootClock ?? systemBootClock;
    this.#sender = new EntrySender({
      store: this.#store,
      kinds: this.#kinds,
      connectivity: this.connectivity,
      runtime: this.#runtime,
      inFlight: this.#inFlight,
      pausedUntil: this.#pausedUntil,
      backoff: this.#backoff,
      now: this.#now,
      kindOf: (entry) => this.#kindOf(entry),
      serverOf: (entry) => this.#servers.of(entry),
      emitEntry: (entry) => this.#emitEntry(entry),
      onSent: (entry, found) => {
        if (found) this.#tally.found++;
        else this.#tally.sent++;
        this.#flushWaiters.progress(entry, this.#tally);
      },
      afterSend: () => {
        this.#changes.queueStatus();
        this.#pump.pump();
      },
    });
    this.#decisions = new UserDecisions({
      store: this.#store,
      runtime: this.#runtime,
      now: this.#now,
      entry: (id) => this.#entry(id),
      kindOf: (entry) => this.#kindOf(entry),
      view: (entry) => this.#view(entry),
      emitEntry: (entry) => this.#emitEntry(entry),
      remove: (entry) => this.#remove(entry),
      pump: () => this.#pump.pump(),
      sending: (entry) => entry.state === 'in_flight' || this.#inFlight.has(entry.id),
    });
    // Sent entries compaction forgot leave the views too (the window kept them for ever otherwise).
    this.#store.onForgotten((ids) => {
      if (this.#closed) return;
      for (const id of ids) this.#runtime.forget(id);
      this.#changes.emit({ type: 'forgotten', ids });
    });
  }

  /** Opens (and locks) the outbox file; nothing is sent before start(). */
  static async open(options: OutboxServiceOptions): Promise<OutboxService> {
    const parts = await assembleOutbox(options);
    const service = new OutboxService(parts, options);
    const report = parts.store.loadReport;
    if (report.problem) options.onProblem?.({ kind: 'outbox_damaged', message: report.problem, movedTo: report.quarantinedTo });
    service.#servers.trackAll(parts.store.entries.headers());
    for (const entry of parts.store.entries.headers()) {
      if (!parts.kinds.has(entry.kind)) service.#runtime.of(entry.id).unsendable = true;
      if (entry.reconcile) service.#runtime.of(entry.id).sentBeforeOpen = true;
    }
    return service;
  }

  get filePath(): string {
    return this.#store.filePath;
  }

  /** fsyncs so far: group commit keeps this far below the number of records. */
  get syncCount(): number {
    return this.#store.syncs;
  }

  /** Begins sending and watching connectivity. */
  start(): void {
    if (this.#closed) throw new AppError('internal', 'The outbox is closed.');
    if (this.#started) return;
    this.#started = true;
    if (this.#ownsConnectivity) this.connectivity.start();
    this.#unsubscribeConnectivity = this.connectivity.onChange(() => {
      this.#changes.queueStatus();
      this.#pump.pump();
    });
    this.#pump.pump();
  }

  /** Stops sending: waits for writes in flight (aborted after `abortAfterMs`, reconciled at the next start), then closes and unlocks. */
  async stop(options: { abortAfterMs?: number } = {}): Promise<void> {
    if (this.#closed) return;
    this.#started = false;
    this.#closed = true;
    this.#pump.cancel();
    this.#unsubscribeConnectivity?.();
    if (this.#ownsConnectivity) this.connectivity.stop();
    await this.#inFlight.settle(options.abortAfterMs ?? 10_000, () => this.#runtime.anyCommitting());
    for (const waiter of this.#flushWaiters.all()) this.#pump.finish(waiter);
    try {
      await this.#store.close();
    } finally {
      this.#release();
    }
  }

  /** Queues a write; resolves once it is durable ("accepted"). */
  async enqueue(request: OutboxEnqueueInput): Promise<OutboxEnqueueResult> {
    this.#assertOpen();
    const parsed = outboxEnqueueInputSchema.safeParse(request);
    if (!parsed.success) throw new AppError('invalid_input', `The write is not valid: ${describeIssues(parsed.error.issues)}`);
    const req = parsed.data;
    const id = req.id ?? randomUUID();
    const existing = this.#store.entries.get(id);
    if (existing) return enqueueResultOf(existing);
    const entry = newEntry({ ...req, id }, this.#kinds, this.#store, this.#now(), this.#bootClock);
    // A write that cannot be saved (a full disk) is refused with the cause, and the status says so too.
    await addDurably(this.#store, this.#runtime, entry).catch((error: unknown) => {
      this.#changes.queueStatus();
      throw error;
    });
    this.#servers.track(entry);
    this.#emitEntry(entry);
    this.#pump.pump();
    return enqueueResultOf(entry);
  }

  /**
   * Queues many writes in one file write and one fsync (a metric file's points): in the order given, each after
   * the writes queued before it, as if enqueued one by one. All or none: every write is checked first, and one
   * that is not valid refuses the batch with a BatchWriteError naming it. A write whose id is already in the
   * outbox (a retried call) answers its entry, as enqueue() does. Resolves once all are durable.
   */
  async enqueueMany(requests: readonly OutboxEnqueueInput[]): Promise<OutboxEnqueueResult[]> {
    this.#assertOpen();
    const { results, fresh } = prepareBatch(requests, { kinds: this.#kinds, store: this.#store, now: this.#now(), bootClock: this.#bootClock });
    if (fresh.length === 0) return results;
    // Added to the store in memory now, in this order, before anything else can be queued: the queue order.
    await addManyDurably(this.#store, this.#runtime, fresh).catch((error: unknown) => {
      this.#changes.queueStatus();
      throw error;
    });
    for (const entry of fresh) this.#servers.track(entry);
    if (this.#changes.listening) this.#changes.emit({ type: 'added', entries: fresh.map((entry) => this.#view(entry)) });
    this.#changes.queueStatus();
    this.#pump.pump();
    return results;
  }

  /** Every entry, in queue order, without secrets. */
  list(): OutboxEntryView[] {
    this.#pump.refresh();
    return [...this.#store.entries.values()].map((entry) => this.#view(entry));
  }

  get(id: string): OutboxEntryView | undefined {
    const entry = this.#store.entries.get(id);
    if (!entry) return undefined;
    this.#pump.refresh();
    return this.#view(entry);
  }

  /** How many writes this process has seen through to sent (sent now, or found sent by an earlier attempt). */
  sentSinceOpen(): number {
    return this.#tally.sent + this.#tally.found;
  }

  /** Writes not yet sent and not waiting for the user (pending or in flight). */
  pendingCount(): number {
    const counts = countStates(this.#store.entries.headers());
    return counts.pending + counts.inFlight;
  }

  status(): OutboxStatus {
    const disk = this.#store.diskFailure;
    return {
      ...countStates(this.#store.entries.headers()),
      connectivity: this.connectivity.state(),
      ...(disk ? { disk: diskStatusOf(disk, this.filePath) } : {}),
    };
  }

  /** The whole server answer of a sent entry, while this process remembers it (the CLI prints it). */
  resultObject(id: string): unknown {
    return this.#runtime.objectOf(id);
  }

  /**
   * Sends what can be sent: probes unreachable servers first, lets blocked entries try again, skips backoff
   * waits; resolves when nothing in scope is sendable (sent, failed, conflict, or its server unreachable).
   */
  flush(options: OutboxFlushOptions & { report: false }): Promise<null>;
  flush(options?: OutboxFlushOptions): Promise<OutboxFlushReport>;
  async flush(options: OutboxFlushOptions = {}): Promise<OutboxFlushReport | null> {
    this.#assertOpen();
    if (!this.#started) this.start();
    const accounts = options.accountIds ? new Set(options.accountIds) : null;
    const ids = options.ids ? new Set(options.ids) : null;
    const inScope = (entry: EntryHeader) => (accounts === null || accounts.has(entry.accountId)) && (ids === null || ids.has(entry.id));
    const wanted = (entry: EntryHeader | undefined) => entry?.state === 'pending' && inScope(entry);
    this.#runtime.unblockWhere((id) => wanted(this.#store.entries.header(id)));
    this.#servers.forgetServers(); // an account's server may have changed in Settings
    const servers = new Set<string>();
    for (const server of this.#servers.serversOf(this.#store.entries.headers(), wanted)) {
      if (server !== null && !this.connectivity.isReachable(server)) servers.add(server);
    }
    await Promise.all([...servers].map((server) => this.connectivity.probeNow(server)));
    // Counted after the probes, as the waiter's tally starts then; only a flush that tells its progress needs it.
    let progress: { total: number; tell: NonNullable<OutboxFlushOptions['onProgress']> } | undefined;
    if (options.onProgress) {
      let total = 0;
      for (const entry of this.#store.entries.headers()) if ((entry.state === 'pending' || entry.state === 'in_flight') && inScope(entry)) total++;
      progress = { total, tell: options.onProgress };
    }
    const report = this.#flushWaiters.wait(inScope, { ...this.#tally }, options.timeoutMs, (w) => this.#pump.finish(w), progress, options.report !== false);
    this.#pump.pump();
    return report;
  }

  /** Sends a failed, conflicting or waiting entry again, optionally with a corrected input. */
  async retry(id: string, newInput?: Record<string, unknown>): Promise<OutboxEntryView> {
    this.#assertOpen();
    return this.#decisions.retry(id, newInput);
  }

  /** Retry all: every failed write (of one account, when given) is sent again as it is. */
  async retryAll(options: { accountId?: string } = {}): Promise<OutboxEntryView[]> {
    this.#assertOpen();
    return this.#decisions.retryFailed((entry) => options.accountId === undefined || entry.accountId === options.accountId);
  }

  /** The account's key was replaced: what the server refused for the old key is sent again, and what waited for a key tries again. */
  async keyChanged(accountId: string): Promise<OutboxEntryView[]> {
    this.#assertOpen();
    for (const kind of this.#kinds.all()) kind.keyChanged?.(accountId);
    return this.#decisions.keyChanged(accountId);
  }

  /** Discards an entry (never one in flight). Writes that needed it fail with a reason; none vanish. */
  async drop(id: string): Promise<{ dropped: true; failedDependents: string[] }> {
    this.#assertOpen();
    const entry = this.#entry(id);
    if (entry.state === 'in_flight' || this.#inFlight.has(id)) throw new AppError('conflict', 'That write is being sent right now; try again in a moment.');
    const failedDependents = await this.#remove(entry);
    return { dropped: true, failedDependents };
  }

  /** An edit held in conflict: keep_mine sends it over the server's version, take_theirs drops it (and answers theirs). */
  async resolveConflict(id: string, choice: ConflictChoice): Promise<OutboxResolveConflictResult> {
    this.#assertOpen();
    return this.#decisions.resolveConflict(id, choice);
  }

  /** A create held in needs_look: It is mine (one of its candidates, taken as sent) or Send mine (sent again). */
  async resolveLookup(request: OutboxResolveLookupInput): Promise<OutboxEntryView> {
    this.#assertOpen();
    return this.#decisions.resolveLookup(request);
  }

  /** `status: false`: every change but the status (counting a long queue's writes at every change is not free). */
  onChange(listener: (change: OutboxChange) => void, options: { status?: boolean } = {}): () => void {
    return this.#changes.subscribe(listener, options);
  }

  #assertOpen(): void {
    if (this.#closed) throw new AppError('internal', 'The outbox is closed.');
  }

  #entry(id: string): OutboxEntry {
    const entry = this.#store.entries.get(id);
    if (!entry) throw new AppError('not_found', 'That write is not in the outbox.');
    return entry;
  }

  #kindOf(entry: OutboxEntry): OutboxKindHandler {
    const kind = this.#kinds.get(entry.kind);
    if (!kind) throw new AppError('unsupported', `This version of Statusdesk cannot send writes of kind ${entry.kind}.`);
    return kind;
  }

  #view(entry: OutboxEntry): OutboxEntryView {
    const runtime = this.#runtime.peek(entry.id);
    const waiting = this.#pump.waitingOf(entry.id);
    const nextAttemptAt = runtime?.nextAttemptAt;
    return toView(entry, { ...(waiting ? { waiting } : {}), ...(nextAttemptAt !== undefined && nextAttemptAt > this.#now() ? { nextAttemptAt } : {}) });
  }

  /** Removes an entry; entries that depended on it (or on the object it would create) fail with a reason. */
  async #remove(entry: OutboxEntry): Promise<string[]> {
    const { records, dependents } = discardPlan(entry, this.#store.entries.values());
    await this.#store.commit(records);
    this.#runtime.forget(entry.id);
    this.#changes.emit({ type: 'removed', id: entry.id });
    // The counts changed too (a settled conflict, a dropped failure): the window's badge follows them.
    this.#changes.queueStatus();
    for (const other of dependents) this.#emitEntry(other);
    this.#pump.pump();
    return dependents.map((d) => d.id);
  }

  #emitEntry(entry: OutboxEntry): void {
    this.#pump.stale();
    if (this.#changes.listening) this.#changes.emit({ type: 'entry', entry: this.#view(entry) });
    this.#changes.queueStatus();
  }
}

import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../../shared/errors';
import { describeIssues } from '../../../shared/validation/describe-issues';
import type { OutboxEntryView } from '../../../shared/outbox/entry-view';
import {
  outboxEnqueueInputSchema,
  type ConflictChoice,
  type OutboxEnqueueInput,
  type OutboxEnqueueResult,
  type OutboxResolveConflictResult,
} from '../../../shared/outbox/requests';
import type { OutboxChange, OutboxFlushReport, OutboxStatus } from '../../../shared/outbox/status';

export type { OutboxChange, OutboxFlushReport };
import { replaceTempIds } from '../../../shared/outbox/temp-id';
import { ConnectivityMonitor } from '../connectivity/connectivity-monitor';
import type { ServerProbe } from '../connectivity/hello-probe';
import type { NetworkSignals } from '../connectivity/network-signals';
import type { BackoffPolicy } from '../timing/backoff';
import { planDispatch, type DispatchPlan } from './dispatch-plan';
import { toView, type OutboxEntry } from './entry';
import { discardPlan } from './discard-plan';
import { EntrySender } from './entry-sender';
import { countStates } from './entry';
import { newEntry } from './new-entry';
import { EntryRuntimes } from './entry-runtime';
import { flushReport, flushSettled, FlushWaiters, type FlushView, type FlushWaiter } from './flush-waiters';
import { InFlightLedger } from './in-flight-ledger';
import { KindProbes } from './kind-probes';
import { OutboxKindRegistry, type OutboxKindHandler } from './kinds';
import type { OutboxRecord } from './log-format';
import { acquireOutboxLock, type OutboxOwnerRole } from './outbox-lock';
import { OUTBOX_FILE_NAME, OutboxStore, type OutboxLoadReport } from './outbox-store';

export interface OutboxServiceOptions {
  /** The data folder shared by the app and the command line; the file is `<dataDir>/outbox.jsonl`. */
  dataDir?: string;
  filePath?: string;
  kinds: Iterable<OutboxKindHandler> | OutboxKindRegistry;
  /** Shared with other features (its owner starts and stops it), or built here from `signals` and `probe`. */
  connectivity?: ConnectivityMonitor;
  signals?: NetworkSignals;
  /** Reachability probe of a connectivity monitor built here, for every server; default: each server's kind's, else the first kind's, else GET /hello. */
  probe?: ServerProbe;
  /** Probe backoff of a connectivity monitor built here. */
  probeDelay?: { initialMs?: number; maxMs?: number };
  /** Writes of one account in flight at once (all accounts' writes share their account's rate limiter). */
  maxInFlightPerAccount?: number;
  /** Resends after a failure: the app's backoff (timing/backoff.ts) with these figures. */
  backoff?: Partial<BackoffPolicy>;
  now?: () => number;
  /** A damaged outbox file was moved aside (told once, after loading). */
  onProblem?: (problem: OutboxProblem) => void;
  compactMinLines?: number;
  keepSent?: number;
  /** One process owns the file (default true). */
  lock?: boolean;
  /** Who takes the lock, so a process that finds it taken knows whether to wait or hand writes over. */
  owner?: OutboxOwnerRole;
}

/** 1 s, 2 s, 4 s … up to a minute, ±20 %. */
const RESEND_BACKOFF: BackoffPolicy = { baseMs: 1_000, maxMs: 60_000, jitter: 0.2 };

/** What open() puts together before the service exists. */
interface OutboxParts {
  store: OutboxStore;
  kinds: OutboxKindRegistry;
  connectivity: ConnectivityMonitor;
  /** Built here (started and stopped with the outbox) rather than shared by the app. */
  ownsConnectivity: boolean;
  /** Releases the file lock. */
  release: () => void;
  probes: KindProbes | null;
}

export interface OutboxProblem {
  kind: 'outbox_damaged';
  message: string;
  movedTo: string | null;
}

export interface OutboxFlushOptions {
  /** Give up waiting after this long (entries in backoff stay queued); default: no limit. */
  timeoutMs?: number;
  /** Only these accounts' entries (the command line flushes its own account). */
  accountIds?: string[];
  ids?: string[];
}


/**
 * The durable offline outbox (DESIGN.md, flow 2): every write goes in, is fsynced before `enqueue()`
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
  readonly #maxPerAccount: number;
  readonly #backoff: BackoffPolicy;
  readonly #listeners = new Set<(change: OutboxChange) => void>();
  readonly #runtime = new EntryRuntimes();
  readonly #inFlight = new InFlightLedger();
  readonly #flushWaiters = new FlushWaiters();
  /** Per account: no sends before this time (a 429's Retry-After). */
  readonly #pausedUntil = new Map<string, number>();
  #pumpQueued = false;
  #sentCount = 0;
  #timer: NodeJS.Timeout | undefined;
  #timerAt = Infinity;
  #started = false;
  #closed = false;
  #unsubscribeConnectivity: (() => void) | undefined;
  #statusQueued = false;
  readonly #probes: KindProbes | null;

  readonly #sender: EntrySender;

  private constructor(parts: OutboxParts, options: OutboxServiceOptions) {
    this.#store = parts.store;
    this.#probes = parts.probes;
    this.#kinds = parts.kinds;
    this.connectivity = parts.connectivity;
    this.#ownsConnectivity = parts.ownsConnectivity;
    this.#release = parts.release;
    this.loadReport = parts.store.loadReport;
    this.#now = options.now ?? Date.now;
    this.#maxPerAccount = options.maxInFlightPerAccount ?? 8;
    this.#backoff = { ...RESEND_BACKOFF, ...options.backoff };
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
      serverOf: (entry) => this.#serverOf(entry),
      emitEntry: (entry) => this.#emitEntry(entry),
      onSent: () => this.#sentCount++,
      afterSend: () => {
        this.#queueStatus();
        this.#pump();
      },
    });
  }

  /** Opens (and locks) the outbox file; nothing is sent before start(). */
  static async open(options: OutboxServiceOptions): Promise<OutboxService> {
    const filePath = options.filePath ?? (options.dataDir ? path.join(options.dataDir, OUTBOX_FILE_NAME) : null);
    if (filePath === null) throw new TypeError('OutboxService needs dataDir or filePath');
    const handlers = options.kinds instanceof OutboxKindRegistry ? null : [...options.kinds];
    const kinds = options.kinds instanceof OutboxKindRegistry ? options.kinds : new OutboxKindRegistry(handlers ?? []);
    await fs.mkdir(path.dirname(filePath), { recursive: true });
    const release = options.lock === false ? () => undefined : acquireOutboxLock(`${filePath.replace(/\.jsonl$/, '')}.lock`, options.owner ?? 'cli');
    let store: OutboxStore;
    try {
      store = await OutboxStore.open({
        filePath,
        ...(options.now ? { now: options.now } : {}),
        ...(options.compactMinLines === undefined ? {} : { compactMinLines: options.compactMinLines }),
        ...(options.keepSent === undefined ? {} : { keepSent: options.keepSent }),
      });
    } catch (error) {
      release();
      throw error;
    }
    // Without an explicit probe, each server is probed the way its kind says (see #serverOf).
    const fallback = handlers?.find((k) => k.probe)?.probe;
    const probes = options.probe === undefined && options.connectivity === undefined ? new KindProbes(fallback) : null;
    const probe = options.probe ?? probes?.probe;
    const owns = options.connectivity === undefined;
    const connectivity =
      options.connectivity ??
      new ConnectivityMonitor({
        ...(options.signals ? { signals: options.signals } : {}),
        ...(probe ? { probe } : {}),
        ...(options.probeDelay?.initialMs === undefined ? {} : { initialDelayMs: options.probeDelay.initialMs }),
        ...(options.probeDelay?.maxMs === undefined ? {} : { maxDelayMs: options.probeDelay.maxMs }),
      });
    const service = new OutboxService({ store, kinds, connectivity, ownsConnectivity: owns, release, probes }, options);
    const report = store.loadReport;
    if (report.problem) options.onProblem?.({ kind: 'outbox_damaged', message: report.problem, movedTo: report.quarantinedTo });
    for (const entry of store.entries.values()) {
      service.#track(entry);
      if (!kinds.has(entry.kind)) service.#runtime.of(entry.id).unsendable = true;
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
      this.#queueStatus();
      this.#pump();
    });
    this.#pump();
  }

  /**
   * Stops sending: waits for writes in flight (aborting them after `abortAfterMs`; an aborted write is
   * reconciled at the next start), then closes the file and releases the lock.
   */
  async stop(options: { abortAfterMs?: number } = {}): Promise<void> {
    if (this.#closed) return;
    this.#started = false;
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#unsubscribeConnectivity?.();
    if (this.#ownsConnectivity) this.connectivity.stop();
    const abortAt = Date.now() + (options.abortAfterMs ?? 10_000);
    while (this.#inFlight.size > 0 || this.#runtime.anyCommitting()) {
      if (Date.now() >= abortAt) this.#inFlight.abortAll();
      await new Promise((r) => setTimeout(r, 5));
    }
    for (const waiter of this.#flushWaiters.all()) this.#finishFlush(waiter, this.#planNow(), false);
    try {
      await this.#store.close();
    } finally {
      this.#release();
    }
  }

  // ---- the API the lead wires to IPC --------------------------------------------------------------

  /** Queues a write; resolves once it is durable ("accepted"). */
  async enqueue(request: OutboxEnqueueInput): Promise<OutboxEnqueueResult> {
    this.#assertOpen();
    const parsed = outboxEnqueueInputSchema.safeParse(request);
    if (!parsed.success) throw new AppError('invalid_input', `The write is not valid: ${describeIssues(parsed.error.issues)}`);
    const req = parsed.data;
    const id = req.id ?? randomUUID();
    const existing = this.#store.entries.get(id);
    if (existing) return { id, ...(existing.tempId ? { tempId: existing.tempId } : {}), state: existing.state, resourceKey: existing.resourceKey };
    const entry = newEntry({ ...req, id }, this.#kinds, this.#store, this.#now());
    this.#runtime.of(id).committing = true;
    try {
      await this.#store.add(entry);
    } catch (error) {
      this.#runtime.forget(id);
      this.#store.entries.delete(id);
      // The store names the file and the cause (a full disk, a read-only file): pass that on as it is.
      if (error instanceof AppError) throw error;
      throw new AppError('storage', `The write could not be saved to the outbox (${this.#store.filePath}).`, { cause: error });
    }
    this.#runtime.of(id).committing = false;
    this.#track(entry);
    this.#emitEntry(entry);
    this.#pump();
    return { id, ...(entry.tempId ? { tempId: entry.tempId } : {}), state: entry.state, resourceKey: entry.resourceKey };
  }

  /** Every entry, in queue order, without secrets. */
  list(): OutboxEntryView[] {
    this.#refreshWaiting();
    return [...this.#store.entries.values()].map((entry) => this.#view(entry));
  }

  get(id: string): OutboxEntryView | undefined {
    const entry = this.#store.entries.get(id);
    if (!entry) return undefined;
    this.#refreshWaiting();
    return this.#view(entry);
  }

  /** Writes not yet sent and not waiting for the user (pending or in flight). */
  pendingCount(): number {
    const counts = countStates(this.#store.entries.values());
    return counts.pending + counts.inFlight;
  }

  status(): OutboxStatus {
    return { ...countStates(this.#store.entries.values()), connectivity: this.connectivity.state() };
  }

  /** The whole server answer of a sent entry, while this process remembers it (the CLI prints it). */
  resultObject(id: string): unknown {
    return this.#runtime.objectOf(id);
  }

  /**
   * Sends what can be sent: probes unreachable servers first, lets blocked entries try again, skips backoff
   * waits; resolves when nothing in scope is sendable (sent, failed, conflict, or its server unreachable).
   */
  async flush(options: OutboxFlushOptions = {}): Promise<OutboxFlushReport> {
    this.#assertOpen();
    if (!this.#started) this.start();
    const accounts = options.accountIds ? new Set(options.accountIds) : null;
    const ids = options.ids ? new Set(options.ids) : null;
    const inScope = (entry: OutboxEntry) => (accounts === null || accounts.has(entry.accountId)) && (ids === null || ids.has(entry.id));
    const servers = new Set<string>();
    this.#runtime.forgetServers(); // an account's server may have changed in Settings
    for (const entry of this.#store.entries.values()) {
      if (!inScope(entry) || entry.state !== 'pending') continue;
      const runtime = this.#runtime.of(entry.id);
      runtime.blocked = false;
      runtime.nextAttemptAt = undefined;
      const server = this.#serverOf(entry);
      if (server !== null && !this.connectivity.isReachable(server)) servers.add(server);
    }
    await Promise.all([...servers].map((server) => this.connectivity.probeNow(server)));
    const report = this.#flushWaiters.wait(inScope, this.#sentCount, options.timeoutMs, (waiter) => this.#finishFlush(waiter, this.#planNow(), false));
    this.#pump();
    return report;
  }

  /** Sends a failed, conflicting or waiting entry again, optionally with a corrected input. */
  async retry(id: string, newInput?: Record<string, unknown>): Promise<OutboxEntryView> {
    this.#assertOpen();
    const entry = this.#entry(id);
    if (entry.state === 'in_flight' || this.#inFlight.has(id)) throw new AppError('conflict', 'That write is being sent right now.');
    if (entry.state === 'sent') throw new AppError('invalid_input', 'That write was already sent.');
    const records: OutboxRecord[] = [];
    if (newInput !== undefined) {
      const kind = this.#kindOf(entry);
      const input = replaceTempIds(newInput, (tempId) => this.#store.serverIdOf(tempId));
      const prepared = kind.prepare({ id, accountId: entry.accountId, ...(entry.server ? { server: entry.server } : {}), operation: entry.operation, input });
      records.push({ t: 'edit', id, input, resourceKey: prepared.resourceKey });
    }
    records.push({ t: 'state', id, state: 'pending', lastError: null, conflict: null });
    await this.#store.commit(records);
    const runtime = this.#runtime.of(id);
    runtime.blocked = false;
    runtime.nextAttemptAt = undefined;
    runtime.failures = 0;
    runtime.server = undefined;
    this.#emitEntry(entry);
    this.#pump();
    return this.#view(entry);
  }

  /** Discards an entry (never one in flight). Writes that needed it fail with a reason; none vanish. */
  async drop(id: string): Promise<{ dropped: true; failedDependents: string[] }> {
    this.#assertOpen();
    const entry = this.#entry(id);
    if (entry.state === 'in_flight' || this.#inFlight.has(id)) throw new AppError('conflict', 'That write is being sent right now; try again in a moment.');
    const failedDependents = await this.#remove(entry);
    return { dropped: true, failedDependents };
  }

  /**
   * keep_mine: take the server's current version as the new base and send the edit (overwriting theirs).
   * take_theirs: drop the edit; returns the server copy.
   */
  async resolveConflict(id: string, choice: ConflictChoice): Promise<OutboxResolveConflictResult> {
    this.#assertOpen();
    const entry = this.#entry(id);
    if (entry.state !== 'conflict') throw new AppError('invalid_input', 'That write is not in conflict.');
    const kind = this.#kindOf(entry);
    let current: Record<string, unknown> | null = null;
    let read: boolean;
    try {
      current = (await kind.fetchCurrent?.(entry, entry.input)) ?? null;
      read = kind.fetchCurrent !== undefined;
    } catch {
      read = false;
    }
    // Settled meanwhile by another caller (a second click, the command line's drop)?
    if (this.#store.entries.get(id) !== entry || entry.state !== 'conflict') throw new AppError('conflict', 'That conflict was already settled.');
    if (choice === 'take_theirs') {
      await this.#remove(entry);
      return { choice, theirs: read ? current : (entry.conflict?.theirs ?? null) };
    }
    const base = read ? (typeof current?.updated_at === 'string' ? current.updated_at : null) : (entry.conflict?.serverUpdatedAt ?? null);
    await this.#store.commit([
      { t: 'edit', id, baseUpdatedAt: base },
      { t: 'state', id, state: 'pending', lastError: null, conflict: null },
    ]);
    this.#runtime.of(id).nextAttemptAt = undefined;
    this.#emitEntry(entry);
    this.#pump();
    return { choice, entry: this.#view(entry) };
  }

  onChange(cb: (change: OutboxChange) => void): () => void {
    this.#listeners.add(cb);
    return () => this.#listeners.delete(cb);
  }

  // ---- internals -----------------------------------------------------------------------------------

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

  #serverOf(entry: OutboxEntry): string | null {
    // Asked for every entry on every pass of the scheduler: remember it (dropped on retry and removal).
    const runtime = this.#runtime.of(entry.id);
    if (runtime.server !== undefined) return runtime.server;
    const kind = this.#kinds.get(entry.kind);
    let server: string | null;
    try {
      server = kind ? kind.serverOf(entry) : null;
    } catch {
      server = null;
    }
    runtime.server = server;
    if (server !== null) this.#probes?.note(server, kind?.probe);
    return server;
  }

  #track(entry: OutboxEntry): void {
    if (entry.state === 'sent') return;
    const server = this.#serverOf(entry);
    if (server !== null) this.connectivity.track(server);
  }

  #view(entry: OutboxEntry): OutboxEntryView {
    const runtime = this.#runtime.peek(entry.id);
    const waiting = runtime?.waiting;
    const nextAttemptAt = runtime?.nextAttemptAt;
    return toView(entry, { ...(waiting ? { waiting } : {}), ...(nextAttemptAt !== undefined && nextAttemptAt > this.#now() ? { nextAttemptAt } : {}) });
  }

  /** Removes an entry; entries that depended on it (or on the object it would create) fail with a reason. */
  async #remove(entry: OutboxEntry): Promise<string[]> {
    const { records, dependents } = discardPlan(entry, this.#store.entries.values());
    await this.#store.commit(records);
    this.#runtime.forget(entry.id);
    this.#emit({ type: 'removed', id: entry.id });
    for (const other of dependents) this.#emitEntry(other);
    this.#pump();
    return dependents.map((d) => d.id);
  }

  #planNow(): DispatchPlan {
    return planDispatch({
      entries: this.#store.entries.values(),
      stateOf: (id) => this.#store.entries.get(id)?.state,
      running: { has: (id) => this.#inFlight.has(id) || this.#runtime.holdsBack(id) },
      runningPerAccount: this.#inFlight.perAccount,
      maxPerAccount: this.#maxPerAccount,
      now: this.#now(),
      nextAttemptAt: this.#runtime.retryAt,
      pausedUntil: this.#pausedUntil,
      blocked: this.#runtime.blocked,
      reachable: (entry) => {
        const server = this.#serverOf(entry);
        return server === null || this.connectivity.isReachable(server);
      },
      exclusivityKey: (entry) => this.#kinds.get(entry.kind)?.exclusivityKey?.(entry) ?? null,
      runningByExclusivity: this.#inFlight.byExclusivity,
    });
  }

  /** Notes why each pending entry waits (shown in the views) from a fresh plan. */
  #noteWaiting(plan: DispatchPlan): void {
    for (const entry of this.#store.entries.values()) {
      const reason = plan.waiting.get(entry.id);
      const runtime = reason === undefined ? this.#runtime.peek(entry.id) : this.#runtime.of(entry.id);
      if (runtime) runtime.waiting = reason;
    }
  }

  #refreshWaiting(): void {
    this.#noteWaiting(this.#planNow());
  }

  /** Many events in one tick (a batch of answers) make one scheduling pass. */
  #pump(): void {
    if (this.#pumpQueued || this.#closed) return;
    this.#pumpQueued = true;
    queueMicrotask(() => {
      this.#pumpQueued = false;
      this.#pumpNow();
    });
  }

  #pumpNow(): void {
    if (this.#closed) return;
    const plan = this.#planNow();
    this.#noteWaiting(plan);
    if (this.#started) {
      for (const entry of plan.start) void this.#sender.send(entry);
      this.#schedule(plan.wakeAt);
    }
    if (this.#flushWaiters.size > 0) {
      const after = plan.start.length > 0 ? this.#planNow() : plan;
      for (const waiter of this.#flushWaiters.all()) if (flushSettled(waiter, this.#flushView(after))) this.#finishFlush(waiter, after, true);
    }
  }

  #schedule(at: number | null): void {
    if (at === null) return;
    if (this.#timer && this.#timerAt <= at) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timerAt = at;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#timerAt = Infinity;
      this.#pump();
    }, Math.max(0, at - this.#now()));
    this.#timer.unref?.();
  }

  #flushView(plan: DispatchPlan): FlushView {
    return {
      entries: this.#store.entries.values(),
      plan,
      busy: (entry) => this.#inFlight.has(entry.id) || this.#runtime.peek(entry.id)?.committing === true,
      serverOf: (entry) => this.#serverOf(entry),
      settling: (server) => this.connectivity.isSettling(server),
    };
  }

  #finishFlush(waiter: FlushWaiter, plan: DispatchPlan, settled: boolean): void {
    this.#flushWaiters.finish(waiter, flushReport(waiter, this.#flushView(plan), this.#sentCount, settled));
  }

  #emitEntry(entry: OutboxEntry): void {
    if (this.#listeners.size > 0) this.#emit({ type: 'entry', entry: this.#view(entry) });
    this.#queueStatus();
  }

  #queueStatus(): void {
    if (this.#statusQueued || this.#listeners.size === 0) return;
    this.#statusQueued = true;
    queueMicrotask(() => {
      this.#statusQueued = false;
      if (!this.#closed) this.#emit({ type: 'status', status: this.status() });
    });
  }

  #emit(change: OutboxChange): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(change);
      } catch {
        // A faulty listener must not break sending.
      }
    }
  }
}

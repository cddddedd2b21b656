import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../../shared/errors';
import type { OutboxEntryView, OutboxError, OutboxWaitReason } from '../../../shared/outbox/entry-view';
import {
  outboxEnqueueInputSchema,
  type ConflictChoice,
  type OutboxEnqueueInput,
  type OutboxEnqueueResult,
  type OutboxResolveConflictResult,
} from '../../../shared/outbox/requests';
import type { OutboxChange, OutboxFlushReport, OutboxStatus } from '../../../shared/outbox/status';

export type { OutboxChange, OutboxFlushReport };
import { replaceTempIds, TEMP_ID_PREFIX, tempIdsIn } from '../../../shared/outbox/temp-id';
import { ConnectivityMonitor } from '../connectivity/connectivity-monitor';
import type { ServerProbe } from '../connectivity/hello-probe';
import type { NetworkSignals } from '../connectivity/network-signals';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff';
import { planDispatch, type DispatchPlan } from './dispatch-plan';
import { toView, type OutboxEntry } from './entry';
import { KindProbes } from './kind-probes';
import { OutboxKindRegistry, type FailureDisposition, type OutboxKindHandler, type SendContext, type SendOutcome } from './kinds';
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
  backoff?: Partial<BackoffOptions>;
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

interface FlushWaiter {
  inScope: (entry: OutboxEntry) => boolean;
  sentBefore: number;
  resolve: (report: OutboxFlushReport) => void;
  timer: NodeJS.Timeout | undefined;
}

const KEEP_OBJECTS = 200;
const SETTLING_REASONS = new Set<OutboxWaitReason>(['backoff', 'rate_limited', 'concurrency']);

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
  readonly #backoff: BackoffOptions;
  readonly #listeners = new Set<(change: OutboxChange) => void>();
  readonly #running = new Set<string>();
  /** Added but not yet durable: not sendable before enqueue() could say "accepted". */
  readonly #committing = new Set<string>();
  readonly #runningPerAccount = new Map<string, number>();
  readonly #runningByExclusivity = new Map<string, { exclusive: number; shared: number }>();
  readonly #nextAttemptAt = new Map<string, number>();
  readonly #failures = new Map<string, number>();
  readonly #pausedUntil = new Map<string, number>();
  readonly #blocked = new Set<string>();
  readonly #aborts = new Map<string, AbortController>();
  readonly #objects = new Map<string, unknown>();
  readonly #servers = new Map<string, string | null>();
  /** Loaded entries of a kind this version does not know: kept and shown, never sent. */
  readonly #unsendable = new Set<string>();
  #pumpQueued = false;
  readonly #flushWaiters = new Set<FlushWaiter>();
  #waiting = new Map<string, OutboxWaitReason>();
  #sentCount = 0;
  #timer: NodeJS.Timeout | undefined;
  #timerAt = Infinity;
  #started = false;
  #closed = false;
  #unsubscribeConnectivity: (() => void) | undefined;
  #statusQueued = false;
  readonly #probes: KindProbes | null;
  /** Held while someone awaits a flush: the wake-ups it waits for are unref'd timers (see #holdOpen). */
  #keepAlive: NodeJS.Timeout | undefined;

  private constructor(store: OutboxStore, kinds: OutboxKindRegistry, connectivity: ConnectivityMonitor, owns: boolean, release: () => void, options: OutboxServiceOptions, probes: KindProbes | null) {
    this.#store = store;
    this.#probes = probes;
    this.#kinds = kinds;
    this.connectivity = connectivity;
    this.#ownsConnectivity = owns;
    this.#release = release;
    this.loadReport = store.loadReport;
    this.#now = options.now ?? Date.now;
    this.#maxPerAccount = options.maxInFlightPerAccount ?? 8;
    this.#backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
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
    const service = new OutboxService(store, kinds, connectivity, owns, release, options, probes);
    const report = store.loadReport;
    if (report.problem) options.onProblem?.({ kind: 'outbox_damaged', message: report.problem, movedTo: report.quarantinedTo });
    for (const entry of store.entries.values()) {
      service.#track(entry);
      if (!kinds.has(entry.kind)) service.#unsendable.add(entry.id);
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
    while (this.#running.size > 0 || this.#committing.size > 0) {
      if (Date.now() >= abortAt) for (const controller of this.#aborts.values()) controller.abort();
      await new Promise((r) => setTimeout(r, 5));
    }
    for (const waiter of [...this.#flushWaiters]) this.#finishFlush(waiter, this.#planNow(), false);
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
    if (!parsed.success) throw new AppError('invalid_input', `The write is not valid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    const req = parsed.data;
    const id = req.id ?? randomUUID();
    const existing = this.#store.entries.get(id);
    if (existing) return { id, ...(existing.tempId ? { tempId: existing.tempId } : {}), state: existing.state, resourceKey: existing.resourceKey };
    const kind = this.#kinds.get(req.kind);
    if (!kind) throw new AppError('invalid_input', `Unknown kind of write: ${req.kind}.`);

    const input = replaceTempIds(req.input, (tempId) => this.#store.serverIdOf(tempId));
    const creators: string[] = [];
    for (const tempId of tempIdsIn(input)) {
      const creator = this.#store.entries.get(tempId.slice(TEMP_ID_PREFIX.length));
      if (!creator || creator.tempId !== tempId) throw new AppError('invalid_input', `The write refers to ${tempId}, which is not in the outbox.`);
      creators.push(creator.id);
    }
    let prepared;
    try {
      prepared = kind.prepare({ id, accountId: req.accountId, ...(req.server ? { server: req.server } : {}), operation: req.operation, input });
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('invalid_input', error instanceof Error ? error.message : 'The write is not valid.');
    }
    const entry: OutboxEntry = {
      id,
      seq: this.#store.nextSeq(),
      kind: req.kind,
      accountId: req.accountId,
      ...(req.server ? { server: req.server } : {}),
      operation: req.operation,
      input,
      resourceKey: prepared.resourceKey,
      ...(prepared.tempId ? { tempId: prepared.tempId } : {}),
      dependsOn: [...new Set([...(req.dependsOn ?? []), ...creators])].filter((dep) => dep !== id),
      ...(req.baseUpdatedAt ? { baseUpdatedAt: req.baseUpdatedAt } : {}),
      createdAt: new Date(this.#now()).toISOString(),
      attempts: 0,
      state: 'pending',
    };
    this.#committing.add(id);
    try {
      await this.#store.add(entry);
    } catch (error) {
      this.#committing.delete(id);
      this.#store.entries.delete(id);
      throw new AppError('storage', 'The write could not be saved to the outbox.', { cause: error });
    }
    this.#committing.delete(id);
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
    let n = 0;
    for (const entry of this.#store.entries.values()) if (entry.state === 'pending' || entry.state === 'in_flight') n++;
    return n;
  }

  status(): OutboxStatus {
    const counts = { pending: 0, inFlight: 0, failed: 0, conflicts: 0, sent: 0 };
    for (const entry of this.#store.entries.values()) {
      if (entry.state === 'pending') counts.pending++;
      else if (entry.state === 'in_flight') counts.inFlight++;
      else if (entry.state === 'failed') counts.failed++;
      else if (entry.state === 'conflict') counts.conflicts++;
      else counts.sent++;
    }
    return { ...counts, connectivity: this.connectivity.state() };
  }

  /** The whole server answer of a sent entry, while this process remembers it (the CLI prints it). */
  resultObject(id: string): unknown {
    return this.#objects.get(id);
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
    this.#servers.clear(); // an account's server may have changed in Settings
    for (const entry of this.#store.entries.values()) {
      if (!inScope(entry) || entry.state !== 'pending') continue;
      this.#blocked.delete(entry.id);
      this.#nextAttemptAt.delete(entry.id);
      const server = this.#serverOf(entry);
      if (server !== null && !this.connectivity.isReachable(server)) servers.add(server);
    }
    await Promise.all([...servers].map((server) => this.connectivity.probeNow(server)));
    return new Promise<OutboxFlushReport>((resolve) => {
      const waiter: FlushWaiter = { inScope, sentBefore: this.#sentCount, resolve, timer: undefined };
      if (options.timeoutMs !== undefined) {
        waiter.timer = setTimeout(() => this.#finishFlush(waiter, this.#planNow(), false), options.timeoutMs);
        waiter.timer.unref?.();
      }
      this.#flushWaiters.add(waiter);
      this.#holdOpen();
      this.#pump();
    });
  }

  /** Sends a failed, conflicting or waiting entry again, optionally with a corrected input. */
  async retry(id: string, newInput?: Record<string, unknown>): Promise<OutboxEntryView> {
    this.#assertOpen();
    const entry = this.#entry(id);
    if (entry.state === 'in_flight' || this.#running.has(id)) throw new AppError('conflict', 'That write is being sent right now.');
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
    this.#blocked.delete(id);
    this.#nextAttemptAt.delete(id);
    this.#failures.delete(id);
    this.#servers.delete(id);
    this.#emitEntry(entry);
    this.#pump();
    return this.#view(entry);
  }

  /** Discards an entry (never one in flight). Writes that needed it fail with a reason; none vanish. */
  async drop(id: string): Promise<{ dropped: true; failedDependents: string[] }> {
    this.#assertOpen();
    const entry = this.#entry(id);
    if (entry.state === 'in_flight' || this.#running.has(id)) throw new AppError('conflict', 'That write is being sent right now; try again in a moment.');
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
    let read = false;
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
    this.#nextAttemptAt.delete(id);
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
    const cached = this.#servers.get(entry.id);
    if (cached !== undefined) return cached;
    const kind = this.#kinds.get(entry.kind);
    let server: string | null;
    try {
      server = kind ? kind.serverOf(entry) : null;
    } catch {
      server = null;
    }
    this.#servers.set(entry.id, server);
    if (server !== null) this.#probes?.note(server, kind?.probe);
    return server;
  }

  #track(entry: OutboxEntry): void {
    if (entry.state === 'sent') return;
    const server = this.#serverOf(entry);
    if (server !== null) this.connectivity.track(server);
  }

  #view(entry: OutboxEntry): OutboxEntryView {
    const waiting = this.#waiting.get(entry.id);
    const nextAttemptAt = this.#nextAttemptAt.get(entry.id);
    return toView(entry, { ...(waiting ? { waiting } : {}), ...(nextAttemptAt !== undefined && nextAttemptAt > this.#now() ? { nextAttemptAt } : {}) });
  }

  /** Removes an entry; entries that depended on it (or on the object it would create) fail with a reason. */
  async #remove(entry: OutboxEntry): Promise<string[]> {
    const records: OutboxRecord[] = [{ t: 'remove', id: entry.id }];
    const dependents: OutboxEntry[] = [];
    if (entry.state !== 'sent') {
      for (const other of this.#store.entries.values()) {
        if (other.id === entry.id || other.state === 'sent' || other.state === 'in_flight') continue;
        const needsIt = other.dependsOn.includes(entry.id) || (entry.tempId !== undefined && tempIdsIn(other.input).has(entry.tempId));
        if (!needsIt) continue;
        dependents.push(other);
        const error: OutboxError = { code: 'invalid_input', message: 'It depends on a write that was discarded. Discard it, or edit it and try again.' };
        records.push({ t: 'state', id: other.id, state: 'failed', lastError: error });
        records.push({ t: 'edit', id: other.id, dependsOn: other.dependsOn.filter((dep) => dep !== entry.id) });
      }
    }
    await this.#store.commit(records);
    this.#forget(entry.id);
    this.#emit({ type: 'removed', id: entry.id });
    for (const other of dependents) this.#emitEntry(other);
    this.#pump();
    return dependents.map((d) => d.id);
  }

  #forget(id: string): void {
    this.#nextAttemptAt.delete(id);
    this.#failures.delete(id);
    this.#blocked.delete(id);
    this.#objects.delete(id);
    this.#waiting.delete(id);
    this.#servers.delete(id);
  }

  #planNow(): DispatchPlan {
    const skip = this.#committing.size === 0 && this.#unsendable.size === 0 ? this.#running : new Set([...this.#running, ...this.#committing, ...this.#unsendable]);
    return planDispatch({
      entries: this.#store.entries.values(),
      stateOf: (id) => this.#store.entries.get(id)?.state,
      running: skip,
      runningPerAccount: this.#runningPerAccount,
      maxPerAccount: this.#maxPerAccount,
      now: this.#now(),
      nextAttemptAt: this.#nextAttemptAt,
      pausedUntil: this.#pausedUntil,
      blocked: this.#blocked,
      reachable: (entry) => {
        const server = this.#serverOf(entry);
        return server === null || this.connectivity.isReachable(server);
      },
      exclusivityKey: (entry) => this.#kinds.get(entry.kind)?.exclusivityKey?.(entry) ?? null,
      runningByExclusivity: this.#runningByExclusivity,
    });
  }

  #refreshWaiting(): void {
    this.#waiting = this.#planNow().waiting;
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
    this.#waiting = plan.waiting;
    if (this.#started) {
      for (const entry of plan.start) void this.#process(entry);
      this.#schedule(plan.wakeAt);
    }
    if (this.#flushWaiters.size > 0) {
      const after = plan.start.length > 0 ? this.#planNow() : plan;
      for (const waiter of [...this.#flushWaiters]) if (this.#settled(waiter, after)) this.#finishFlush(waiter, after, true);
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

  #settled(waiter: FlushWaiter, plan: DispatchPlan): boolean {
    for (const entry of this.#store.entries.values()) {
      if (!waiter.inScope(entry)) continue;
      if (this.#running.has(entry.id) || this.#committing.has(entry.id) || entry.state === 'in_flight') return false;
      const reason = plan.waiting.get(entry.id);
      if (reason && SETTLING_REASONS.has(reason)) return false;
      if (reason === 'offline') {
        const server = this.#serverOf(entry);
        if (server !== null && this.connectivity.isSettling(server)) return false;
      }
    }
    return !plan.start.some((entry) => waiter.inScope(entry));
  }

  /**
   * The outbox's own timers (backoff, retry waits, connectivity probes) are unref'd so that an idle outbox
   * never keeps a process alive. A caller awaiting a flush is not idle: without a ref'd handle Node would see
   * an empty loop, exit 13 with the promise pending, and a command would end without a word. One ref'd
   * interval, held exactly while flush waiters exist, keeps those wake-ups alive.
   */
  #holdOpen(): void {
    if (this.#flushWaiters.size > 0 && this.#keepAlive === undefined) this.#keepAlive = setInterval(() => undefined, 60_000);
    else if (this.#flushWaiters.size === 0 && this.#keepAlive !== undefined) {
      clearInterval(this.#keepAlive);
      this.#keepAlive = undefined;
    }
  }

  #finishFlush(waiter: FlushWaiter, plan: DispatchPlan, settled: boolean): void {
    if (!this.#flushWaiters.delete(waiter)) return;
    this.#holdOpen();
    if (waiter.timer) clearTimeout(waiter.timer);
    const report: OutboxFlushReport = { settled, sent: this.#sentCount - waiter.sentBefore, pending: 0, inFlight: 0, failed: 0, conflicts: 0, waiting: {}, unreachable: [] };
    const unreachable = new Set<string>();
    for (const entry of this.#store.entries.values()) {
      if (!waiter.inScope(entry)) continue;
      if (entry.state === 'pending') {
        report.pending++;
        const reason = plan.waiting.get(entry.id);
        if (reason) report.waiting[reason] = (report.waiting[reason] ?? 0) + 1;
        const server = this.#serverOf(entry);
        if (reason === 'offline' && server !== null) unreachable.add(server);
      } else if (entry.state === 'in_flight') report.inFlight++;
      else if (entry.state === 'failed') report.failed++;
      else if (entry.state === 'conflict') report.conflicts++;
    }
    report.unreachable = [...unreachable];
    waiter.resolve(report);
  }

  #markRunning(entry: OutboxEntry, kind: OutboxKindHandler): () => void {
    this.#running.add(entry.id);
    this.#runningPerAccount.set(entry.accountId, (this.#runningPerAccount.get(entry.accountId) ?? 0) + 1);
    const key = kind.exclusivityKey?.(entry) ?? null;
    const exclusive = entry.reconcile === true;
    if (key !== null) {
      const counts = this.#runningByExclusivity.get(key) ?? { exclusive: 0, shared: 0 };
      if (exclusive) counts.exclusive++;
      else counts.shared++;
      this.#runningByExclusivity.set(key, counts);
    }
    return () => {
      this.#running.delete(entry.id);
      const n = (this.#runningPerAccount.get(entry.accountId) ?? 1) - 1;
      if (n <= 0) this.#runningPerAccount.delete(entry.accountId);
      else this.#runningPerAccount.set(entry.accountId, n);
      if (key !== null) {
        const counts = this.#runningByExclusivity.get(key);
        if (counts) {
          if (exclusive) counts.exclusive--;
          else counts.shared--;
          if (counts.exclusive <= 0 && counts.shared <= 0) this.#runningByExclusivity.delete(key);
        }
      }
    };
  }

  #context(signal: AbortSignal): SendContext {
    const store = this.#store;
    const kinds = this.#kinds;
    let claimed: Set<string> | undefined;
    return {
      signal,
      now: this.#now,
      get claimed(): ReadonlySet<string> {
        if (!claimed) {
          claimed = new Set();
          for (const entry of store.entries.values()) {
            if (entry.result?.id === undefined || entry.result.id === null) continue;
            const key = kinds.get(entry.kind)?.claimKey?.(entry);
            if (key) claimed.add(key);
          }
        }
        return claimed;
      },
    };
  }

  async #process(entry: OutboxEntry): Promise<void> {
    const kind = this.#kindOf(entry);
    const release = this.#markRunning(entry, kind);
    const controller = new AbortController();
    this.#aborts.set(entry.id, controller);
    try {
      const blocked = await kind.precheck?.(entry).catch(() => null);
      if (blocked) {
        await this.#applyFailure(entry, kind, blocked, false);
        return;
      }
      await this.#store.setState(entry.id, {
        state: 'in_flight',
        attempts: entry.attempts + 1,
        firstSentAt: entry.firstSentAt ?? new Date(this.#now()).toISOString(),
      });
      this.#emitEntry(entry);
      const unresolved = [...tempIdsIn(entry.input)];
      if (unresolved.length > 0) {
        const error: OutboxError = { code: 'invalid_input', message: `It refers to ${unresolved[0]}, whose create is no longer in the outbox.` };
        await this.#applyFailure(entry, kind, { type: 'permanent', error }, true);
        return;
      }
      const ctx = this.#context(controller.signal);
      let outcome: SendOutcome;
      try {
        outcome = await kind.send(entry, entry.input, ctx);
      } catch (error) {
        await this.#applyFailure(entry, kind, kind.classify(error, entry), true);
        return;
      }
      const server = this.#serverOf(entry);
      if (server !== null) this.connectivity.reportSuccess(server);
      this.#failures.delete(entry.id);
      this.#nextAttemptAt.delete(entry.id);
      if (outcome.type === 'conflict') {
        await this.#store.setState(entry.id, { state: 'conflict', conflict: outcome.conflict, lastError: null, reconcile: false });
        this.#emitEntry(entry);
        return;
      }
      await this.#rebaseFollowers(entry, kind, outcome, ctx);
      const records: OutboxRecord[] = [];
      // The mapping first: a write cut short can lose the "sent", never keep it without the mapping.
      if (entry.tempId !== undefined && outcome.serverId !== undefined) {
        records.push({ t: 'map', tempId: entry.tempId, serverId: outcome.serverId, at: this.#now() });
      }
      records.push({ t: 'state', id: entry.id, state: 'sent', result: outcome.result, lastError: null, conflict: null, reconcile: false });
      const changed = entry.tempId !== undefined ? this.#store.referencing(entry.tempId).filter((e) => e.id !== entry.id && e.state !== 'sent') : [];
      // Applied in memory now; the next write of this resource may start before this record's fsync: its own
      // "in flight" record follows this one in the file, so both are durable before it leaves. Were we to
      // crash first, the entry is found in flight on restart and reconciled (found sent), never resent.
      void this.#store.commit(records).catch(() => undefined);
      this.#sentCount++;
      this.#objects.set(entry.id, outcome.object);
      if (this.#objects.size > KEEP_OBJECTS) this.#objects.delete(this.#objects.keys().next().value as string);
      this.#emitEntry(entry);
      for (const other of changed) this.#emitEntry(other);
    } catch (error) {
      // The file could not be written: keep the entry as it is in memory and try again later.
      this.#failures.set(entry.id, (this.#failures.get(entry.id) ?? 0) + 1);
      this.#nextAttemptAt.set(entry.id, this.#now() + backoffDelay(this.#failures.get(entry.id)!, this.#backoff));
      if (entry.state === 'in_flight') {
        entry.state = 'pending';
        entry.reconcile = true;
      }
      void error;
    } finally {
      this.#aborts.delete(entry.id);
      release();
      this.#queueStatus();
      this.#pump();
    }
  }

  async #rebaseFollowers(entry: OutboxEntry, kind: OutboxKindHandler, outcome: SendOutcome, ctx: SendContext): Promise<void> {
    if (!kind.rebase) return;
    const followers = this.#store
      .onResource(entry.resourceKey)
      .filter((e) => e.id !== entry.id && e.state === 'pending' && e.baseUpdatedAt !== undefined && e.seq > entry.seq);
    if (followers.length === 0) return;
    let changes;
    try {
      changes = await kind.rebase(entry, outcome, followers, ctx);
    } catch {
      return; // Worst case a follower is held as a conflict the user settles: never a silent overwrite.
    }
    if (changes.length > 0) await this.#store.commit(changes.map((c) => ({ t: 'edit', id: c.id, baseUpdatedAt: c.baseUpdatedAt })));
  }

  async #applyFailure(entry: OutboxEntry, kind: OutboxKindHandler, disposition: FailureDisposition, wasSent: boolean): Promise<void> {
    const now = this.#now();
    if (disposition.type === 'permanent') {
      await this.#store.setState(entry.id, { state: 'failed', lastError: disposition.error, reconcile: false });
    } else if (disposition.type === 'blocked') {
      this.#blocked.add(entry.id);
      await this.#store.setState(entry.id, { state: 'pending', lastError: disposition.error });
    } else {
      const failures = (this.#failures.get(entry.id) ?? 0) + 1;
      this.#failures.set(entry.id, failures);
      const server = kind.serverOf(entry);
      let delay: number;
      if (disposition.rateLimited) {
        // Everyone on the account waits, as the server asked.
        const pause = disposition.retryAfterMs ?? 1_000;
        this.#pausedUntil.set(entry.accountId, Math.max(this.#pausedUntil.get(entry.accountId) ?? 0, now + pause));
        delay = pause;
      } else if (disposition.offline) {
        if (server !== null) this.connectivity.reportFailure(server);
        // The connectivity probe gates the retry; backoff only when the server keeps failing after answering.
        delay = failures <= 1 ? 0 : backoffDelay(failures - 1, this.#backoff);
      } else {
        delay = disposition.retryAfterMs ?? backoffDelay(failures, this.#backoff);
      }
      if (delay > 0) this.#nextAttemptAt.set(entry.id, now + delay);
      else this.#nextAttemptAt.delete(entry.id);
      await this.#store.setState(entry.id, {
        state: 'pending',
        lastError: disposition.error,
        ...(wasSent && disposition.ambiguous ? { reconcile: true } : {}),
      });
    }
    this.#emitEntry(entry);
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

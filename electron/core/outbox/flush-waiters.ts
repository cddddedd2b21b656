import type { OutboxWaitReason } from '@shared/outbox/entry-view';
import type { OutboxFlushReport } from '@shared/outbox/status';
import type { DispatchPlan } from './dispatch-plan';
import type { EntryHeader } from './entry';

/**
 * Writes this process saw sent: `sent` by its own attempts, `found` applied on the server by a look-up of a write
 * of unknown outcome since before the outbox was opened (an earlier process sent it, its "sent" never recorded:
 * a full disk, a crash). Counted apart, or a flush after a full disk counts again what the flush before it counted.
 */
export interface SendTally {
  sent: number;
  found: number;
}

export interface FlushWaiter {
  inScope: (entry: EntryHeader) => boolean;
  /** The outbox's tally when the flush began: the report counts what was sent since. */
  before: SendTally;
  /** With the report, or null for a caller that does not read it (making one looks at every write in scope). */
  resolve: (report: OutboxFlushReport | null) => void;
  wantsReport: boolean;
  timer: NodeJS.Timeout | undefined;
  /** Told of each write of its scope sent: how many so far, of the `total` it set out to send. */
  progress?: { total: number; tell: (sent: number, total: number) => void } | undefined;
}

/**
 * Callers awaiting a flush. The outbox's own timers (backoff, retry waits, connectivity probes) are unref'd
 * so that an idle outbox never keeps a process alive; a caller awaiting a flush is not idle: without a ref'd
 * handle Node would see an empty loop, exit 13 with the promise pending, and a command would end without a
 * word. One ref'd interval, held exactly while waiters exist, keeps those wake-ups alive.
 */
export class FlushWaiters {
  readonly #waiters = new Set<FlushWaiter>();
  #keepAlive: NodeJS.Timeout | undefined;

  get size(): number {
    return this.#waiters.size;
  }

  /** A snapshot, safe to iterate while waiters finish. */
  all(): FlushWaiter[] {
    return [...this.#waiters];
  }

  /** Waits until finish() is called for it; `onTimeout` is called after `timeoutMs` if given. */
  wait(
    inScope: FlushWaiter['inScope'],
    before: SendTally,
    timeoutMs: number | undefined,
    onTimeout: (waiter: FlushWaiter) => void,
    progress?: FlushWaiter['progress'],
    wantsReport = true,
  ): Promise<OutboxFlushReport | null> {
    return new Promise<OutboxFlushReport | null>((resolve) => {
      const waiter: FlushWaiter = { inScope, before: { ...before }, resolve, wantsReport, timer: undefined, progress };
      if (timeoutMs !== undefined) {
        waiter.timer = setTimeout(() => onTimeout(waiter), timeoutMs);
        waiter.timer.unref?.();
      }
      this.#waiters.add(waiter);
      if (this.#keepAlive === undefined) this.#keepAlive = setInterval(() => undefined, 60_000);
    });
  }

  /** One more write is sent: the waiters whose scope holds it hear how far they are. */
  progress(entry: EntryHeader, now: SendTally): void {
    for (const waiter of this.#waiters) {
      if (!waiter.progress || !waiter.inScope(entry)) continue;
      const sent = now.sent + now.found - waiter.before.sent - waiter.before.found;
      waiter.progress.tell(Math.min(sent, waiter.progress.total), waiter.progress.total);
    }
  }

  /** Answers a waiter once; false when it was already answered. */
  finish(waiter: FlushWaiter, report: OutboxFlushReport | null): boolean {
    if (!this.#waiters.delete(waiter)) return false;
    if (waiter.timer) clearTimeout(waiter.timer);
    if (this.#waiters.size === 0 && this.#keepAlive !== undefined) {
      clearInterval(this.#keepAlive);
      this.#keepAlive = undefined;
    }
    waiter.resolve(report);
    return true;
  }
}

/** Waits that end by themselves: a flush waits them out instead of reporting the entry as left. */
const SETTLING_REASONS = new Set<OutboxWaitReason>(['backoff', 'rate_limited', 'concurrency']);

export interface FlushView {
  entries: Iterable<EntryHeader>;
  plan: DispatchPlan;
  /** Being sent or made durable right now. */
  busy: (entry: EntryHeader) => boolean;
  /** Every entry being sent or made durable right now (a few). */
  busyEntries: () => Iterable<EntryHeader>;
  serverOf: (entry: EntryHeader) => string | null;
  /** A server marked unreachable whose first probe has not answered yet. */
  settling: (server: string) => boolean;
  /**
   * Every write from this seq on goes to a server marked unreachable whose probe has answered since: none of them
   * waits for anything that ends by itself (false when that is not sure).
   */
  quietFrom: (seq: number) => boolean;
}

/** Nothing in the waiter's scope can still move without the user or the network. */
export function flushSettled(waiter: FlushWaiter, view: FlushView): boolean {
  const from = view.plan.passedOverFrom;
  for (const entry of view.entries) {
    if (from !== null && entry.seq >= from) break;
    if (waiter.inScope(entry) && mayMove(entry, view)) return false;
  }
  if (from !== null) {
    // The writes the pass did not reach wait for servers that cannot take them: only those being sent (a few)
    // may still move, unless one of those servers may come back by itself (then each is looked at).
    for (const entry of view.busyEntries()) if (entry.seq >= from && waiter.inScope(entry)) return false;
    if (!view.quietFrom(from)) for (const entry of view.entries) if (entry.seq >= from && waiter.inScope(entry) && mayMove(entry, view)) return false;
  }
  return !view.plan.start.some((entry) => waiter.inScope(entry));
}

/** Being sent, or waiting for something that ends by itself. */
function mayMove(entry: EntryHeader, view: FlushView): boolean {
  if (view.busy(entry) || entry.state === 'in_flight') return true;
  const reason = view.plan.waiting.of(entry);
  if (reason && SETTLING_REASONS.has(reason)) return true;
  if (reason === 'offline') {
    const server = view.serverOf(entry);
    if (server !== null && view.settling(server)) return true;
  }
  return false;
}

/** What is left in the waiter's scope, and why. */
export function flushReport(waiter: FlushWaiter, view: Pick<FlushView, 'entries' | 'plan' | 'serverOf'>, now: SendTally, settled: boolean): OutboxFlushReport {
  const found = now.found - waiter.before.found;
  const report: OutboxFlushReport = {
    settled,
    sent: now.sent - waiter.before.sent,
    ...(found > 0 ? { alreadySent: found } : {}),
    pending: 0,
    inFlight: 0,
    failed: 0,
    conflicts: 0,
    waiting: {},
    unreachable: [],
  };
  const unreachable = new Set<string>();
  for (const entry of view.entries) {
    if (!waiter.inScope(entry)) continue;
    if (entry.state === 'pending') {
      report.pending++;
      if (entry.reconcile) report.outcomeUnknown = (report.outcomeUnknown ?? 0) + 1;
      const reason = view.plan.waiting.of(entry);
      if (reason) report.waiting[reason] = (report.waiting[reason] ?? 0) + 1;
      const server = view.serverOf(entry);
      if (reason === 'offline' && server !== null) unreachable.add(server);
    } else if (entry.state === 'in_flight') report.inFlight++;
    else if (entry.state === 'failed') report.failed++;
    else if (entry.state === 'conflict') report.conflicts++;
    else if (entry.state === 'needs_look') {
      // Held for the user as a conflict is; counted there, and apart.
      report.conflicts++;
      report.needsLook = (report.needsLook ?? 0) + 1;
    }
  }
  report.unreachable = [...unreachable];
  return report;
}

import type { PausedReason } from '@shared/monitor/page-state';
import { pollBackoffMs } from './backoff';
import type { MonitorClock, TimerHandle } from './clock';

/*
 * When each page is polled. One timer for the earliest due page (500 pages cost one timer, not
 * 500), a ready queue drained with at most `maxConcurrent` polls in flight, and per page:
 * - after a success: the next poll `interval · (1 ± jitter)` after this one was due, so the
 *   mean rate is exactly one request per interval and pages that started together drift apart;
 * - after a failure: exponential backoff (see backoff.ts), capped at the interval by default,
 *   or the server's Retry-After when longer;
 * - "poll now" jumps the queue; paused (sleep, offline) nothing runs on the timer, in-flight
 *   polls are aborted (not counted as failures), and resume polls every page at once;
 * - polls due within `coalesceMs` share one wake-up (CPU: each wake-up costs more than a poll).
 */

export interface PollOutcome {
  ok: boolean;
  /** The server asked to wait this long (429/503 Retry-After). */
  retryAfterMs?: number;
  /** Aborted (pause, stop, page removed): neither a success nor a failure. */
  cancelled?: boolean;
}

type PollRunner = (pageId: string, signal: AbortSignal) => Promise<PollOutcome>;

interface SchedulerOptions {
  clock: MonitorClock;
  run: PollRunner;
  maxConcurrent?: number;
  /** Fraction of the interval, e.g. 0.1 = ±10 %. */
  jitterRatio?: number;
  backoffBaseMs?: number;
  /** Cap of the backoff; default: the page's interval. */
  backoffMaxMs?: number;
  /** In [0, 1). */
  random?: () => number;
  /**
   * When the timer fires, polls due within this window start with the due one (a moment early,
   * never late): 500 pages at 60 s then wake the process about once a second, not eight times.
   * 0 = exact times.
   */
  coalesceMs?: number;
  /**
   * Pages added together get their first poll spread by this much each (capped at one interval):
   * 500 pages at start-up do not take the whole rate budget at once. A handful start at once.
   */
  startSpreadMs?: number;
}

export const SCHEDULER_DEFAULTS = { maxConcurrent: 6, jitterRatio: 0.1, backoffBaseMs: 5_000, coalesceMs: 1_000, startSpreadMs: 200 } as const;

interface Slot {
  id: string;
  intervalMs: number;
  dueAt: number;
  failures: number;
  startedAt: number | null;
  /** The due time that started the current poll (not the coalesced tick): keeps the mean rate exact. */
  basis: number | null;
  controller: AbortController | null;
  /**
   * The last poll's controller, never aborted: the next poll takes it again. A poll's users take their
   * abort listeners off when it ends, and a new controller per poll was a fair share of the scheduler's CPU.
   */
  spare: AbortController | null;
  queued: boolean;
  /** Asked for by pollNow: runs even while paused for being offline (the OS may be wrong). */
  manual: boolean;
  waiters: Array<() => void>;
}

export class PollScheduler {
  readonly #clock: MonitorClock;
  readonly #run: PollRunner;
  readonly #maxConcurrent: number;
  readonly #jitter: number;
  readonly #backoffBaseMs: number;
  readonly #backoffMaxMs: number | undefined;
  readonly #random: () => number;
  readonly #coalesceMs: number;
  readonly #startSpreadMs: number;
  readonly #slots = new Map<string, Slot>();
  #ready: Slot[] = [];
  #inFlight = 0;
  #timer: TimerHandle | null = null;
  #timerAt = Infinity;
  #running = false;
  #pausedFor: PausedReason | null = null;
  #idleWaiters: Array<() => void> = [];

  constructor(options: SchedulerOptions) {
    this.#clock = options.clock;
    this.#run = options.run;
    this.#maxConcurrent = Math.max(1, Math.floor(options.maxConcurrent ?? SCHEDULER_DEFAULTS.maxConcurrent));
    this.#jitter = Math.min(0.5, Math.max(0, options.jitterRatio ?? SCHEDULER_DEFAULTS.jitterRatio));
    this.#backoffBaseMs = options.backoffBaseMs ?? SCHEDULER_DEFAULTS.backoffBaseMs;
    this.#backoffMaxMs = options.backoffMaxMs;
    this.#random = options.random ?? Math.random;
    this.#coalesceMs = Math.max(0, options.coalesceMs ?? SCHEDULER_DEFAULTS.coalesceMs);
    this.#startSpreadMs = Math.max(0, options.startSpreadMs ?? SCHEDULER_DEFAULTS.startSpreadMs);
  }

  get paused(): PausedReason | null {
    return this.#pausedFor;
  }

  get isRunning(): boolean {
    return this.#running;
  }

  /** Polls running right now. */
  get active(): number {
    return this.#inFlight;
  }

  nextDueAt(id: string): number | null {
    const slot = this.#slots.get(id);
    if (!slot || !this.#running || this.#pausedFor !== null) return null;
    return slot.controller || slot.queued ? null : slot.dueAt;
  }

  /** Adds new pages (due now, a big batch spread), drops removed ones, applies interval changes. */
  setPages(entries: ReadonlyArray<{ id: string; intervalMs: number }>): void {
    const now = this.#clock.now();
    const keep = new Set<string>();
    const added: Slot[] = [];
    for (const { id, intervalMs } of entries) {
      keep.add(id);
      const slot = this.#slots.get(id);
      if (!slot) {
        const fresh: Slot = {
          id,
          intervalMs,
          dueAt: now,
          failures: 0,
          startedAt: null,
          basis: null,
          controller: null,
          spare: null,
          queued: false,
          manual: false,
          waiters: [],
        };
        this.#slots.set(id, fresh);
        added.push(fresh);
      } else if (slot.intervalMs !== intervalMs) {
        slot.intervalMs = intervalMs;
        // A shorter interval applies now rather than after the old, longer wait.
        if (slot.failures === 0 && slot.startedAt !== null) slot.dueAt = Math.min(slot.dueAt, Math.max(now, slot.startedAt + intervalMs));
      }
    }
    for (const id of [...this.#slots.keys()]) if (!keep.has(id)) this.#remove(id);
    if (this.#running) this.#spreadFirstPolls(added, now);
    this.#arm();
  }

  /** First polls of pages added together: `startSpreadMs` apart, within one interval. */
  #spreadFirstPolls(slots: readonly Slot[], now: number): void {
    if (slots.length < 2) return;
    slots.forEach((slot, index) => {
      const spread = Math.min(slot.intervalMs, slots.length * this.#startSpreadMs);
      slot.dueAt = now + (spread * index) / slots.length;
    });
  }

  /** Forgets the page's timing (another server or subdomain): aborts its poll, due at once. */
  restart(id: string): void {
    const slot = this.#slots.get(id);
    if (!slot) return;
    slot.controller?.abort();
    slot.failures = 0;
    slot.startedAt = null;
    slot.dueAt = this.#clock.now();
    this.#arm();
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    const now = this.#clock.now();
    this.#spreadFirstPolls(
      [...this.#slots.values()].filter((s) => s.startedAt === null && !s.queued && !s.controller),
      now,
    );
    this.#arm();
  }

  stop(): void {
    this.#running = false;
    this.#clearTimer();
    for (const slot of this.#ready) this.#release(slot);
    this.#ready = [];
    for (const slot of this.#slots.values()) slot.controller?.abort();
    this.#notifyIdle();
  }

  /** Sleep or offline: nothing runs on the timer; polls in flight are aborted. */
  pause(reason: PausedReason): void {
    this.#pausedFor = reason;
    this.#clearTimer();
    const keep: Slot[] = [];
    for (const slot of this.#ready) {
      if (slot.manual && reason === 'offline') keep.push(slot);
      else this.#release(slot);
    }
    this.#ready = keep;
    for (const slot of this.#slots.values()) if (slot.controller && !(slot.manual && reason === 'offline')) slot.controller.abort();
    this.#notifyIdle();
  }

  /** Back from sleep or online again: every page now, backoff waits forgotten. */
  resume(): void {
    if (this.#pausedFor === null) return;
    this.#pausedFor = null;
    const now = this.#clock.now();
    for (const slot of this.#slots.values()) slot.dueAt = now;
    if (this.#running) this.#enqueueDue(now);
    this.#pump();
    this.#arm();
  }

  /** Polls one page, or all, now; resolves when those polls have finished. */
  pollNow(id?: string): Promise<void> {
    const targets = id === undefined ? [...this.#slots.values()] : [this.#slots.get(id)].filter((s): s is Slot => s !== undefined);
    const done = targets.map(
      (slot) =>
        new Promise<void>((resolve) => {
          slot.waiters.push(resolve);
          if (slot.controller || slot.queued) return; // a poll is already on its way: that one is "now"
          slot.queued = true;
          slot.manual = true;
          this.#ready.unshift(slot);
        }),
    );
    this.#pump();
    this.#arm();
    return Promise.all(done).then(() => undefined);
  }

  /** Resolves when no poll is running or queued (tests, a one-shot CLI check). */
  settled(): Promise<void> {
    if (this.#inFlight === 0 && this.#ready.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  #remove(id: string): void {
    const slot = this.#slots.get(id);
    if (!slot) return;
    this.#slots.delete(id);
    slot.controller?.abort();
    if (slot.queued) this.#ready = this.#ready.filter((s) => s !== slot);
    this.#release(slot);
  }

  /** Takes a slot out of the queue and lets its pollNow callers go. */
  #release(slot: Slot): void {
    slot.queued = false;
    slot.manual = false;
    for (const resolve of slot.waiters.splice(0)) resolve();
  }

  #clearTimer(): void {
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    this.#timer = null;
    this.#timerAt = Infinity;
  }

  /** One timer, for the earliest page that is neither running nor queued: a look at every page. */
  #arm(): void {
    if (!this.#running || this.#pausedFor !== null) {
      this.#clearTimer();
      return;
    }
    let earliest = Infinity;
    for (const slot of this.#slots.values()) if (!slot.controller && !slot.queued && slot.dueAt < earliest) earliest = slot.dueAt;
    this.#armAt(earliest);
  }

  /**
   * After one page's poll: only its new due time can need an earlier timer. A timer left later than
   * needed (its page has started meanwhile) fires, finds nothing due and looks again: one spare wake-up
   * instead of a look at every page after every poll (3,000 pages would pay 3,000 for each).
   */
  #armFor(slot: Slot): void {
    if (!this.#running || this.#pausedFor !== null || this.#slots.get(slot.id) !== slot || slot.controller || slot.queued) return;
    if (slot.dueAt < this.#timerAt) this.#armAt(slot.dueAt);
  }

  #armAt(at: number): void {
    if (at === this.#timerAt) return;
    this.#clearTimer();
    if (at === Infinity) return;
    this.#timerAt = at;
    this.#timer = this.#clock.setTimeout(() => this.#onTimer(), at - this.#clock.now());
  }

  #onTimer(): void {
    this.#timer = null;
    this.#timerAt = Infinity;
    if (!this.#running || this.#pausedFor !== null) return;
    const next = this.#enqueueDue(this.#clock.now());
    this.#pump();
    // The pages just started or queued are out of the running; the rest were looked at once, above.
    this.#armAt(next);
  }

  /**
   * Everything due now, and what would be due within `coalesceMs`: early by a moment, never late.
   * Returns the earliest due time of the others (one pass over the pages for both).
   */
  #enqueueDue(now: number): number {
    const due: Slot[] = [];
    const horizon = now + this.#coalesceMs;
    let next = Infinity;
    for (const slot of this.#slots.values()) {
      if (slot.controller || slot.queued) continue;
      if (slot.dueAt <= horizon) due.push(slot);
      else if (slot.dueAt < next) next = slot.dueAt;
    }
    due.sort((a, b) => a.dueAt - b.dueAt);
    for (const slot of due) {
      slot.queued = true;
      this.#ready.push(slot);
    }
    return next;
  }

  #pump(): void {
    while (this.#inFlight < this.#maxConcurrent && this.#ready.length > 0) {
      const slot = this.#ready.shift()!;
      const allowed = slot.manual ? this.#pausedFor !== 'suspended' : this.#running && this.#pausedFor === null;
      if (!allowed) {
        this.#release(slot);
        continue;
      }
      void this.#launch(slot);
    }
    this.#notifyIdle();
  }

  async #launch(slot: Slot): Promise<void> {
    slot.queued = false;
    const controller = slot.spare ?? new AbortController();
    slot.spare = null;
    slot.controller = controller;
    slot.startedAt = this.#clock.now();
    // On time (or early, coalesced): keep the rhythm from the due time. Late (queued behind the
    // concurrency cap, or after a resume): start a new rhythm, so a burst spreads out.
    slot.basis = !slot.manual && slot.startedAt - slot.dueAt <= this.#coalesceMs ? slot.dueAt : slot.startedAt;
    this.#inFlight++;
    let outcome: PollOutcome;
    try {
      outcome = await this.#run(slot.id, controller.signal);
    } catch {
      outcome = { ok: false };
    }
    this.#inFlight--;
    slot.controller = null;
    if (!controller.signal.aborted) slot.spare = controller;
    slot.manual = false;
    if (this.#slots.get(slot.id) === slot && !outcome.cancelled && !controller.signal.aborted) this.#reschedule(slot, outcome);
    if (slot.waiters.length > 0) for (const resolve of slot.waiters.splice(0)) resolve();
    this.#pump();
    this.#armFor(slot);
  }

  #reschedule(slot: Slot, outcome: PollOutcome): void {
    const now = this.#clock.now();
    const interval = slot.intervalMs;
    if (outcome.ok) {
      slot.failures = 0;
      const next = (slot.basis ?? now) + interval * (1 + (2 * this.#random() - 1) * this.#jitter);
      // A poll that waited long (rate limit) must not be followed by another at once.
      slot.dueAt = Math.max(next, now + interval * (1 - this.#jitter) * 0.5);
      return;
    }
    slot.failures++;
    const delay = pollBackoffMs(
      slot.failures,
      { baseMs: this.#backoffBaseMs, maxMs: this.#backoffMaxMs ?? interval, random: this.#random },
      outcome.retryAfterMs,
    );
    slot.dueAt = now + delay;
  }

  #notifyIdle(): void {
    if (this.#inFlight !== 0 || this.#ready.length !== 0) return;
    for (const resolve of this.#idleWaiters.splice(0)) resolve();
  }
}

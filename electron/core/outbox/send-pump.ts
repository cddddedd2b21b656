import type { OutboxWaitReason } from '@shared/outbox/entry-view';
import type { DispatchPlan } from './dispatch-plan';
import type { WaitingReasons } from './plan-horizon';
import type { EntryHeader } from './entry';
import { flushReport, flushSettled, type FlushWaiter, type FlushWaiters, type SendTally } from './flush-waiters';
import type { SchedulingView } from './scheduling-view';
import { WakeTimer } from './wake-timer';

interface SendPumpDeps {
  scheduling: SchedulingView;
  flushWaiters: FlushWaiters;
  tally: SendTally;
  now: () => number;
  /** Starts one send the plan chose (never throws). */
  send: (entry: EntryHeader) => void;
  started: () => boolean;
  closed: () => boolean;
}

/**
 * The scheduling passes: every event asks for one (`pump()`), many in one tick make one, and a pass plans the
 * queue (dispatch-plan.ts), starts what may go, sets the wake timer for the earliest backoff or pause, and answers
 * the flushes that have settled. It keeps why each pending write waits as of the last plan, for the views, until
 * something changes: a command asks a few times in a row with nothing changed between, and a plan goes over every
 * write.
 */
export class SendPump {
  readonly #deps: SendPumpDeps;
  readonly #wakeTimer: WakeTimer;
  #queued = false;
  /** Why each pending entry waits, as of the last plan. */
  #waiting: Pick<WaitingReasons, 'get'> = new Map<string, OutboxWaitReason>();
  /** #waiting is that of the current state: nothing changed since the last plan. */
  #fresh = false;

  constructor(deps: SendPumpDeps) {
    this.#deps = deps;
    this.#wakeTimer = new WakeTimer(() => this.pump(), deps.now);
  }

  /** Something changed: one scheduling pass at the end of this tick. */
  pump(): void {
    this.#fresh = false;
    if (this.#queued || this.#deps.closed()) return;
    this.#queued = true;
    queueMicrotask(() => {
      this.#queued = false;
      this.#pass();
    });
  }

  /** Something a view shows changed (no pass needed for it): the waiting reasons are planned again when asked. */
  stale(): void {
    this.#fresh = false;
  }

  /** Plans again when something changed since the last plan, so waitingOf() tells the current state. */
  refresh(): void {
    if (this.#fresh && !this.#queued) return;
    this.#waiting = this.#deps.scheduling.plan().waiting;
    this.#fresh = true;
  }

  /** Why the entry waits, as of the last plan (refresh() first for the current state). */
  waitingOf(id: string): OutboxWaitReason | undefined {
    return this.#waiting.get(id);
  }

  cancel(): void {
    this.#wakeTimer.cancel();
  }

  /** Answers every flush still waiting (the outbox stops, or a flush's time is up). */
  finish(waiter: FlushWaiter, plan: DispatchPlan = this.#deps.scheduling.plan(), settled = false): void {
    const { flushWaiters, scheduling, tally } = this.#deps;
    flushWaiters.finish(waiter, waiter.wantsReport ? flushReport(waiter, scheduling.flushView(plan), tally, settled) : null);
  }

  #pass(): void {
    const { flushWaiters, scheduling } = this.#deps;
    // Nothing to start and no flush to answer: the views plan when they are asked (waitingOf).
    if (this.#deps.closed() || (!this.#deps.started() && flushWaiters.size === 0)) return;
    const plan = scheduling.plan();
    this.#waiting = plan.waiting;
    this.#fresh = true;
    if (this.#deps.started()) {
      for (const entry of plan.start) this.#deps.send(entry);
      this.#wakeTimer.at(plan.wakeAt);
    }
    // No second plan after starting: the writes just started are in flight (busy) and the rest wait as planned.
    if (flushWaiters.size > 0) for (const waiter of flushWaiters.all()) if (flushSettled(waiter, scheduling.flushView(plan))) this.finish(waiter, plan, true);
  }
}

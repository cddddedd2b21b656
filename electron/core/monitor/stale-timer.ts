import type { MonitorClock, TimerHandle } from './clock';

/**
 * One timer for the earliest moment a page turns stale without a poll coming back (offline, or a long
 * Retry-After): the age rule needs no timer per page, only one at the nearest deadline, re-armed when it fires.
 */
export class StaleTimer {
  readonly #clock: MonitorClock;
  readonly #onDue: () => void;
  #timer: TimerHandle | null = null;
  #at = Infinity;

  constructor(clock: MonitorClock, onDue: () => void) {
    this.#clock = clock;
    this.#onDue = onDue;
  }

  /** Armed for the earliest of `deadlines` (epoch ms; null: no deadline). */
  arm(deadlines: Iterable<number | null>): void {
    let earliest = Infinity;
    for (const deadline of deadlines) if (deadline !== null && deadline < earliest) earliest = deadline;
    // An armed earlier timer is still right: deadlines only move later (it is armed again when it fires).
    if (earliest >= this.#at) return;
    this.clear();
    if (earliest === Infinity) return;
    this.#at = earliest;
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = null;
      this.#at = Infinity;
      this.#onDue();
    }, earliest - this.#clock.now());
  }

  clear(): void {
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    this.#timer = null;
    this.#at = Infinity;
  }
}

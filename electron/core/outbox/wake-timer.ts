/**
 * One timer for the earliest time something waits for (a backoff's end, a Retry-After): asking for a later
 * time keeps the earlier one. It never holds the process open; a command waiting on a flush keeps it alive
 * through the flush waiters instead.
 */
export class WakeTimer {
  readonly #wake: () => void;
  readonly #now: () => number;
  #timer: NodeJS.Timeout | undefined;
  #at = Infinity;

  constructor(wake: () => void, now: () => number) {
    this.#wake = wake;
    this.#now = now;
  }

  at(time: number | null): void {
    if (time === null) return;
    if (this.#timer && this.#at <= time) return;
    this.cancel();
    this.#at = time;
    this.#timer = setTimeout(
      () => {
        this.#timer = undefined;
        this.#at = Infinity;
        this.#wake();
      },
      Math.max(0, time - this.#now()),
    );
    this.#timer.unref?.();
  }

  cancel(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#at = Infinity;
  }
}

/**
 * A sliding-window rate limit per key, as the services document theirs: at most `messages` in any `perMs`.
 * `admit` counts the request when it fits; otherwise it answers how long until one would.
 */
export class RateWindow {
  readonly #arrivals = new Map<string, number[]>();
  constructor(
    readonly messages: number,
    readonly perMs: number,
  ) {}

  admit(key: string, now: number): { ok: true } | { ok: false; retryAfterMs: number } {
    const recent = (this.#arrivals.get(key) ?? []).filter((at) => at > now - this.perMs);
    if (recent.length >= this.messages) {
      this.#arrivals.set(key, recent);
      return { ok: false, retryAfterMs: recent[0]! + this.perMs - now };
    }
    recent.push(now);
    this.#arrivals.set(key, recent);
    return { ok: true };
  }
}

/**
 * At most `limit` lines per key in each window: a page that flaps, or a window that throws in a loop, cannot
 * fill the log. What was held back is counted and said with the next line let through for the key.
 */
export class LogRateLimit {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #keys = new Map<string, { since: number; count: number; held: number }>();
  #sweptAt = 0;

  constructor(options: { limit: number; windowMs: number; now?: () => number }) {
    this.#limit = options.limit;
    this.#windowMs = options.windowMs;
    this.#now = options.now ?? Date.now;
  }

  /** The line to write (with the count held back before it), or null when it is held back. */
  pass(key: string, line: string): string | null {
    const now = this.#now();
    let entry = this.#keys.get(key);
    if (!entry || now - entry.since >= this.#windowMs) {
      const held = entry?.held ?? 0;
      entry = { since: now, count: 0, held };
      this.#keys.set(key, entry);
      this.#forgetOld(now);
    }
    if (entry.count >= this.#limit) {
      entry.held++;
      return null;
    }
    entry.count++;
    const held = entry.held;
    entry.held = 0;
    return held > 0 ? `${line} (${held} similar line${held === 1 ? '' : 's'} not logged before this one)` : line;
  }

  /**
   * Keys whose window is over and that hold nothing back, once a window: the map holds the keys of the last two
   * windows, not every page that ever logged (pages come and go for months in the tray).
   */
  #forgetOld(now: number): void {
    if (now - this.#sweptAt < this.#windowMs) return;
    this.#sweptAt = now;
    for (const [key, entry] of this.#keys) if (entry.held === 0 && now - entry.since >= this.#windowMs) this.#keys.delete(key);
  }

  /** Keys held now (the soak's and diagnostics' view). */
  get size(): number {
    return this.#keys.size;
  }
}

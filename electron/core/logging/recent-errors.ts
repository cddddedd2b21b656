/** One thing that went wrong, as the user would read it, for a support request. */
export interface RecentError {
  at: string;
  text: string;
}

/**
 * The last few failures in people's words (a page that stopped answering, a write that failed, a damaged
 * file, an error in the window), already redacted: what *Copy diagnostics* pastes under "Last errors".
 */
export class RecentErrors {
  readonly #limit: number;
  readonly #now: () => Date;
  readonly #items: RecentError[] = [];

  constructor(options: { limit?: number; now?: () => Date } = {}) {
    this.#limit = options.limit ?? 10;
    this.#now = options.now ?? (() => new Date());
  }

  add(text: string): void {
    const last = this.#items.at(-1);
    // The same sentence again replaces its time: ten repeats of one failure would hide the others.
    if (last && last.text === text) this.#items.pop();
    this.#items.push({ at: this.#now().toISOString(), text });
    if (this.#items.length > this.#limit) this.#items.splice(0, this.#items.length - this.#limit);
  }

  /** Oldest first. */
  list(): RecentError[] {
    return this.#items.map((item) => ({ ...item }));
  }
}

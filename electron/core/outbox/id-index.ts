/**
 * Entry ids per key (a resource key, a temp id). Most keys have one entry (a create's own resource), so one id
 * is kept as itself and a set is made only for a second: thousands of one-entry sets were most of what the
 * outbox's indexes held in memory, and their allocation made a long queue's every command collect garbage for
 * longer. A key with many entries (a metric's points) still adds and removes in constant time.
 */
export class IdIndex {
  readonly #ids = new Map<string, string | Set<string>>();

  add(key: string, id: string): void {
    const ids = this.#ids.get(key);
    if (ids === undefined) this.#ids.set(key, id);
    else if (typeof ids === 'string') {
      if (ids !== id) this.#ids.set(key, new Set([ids, id]));
    } else ids.add(id);
  }

  /** `add` for many: `keys[i]` holds `ids[i]` (one loop, for an open of thousands). */
  addAll(keys: readonly string[], ids: readonly string[]): void {
    const all = this.#ids;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const id = ids[i]!;
      const known = all.get(key);
      if (known === undefined) all.set(key, id);
      else if (typeof known === 'string') {
        if (known !== id) all.set(key, new Set([known, id]));
      } else known.add(id);
    }
  }

  delete(key: string, id: string): void {
    const ids = this.#ids.get(key);
    if (ids === id) this.#ids.delete(key);
    else if (typeof ids === 'object') {
      ids.delete(id);
      if (ids.size === 0) this.#ids.delete(key);
    }
  }

  /** The id is the key's one and only. */
  isOnly(key: string, id: string): boolean {
    return this.#ids.get(key) === id;
  }

  /** Forgets the key and all its ids. */
  clear(key: string): void {
    this.#ids.delete(key);
  }

  /** The key's ids, in the order they were added. */
  get(key: string): string[] {
    const ids = this.#ids.get(key);
    if (ids === undefined) return [];
    return typeof ids === 'string' ? [ids] : [...ids];
  }
}

/** Counts of running entries sharing an exclusivity key: those that reconcile run alone. */
interface ExclusivityCounts {
  exclusive: number;
  shared: number;
}

/**
 * What is being sent right now: the entries, how many per account (the account's limit in flight), how many
 * per exclusivity key, and how to abort each. One begin() per send, released exactly once.
 */
export class InFlightLedger {
  readonly #aborts = new Map<string, AbortController>();
  readonly perAccount = new Map<string, number>();
  /** Per server (when known): while a server has not answered, one write at a time goes to it (dispatch-plan.ts). */
  readonly perServer = new Map<string, number>();
  readonly byExclusivity = new Map<string, ExclusivityCounts>();

  get size(): number {
    return this.#aborts.size;
  }

  has(id: string): boolean {
    return this.#aborts.has(id);
  }

  ids(): IterableIterator<string> {
    return this.#aborts.keys();
  }

  /** Records a send; returns its abort signal and the release to call when it is over. */
  begin(
    entry: { id: string; accountId: string },
    exclusivityKey: string | null,
    exclusive: boolean,
    server: string | null = null,
  ): { signal: AbortSignal; release: () => void } {
    const controller = new AbortController();
    this.#aborts.set(entry.id, controller);
    this.perAccount.set(entry.accountId, (this.perAccount.get(entry.accountId) ?? 0) + 1);
    if (server !== null) this.perServer.set(server, (this.perServer.get(server) ?? 0) + 1);
    if (exclusivityKey !== null) {
      const counts = this.byExclusivity.get(exclusivityKey) ?? { exclusive: 0, shared: 0 };
      if (exclusive) counts.exclusive++;
      else counts.shared++;
      this.byExclusivity.set(exclusivityKey, counts);
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.#aborts.delete(entry.id);
      const n = (this.perAccount.get(entry.accountId) ?? 1) - 1;
      if (n <= 0) this.perAccount.delete(entry.accountId);
      else this.perAccount.set(entry.accountId, n);
      if (server !== null) {
        const m = (this.perServer.get(server) ?? 1) - 1;
        if (m <= 0) this.perServer.delete(server);
        else this.perServer.set(server, m);
      }
      if (exclusivityKey === null) return;
      const counts = this.byExclusivity.get(exclusivityKey);
      if (!counts) return;
      if (exclusive) counts.exclusive--;
      else counts.shared--;
      if (counts.exclusive <= 0 && counts.shared <= 0) this.byExclusivity.delete(exclusivityKey);
    };
    return { signal: controller.signal, release };
  }

  abortAll(): void {
    for (const controller of this.#aborts.values()) controller.abort();
  }

  /** Waits until nothing is in flight (nor `busy`: being made durable), aborting what still is after `abortAfterMs`. */
  async settle(abortAfterMs: number, busy: () => boolean): Promise<void> {
    const abortAt = Date.now() + abortAfterMs;
    while (this.size > 0 || busy()) {
      if (Date.now() >= abortAt) this.abortAll();
      await new Promise((r) => setTimeout(r, 5));
    }
  }
}

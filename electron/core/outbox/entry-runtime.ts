/** What this process knows about one entry beyond its durable record; none of it survives a restart. */
interface EntryRuntime {
  /** Failed sends in a row, for the backoff. */
  failures: number;
  /** No send before this time (epoch ms). */
  nextAttemptAt: number | undefined;
  /** This process cannot send it (no key here): waits for a retry, a flush or another process. */
  blocked: boolean;
  /** Loaded with a kind this version does not know: kept and shown, never sent. */
  unsendable: boolean;
  /**
   * Of unknown outcome when the outbox was opened, and not sent by this process since: a look-up that finds it
   * applied finds what an earlier process sent (and may have counted), not a send of this one.
   */
  sentBeforeOpen?: boolean;
}

const KEEP_OBJECTS = 200;

/**
 * One record per entry, so that forgetting an entry forgets all of it, plus the whole server answers of the
 * most recent sends (the command line prints them), bounded.
 */
export class EntryRuntimes {
  readonly #records = new Map<string, EntryRuntime>();
  /**
   * The server each entry goes to, once asked (asked on every scheduling pass); null when it cannot be known. Kept
   * apart from the records: every entry of a long queue is asked at open, and a record each was thousands of
   * objects for nothing else.
   */
  readonly #servers = new Map<string, string | null>();
  /** Entries whose server is their account's (they name none): a change in Settings may move them. */
  readonly #serversFromAccount = new Set<string>();
  readonly #objects = new Map<string, unknown>();
  /** Added but not yet durable: not sendable before enqueue() could say "accepted". */
  readonly #committing = new Set<string>();
  /**
   * Entries whose server was dropped (a retry; Settings may have changed) and not asked again: a scheduling pass
   * must not stop before them, whatever their server was (plan-horizon.ts).
   */
  readonly unresolved = new Set<string>();

  /** The entry's record, made on first use. */
  of(id: string): EntryRuntime {
    let record = this.#records.get(id);
    if (!record) {
      record = { failures: 0, nextAttemptAt: undefined, blocked: false, unsendable: false };
      this.#records.set(id, record);
    }
    return record;
  }

  peek(id: string): EntryRuntime | undefined {
    return this.#records.get(id);
  }

  forget(id: string): void {
    this.#records.delete(id);
    this.#servers.delete(id);
    this.#serversFromAccount.delete(id);
    this.#objects.delete(id);
    this.#committing.delete(id);
    this.unresolved.delete(id);
  }

  /** A user's retry starts afresh: no backoff, not blocked, its server asked again. */
  resetForRetry(id: string): void {
    Object.assign(this.of(id), { blocked: false, nextAttemptAt: undefined, failures: 0 });
    this.#servers.delete(id);
    this.#serversFromAccount.delete(id);
    this.unresolved.add(id);
  }

  /**
   * A flush lets blocked entries (those `which` picks) try again and skips their backoff waits. Only entries with
   * a record can be either: a long queue's writes that were never tried are not looked at.
   */
  unblockWhere(which: (id: string) => boolean): void {
    for (const [id, record] of this.#records) {
      if ((record.blocked || record.nextAttemptAt !== undefined) && which(id)) {
        record.blocked = false;
        record.nextAttemptAt = undefined;
      }
    }
  }

  /** Drops the remembered servers that come from an account (its server may have changed in Settings). */
  forgetServers(): void {
    for (const id of this.#serversFromAccount) {
      this.#servers.delete(id);
      this.unresolved.add(id);
    }
    this.#serversFromAccount.clear();
  }

  /** The entry's server as last asked: undefined when not asked since it was last forgotten. */
  serverOf(id: string): string | null | undefined {
    return this.#servers.get(id);
  }

  /** Remembers the entry's server; `pinned`: the entry names it, so Settings cannot move it. */
  rememberServer(id: string, server: string | null, pinned: boolean): void {
    this.#servers.set(id, server);
    if (!pinned) this.#serversFromAccount.add(id);
    this.unresolved.delete(id);
  }

  rememberObject(id: string, object: unknown): void {
    this.#objects.set(id, object);
    if (this.#objects.size > KEEP_OBJECTS) this.#objects.delete(this.#objects.keys().next().value as string);
  }

  objectOf(id: string): unknown {
    return this.#objects.get(id);
  }

  /** Whether any entry is being made durable right now (a stop waits for it). */
  anyCommitting(): boolean {
    return this.#committing.size > 0;
  }

  /** The entry is being made durable (true), or is durable now (false). */
  setCommitting(id: string, committing: boolean): void {
    if (committing) this.#committing.add(id);
    else this.#committing.delete(id);
  }

  isCommitting(id: string): boolean {
    return this.#committing.has(id);
  }

  /** Entries being made durable right now (a few). */
  committingIds(): IterableIterator<string> {
    return this.#committing.keys();
  }

  /** Not to be started by the scheduler whatever else holds: not durable yet, or of an unknown kind. */
  holdsBack(id: string): boolean {
    return this.#committing.has(id) || this.#records.get(id)?.unsendable === true;
  }

  readonly blocked = { has: (id: string) => this.#records.get(id)?.blocked === true };
  readonly retryAt = { get: (id: string) => this.#records.get(id)?.nextAttemptAt };
}

import { tempIdsIn } from '@shared/outbox/temp-id';
import type { EntryHeader, OutboxEntry } from './entry';

/** Where entries known by their header come from: what each is read whole from, by its position there. */
interface IndexedEntries {
  read(header: EntryHeader, position: number): OutboxEntry;
  linesAt(position: number): number[];
  inputTempIdsAt(position: number): readonly string[];
}

/**
 * The outbox's entries by id, in queue order. An entry opened from the index of the checked prefix
 * (prefix-index.ts) is only its header until it is asked for whole: reading every write of a long queue whole at
 * each open was most of what a command's start grew by with the queue, while what a scheduling pass, a status or
 * a flush that cannot reach the server reads of each write is in its header. `get()` and `values()` always answer
 * whole entries (read from their lines then, into the same object); `headers()` answers without reading.
 */
export class EntryTable {
  readonly #entries = new Map<string, EntryHeader>();
  /** Entries still only a header, by their position in the index they came from. */
  readonly #unread = new Map<string, number>();
  #index: IndexedEntries | null = null;

  get size(): number {
    return this.#entries.size;
  }

  has(id: string): boolean {
    return this.#entries.has(id);
  }

  /** The whole entry (read now if it was only a header). */
  get(id: string): OutboxEntry | undefined {
    const header = this.#entries.get(id);
    if (header === undefined) return undefined;
    return this.#unread.size > 0 && this.#unread.has(id) ? this.#readWhole(id, header) : (header as OutboxEntry);
  }

  /** What the scheduler reads of an entry, without reading the rest. */
  header(id: string): EntryHeader | undefined {
    return this.#entries.get(id);
  }

  set(entry: OutboxEntry): void {
    this.#unread.delete(entry.id);
    this.#entries.set(entry.id, entry);
  }

  /** Where entries known by their header are read whole from (the index they came from, and its file). */
  readHeadersFrom(index: IndexedEntries): void {
    this.#index = index;
  }

  /**
   * An entry known by its header; `read` gives the whole entry, with the same header, when it is first asked for.
   * The temp ids its input holds are known without reading it: a mapping finds the entries it rewrites by them.
   */
  setHeader(header: EntryHeader, position: number): void {
    this.#entries.set(header.id, header);
    this.#unread.set(header.id, position);
  }

  /** Adds the temp ids the entry's input holds to `found` (without reading an entry that is only a header). */
  inputTempIds(id: string, found: Set<string>): Set<string> {
    const position = this.#unread.get(id);
    if (position !== undefined) {
      for (const tempId of this.#index!.inputTempIdsAt(position)) found.add(tempId);
      return found;
    }
    const entry = this.#entries.get(id) as OutboxEntry | undefined;
    return entry === undefined ? found : tempIdsIn(entry.input, found);
  }

  /**
   * Many entries of one index at once, in queue order: each a header (read whole from its position when asked)
   * or, where `whole` says so, whole already. One loop here: opening a long queue runs it once, before the
   * engine compiles it, where a call per entry costs more than the entry.
   */
  seed(entries: ReadonlyArray<EntryHeader | OutboxEntry>, whole: ReadonlySet<number>): void {
    const all = this.#entries;
    const unread = this.#unread;
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i]!;
      all.set(entry.id, entry);
      if (!whole.has(i)) unread.set(entry.id, i);
    }
  }

  delete(id: string): boolean {
    this.#unread.delete(id);
    return this.#entries.delete(id);
  }

  /** Every entry whole, in queue order (each read as it comes when it was only a header). */
  *values(): IterableIterator<OutboxEntry> {
    for (const [id, header] of this.#entries) yield this.#unread.size > 0 && this.#unread.has(id) ? this.#readWhole(id, header) : (header as OutboxEntry);
  }

  /** Every entry's header, in queue order, reading nothing. */
  headers(): IterableIterator<EntryHeader> {
    return this.#entries.values();
  }

  /** Where the lines of an entry still only a header are; undefined once it is whole. */
  unreadLines(id: string): number[] | undefined {
    const position = this.#unread.get(id);
    return position === undefined ? undefined : this.#index!.linesAt(position);
  }

  #readWhole(id: string, header: EntryHeader): OutboxEntry {
    // Into the header object itself: whoever holds the header holds the entry.
    const whole = Object.assign(header, this.#index!.read(header, this.#unread.get(id)!)) as OutboxEntry;
    this.#unread.delete(id);
    // Every entry whole (a compaction reads them all): the file's bytes the index read from are let go.
    if (this.#unread.size === 0) this.#index = null;
    return whole;
  }
}

import type { EntryHeader, OutboxEntry } from './entry';
import type { EntryTable } from './entry-table';
import { IdIndex } from './id-index';
import { addKeyTempIds } from './key-temp-ids';

/**
 * Which entries hold a temp id in their input or resource key: a mapping rewrites only those. Made when first
 * asked (a mapping, a sent create), then kept up to date: a command that maps nothing, as offline, does not look
 * into every entry of a long queue for temp ids.
 */
export class TempIdRefs {
  readonly #entries: EntryTable;
  #index: IdIndex | null = null;
  /** One set for every entry: a new one each was thousands of objects to collect per command with a long queue. */
  readonly #found = new Set<string>();

  constructor(entries: EntryTable) {
    this.#entries = entries;
  }

  /** The entry was added, or its input or key changed. */
  note(entry: EntryHeader): void {
    if (this.#index !== null) this.#add(this.#index, entry);
  }

  /** The entries that hold the temp id. */
  holding(tempId: string): OutboxEntry[] {
    if (this.#index === null) {
      this.#index = new IdIndex();
      for (const entry of this.#entries.headers()) this.#add(this.#index, entry);
    }
    return this.#index
      .get(tempId)
      .map((id) => this.#entries.get(id))
      .filter((e): e is OutboxEntry => e !== undefined);
  }

  /** The temp id is mapped: no entry holds it any more. */
  clear(tempId: string): void {
    this.#index?.clear(tempId);
  }

  #add(index: IdIndex, entry: EntryHeader): void {
    const found = this.#found;
    found.clear();
    for (const tempId of addKeyTempIds(entry.resourceKey, this.#entries.inputTempIds(entry.id, found))) index.add(tempId, entry.id);
  }
}

import type { ServerId } from '@shared/outbox/entry-view';
import { replaceTempIds } from '@shared/outbox/temp-id';
import type { EntryHeader, OutboxEntry } from './entry';
import { EntryTable } from './entry-table';
import { IdIndex } from './id-index';
import { addRecord, headerLine, recordLine, type OutboxRecord } from './log-format';
import { encodePrefixState, readIndexedEntry, type EntryLines, type PrefixState } from './prefix-index';
import { applyEditPatch, applyStatePatch } from './state-patch';
import { TempIdRefs } from './temp-id-refs';

interface Mapping {
  serverId: ServerId;
  at: number;
}

const MAPPING_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Temp id mappings kept beyond those of kept entries (a temp id printed by a command a while ago), per kept sent entry. */
export const LOOSE_MAPPINGS_PER_KEPT_SENT = 2;

/**
 * The outbox in memory: entries and temp id → server id mappings with their indexes, as the file's records leave
 * them (outbox-store.ts reads and writes the file). Records change it only through `apply()`.
 */
export class OutboxState {
  /** In queue order (seq). */
  readonly entries = new EntryTable();
  readonly mappings = new Map<string, Mapping>();
  readonly #tempRefs = new TempIdRefs(this.entries);
  /** Entry ids per resource key. */
  readonly #byResource = new IdIndex();
  /** Sent entries, in the order they became sent: the oldest are forgotten first. */
  readonly #sent = new Set<string>();
  #seq = 0;
  #lastAddedSeq = 0;
  #ordered = true;
  /** While the file is read: where each entry's lines are in it (null: a mapping rewrote it), for the index. */
  #lines: Map<string, EntryLines> | null = null;

  nextSeq(): number {
    return ++this.#seq;
  }

  /** Each entry was added after one of a lower seq: a scheduling pass may stop at a seq (plan-horizon.ts). Not so in a hand-edited file. */
  get queueOrdered(): boolean {
    return this.#ordered;
  }

  get sentCount(): number {
    return this.#sent.size;
  }

  serverIdOf(tempId: string): ServerId | undefined {
    return this.mappings.get(tempId)?.serverId;
  }

  /** Entries (any state) that refer to a temp id in their input or resource key. */
  referencing(tempId: string): OutboxEntry[] {
    return this.#tempRefs.holding(tempId);
  }

  /** Entries (any state) on one resource key, in queue order. */
  onResource(resourceKey: string): OutboxEntry[] {
    return this.#byResource
      .get(resourceKey)
      .map((id) => this.entries.get(id))
      .filter((e): e is OutboxEntry => e !== undefined)
      .sort((a, b) => a.seq - b.seq);
  }

  /** The entry is the only one (in any state) on its resource key. */
  aloneOnKey(entry: EntryHeader): boolean {
    return this.#byResource.isOnly(entry.resourceKey, entry.id);
  }

  #index(entry: EntryHeader): void {
    this.#byResource.add(entry.resourceKey, entry.id);
    this.#tempRefs.note(entry);
  }

  #unindex(entry: EntryHeader): void {
    this.#byResource.delete(entry.resourceKey, entry.id);
  }

  /** From here until `stopNotingLines()`, records applied from the file note where each entry's lines are. */
  noteLines(lines: Map<string, EntryLines> = new Map()): void {
    this.#lines = lines;
  }

  stopNotingLines(): void {
    this.#lines = null;
  }

  /** The state at the end of the checked prefix, from its index: each entry a header, read whole from its lines when asked. */
  seed(state: PrefixState, bytes: Buffer, filePath: string): void {
    this.#seq = state.seq;
    this.#lastAddedSeq = state.lastAddedSeq;
    this.#ordered = state.ordered;
    for (const { tempId, serverId, at } of state.mappings) this.mappings.set(tempId, { serverId, at });
    this.entries.readHeadersFrom({
      read: (header, position) => readIndexedEntry(bytes, header, state.linesAt(position), filePath),
      linesAt: (position) => state.linesAt(position),
      inputTempIdsAt: (position) => state.inputTempIdsAt(position),
    });
    this.entries.seed(state.entries, state.whole);
    for (const position of state.whole) this.#lines?.set(state.ids[position]!, null);
    // A fresh state: nothing indexes temp ids yet (TempIdRefs builds its index when first asked).
    this.#byResource.addAll(state.keys, state.ids);
    for (const id of state.sent) if (this.entries.has(id)) this.#sent.add(id);
  }

  /** What the index of the checked prefix keeps (prefix-index.ts): the state as the file was read, `lines` record lines. */
  prefixState(lines: number): unknown {
    const noted = this.#lines ?? new Map<string, EntryLines>();
    return encodePrefixState({
      seq: this.#seq,
      lastAddedSeq: this.#lastAddedSeq,
      ordered: this.#ordered,
      lines,
      mappings: this.mappings,
      sent: this.#sent,
      headers: this.entries.headers(),
      linesOf: (id) => (noted.has(id) ? noted.get(id) : this.entries.unreadLines(id)),
      inputTempIds: (id) => [...this.entries.inputTempIds(id, new Set())],
      whole: (id) => this.entries.get(id)!,
    });
  }

  /** Forgets the oldest sent entries beyond `keepSent` (the next snapshot leaves them out of the file); returns their ids. */
  forgetOldSent(keepSent: number): string[] {
    const forgotten: string[] = [];
    for (const id of this.#sent) {
      if (this.#sent.size <= keepSent) break;
      const entry = this.entries.header(id);
      if (entry) this.#unindex(entry);
      if (this.entries.delete(id)) forgotten.push(id);
      this.#sent.delete(id);
    }
    return forgotten;
  }

  /**
   * The whole current state as records: retained mappings first, then every kept entry. Mappings no kept entry
   * needs are forgotten, but for the newest few (younger than a week): a temp id a command printed may still be
   * typed for a while. With where each entry's line is in the text, for the index of the file it becomes.
   */
  snapshot(now: number, keepSent: number): { text: string; lines: number; bytes: Buffer; entryLines: Map<string, EntryLines> } {
    const tempIds = new Set<string>();
    for (const header of this.entries.headers()) if (header.tempId !== undefined) tempIds.add(header.tempId);
    const loose = [...this.mappings.keys()].filter((tempId) => !tempIds.has(tempId));
    const looseKept = new Set(loose.slice(-LOOSE_MAPPINGS_PER_KEPT_SENT * keepSent));
    for (const tempId of loose) {
      const mapping = this.mappings.get(tempId)!;
      if (!looseKept.has(tempId) || now - mapping.at > MAPPING_TTL_MS) this.mappings.delete(tempId);
    }
    const lines = [headerLine()];
    for (const [tempId, mapping] of this.mappings) lines.push(recordLine({ t: 'map', tempId, serverId: mapping.serverId, at: mapping.at }));
    const entryLines = new Map<string, EntryLines>();
    let at = lines.reduce((n, line) => n + Buffer.byteLength(line, 'utf8') + 1, 0);
    for (const entry of this.entries.values()) {
      const line = recordLine(addRecord(entry));
      const end = at + Buffer.byteLength(line, 'utf8');
      entryLines.set(entry.id, [at, end]);
      at = end + 1;
      lines.push(line);
    }
    const text = `${lines.join('\n')}\n`;
    return { text, lines: lines.length, bytes: Buffer.from(text, 'utf8'), entryLines };
  }

  #resolve<T>(value: T): T {
    return this.mappings.size === 0 ? value : replaceTempIds(value, (tempId) => this.mappings.get(tempId)?.serverId);
  }

  /**
   * Applies one record in memory. `line`: it was read from the file there (then its entry is the store's own, not
   * copied), and the entry's lines are noted for the index; an entry a mapping rewrote is noted as not to be read
   * back from its lines.
   */
  apply(record: OutboxRecord, line?: { start: number; end: number }): void {
    const lines = line === undefined ? null : this.#lines;
    // Before the entry is read whole: the lines it is read from are its lines so far.
    const linesSoFar = lines !== null && record.t !== 'add' && record.t !== 'map' ? this.entries.unreadLines(record.id) : undefined;
    const noteLine = (id: string) => {
      if (linesSoFar !== undefined) lines!.set(id, [...linesSoFar, line!.start, line!.end]);
      else lines?.get(id)?.push(line!.start, line!.end);
    };
    switch (record.t) {
      case 'add': {
        if (this.entries.has(record.entry.id)) return;
        const input = this.#resolve(record.entry.input);
        const entry: OutboxEntry = line !== undefined ? record.entry : { ...record.entry, input };
        if (line !== undefined) entry.input = input;
        this.entries.set(entry);
        lines?.set(entry.id, input === record.entry.input ? [line!.start, line!.end] : null);
        if (entry.seq <= this.#lastAddedSeq) this.#ordered = false;
        this.#lastAddedSeq = entry.seq;
        this.#index(entry);
        if (entry.state === 'sent') this.#sent.add(entry.id);
        if (entry.seq > this.#seq) this.#seq = entry.seq;
        return;
      }
      case 'state': {
        const entry = this.entries.get(record.id);
        if (!entry) return;
        applyStatePatch(entry, record);
        noteLine(entry.id);
        if (record.state === 'sent') this.#sent.add(entry.id);
        else this.#sent.delete(entry.id);
        return;
      }
      case 'edit': {
        const entry = this.entries.get(record.id);
        if (!entry) return;
        this.#unindex(entry);
        const input = record.input === undefined ? undefined : this.#resolve(record.input);
        applyEditPatch(entry, input === undefined ? record : { ...record, input });
        this.#index(entry);
        if (input !== record.input) lines?.set(entry.id, null);
        else noteLine(entry.id);
        return;
      }
      case 'map': {
        this.mappings.set(record.tempId, { serverId: record.serverId, at: record.at });
        const serverId = String(record.serverId);
        for (const entry of this.referencing(record.tempId)) {
          this.#unindex(entry);
          entry.input = replaceTempIds(entry.input, (tempId) => (tempId === record.tempId ? record.serverId : undefined));
          if (entry.resourceKey.includes(record.tempId)) entry.resourceKey = entry.resourceKey.split(record.tempId).join(serverId);
          this.#index(entry);
          lines?.set(entry.id, null);
        }
        this.#tempRefs.clear(record.tempId);
        return;
      }
      case 'remove': {
        const entry = this.entries.header(record.id);
        if (entry) this.#unindex(entry);
        this.entries.delete(record.id);
        lines?.delete(record.id);
        this.#sent.delete(record.id);
        return;
      }
    }
  }
}

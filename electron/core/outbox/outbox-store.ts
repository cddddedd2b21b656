import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@shared/errors';
import type { ServerId } from '@shared/outbox/entry-view';
import { quarantineFile } from '@core/storage/quarantine';
import { readIfPresentInBackground } from '@core/storage/read-if-present';
import { AppendOnlyFile, removeStaleTempFiles } from './append-file';
import { fileErrorReason, type FileSystemFailure } from '@core/storage/file-system';
import { writeFileAtomic } from '@core/storage/atomic-write';
import { FILE_SIZE_CAPS, refuseOverCap, type FileSizeCap } from '@core/storage/file-size-cap';
import type { EntryHeader, OutboxEntry } from './entry';
import type { EntryTable } from './entry-table';
import type { OutboxLoadReport, OutboxStoreOptions } from './outbox-store-options';
import { addRecord, hasOwnHeader, parseOutboxLog, recordLine, type EditPatch, type OutboxRecord, type ParsedOutboxLog, type StatePatch } from './log-format';
import { checkedPrefixOf, readCheckedMarker, writeCheckedPrefix, type CheckedPrefix } from './checked-prefix';
import { decodePrefixState, type PrefixState } from './prefix-index';
import { LOOSE_MAPPINGS_PER_KEPT_SENT, OutboxState } from './outbox-state';
import { damageOf, lostWritesSentence, shortBatchesSentence, readDamagedLines, type DamagedLines } from './lost-writes';

export const OUTBOX_FILE_NAME = 'outbox.jsonl';

export type { OutboxLoadReport } from './outbox-store-options';

/**
 * Compaction starts once the file holds this many times `keepSent` sent entries. Each sent entry is about four
 * lines until then (queued, in flight, sent, its id), and every command that opens the outbox reads them all: at
 * twice `keepSent`, `statusdesk outbox list` took 1.23× its time on a fresh outbox (budget 1.2×).
 */
const SENT_LIMIT_FACTOR = 1.5;
/**
 * The index of the checked prefix is written again once this much more of the file was checked at an open: an open
 * checks what follows the prefix line by line, and writing the index costs about what a few such opens cost.
 */
const REINDEX_AFTER_BYTES = 64 * 1024;
/**
 * The file's bytes (none before its first write) and what an earlier open vouches for in them, or the reason the
 * file cannot be read. The bytes are read by the thread pool while the index beside them is parsed: a long
 * queue's open waited for each in turn.
 */
async function readOutbox(filePath: string): Promise<{ bytes: Buffer; checked: CheckedPrefix; indexed: PrefixState | null }> {
  const reading = readIfPresentInBackground(filePath);
  const marker = readCheckedMarker(filePath);
  const indexed = marker?.state === undefined ? null : decodePrefixState(marker.state);
  let bytes: Buffer | null;
  try {
    bytes = await reading;
  } catch (error) {
    throw new AppError('storage', `The outbox file ${filePath} could not be read: ${fileErrorReason(error)}.`, { cause: error });
  }
  bytes ??= Buffer.alloc(0);
  return { bytes, checked: checkedPrefixOf(marker, bytes), indexed };
}

/**
 * The outbox's durable state: entries and temp id → server id mappings, replayed from the append-only file
 * and changed only through `commit()`, which applies records in memory and resolves once they are fsynced.
 */
export class OutboxStore {
  readonly filePath: string;
  readonly loadReport: OutboxLoadReport;
  readonly #state = new OutboxState();
  /** In queue order (seq). */
  readonly entries: EntryTable = this.#state.entries;
  readonly mappings = this.#state.mappings;
  #file!: AppendOnlyFile;
  readonly #now: () => number;
  readonly #compactMinLines: number;
  readonly #keepSent: number;
  readonly #sizeCap: FileSizeCap;
  /** More sent entries than this compacts the file. */
  readonly #sentLimit: number;
  #compacting = false;
  #forgottenListener: ((ids: string[]) => void) | null = null;

  private constructor(options: OutboxStoreOptions, report: OutboxLoadReport) {
    this.filePath = options.filePath;
    this.#now = options.now ?? Date.now;
    this.#compactMinLines = options.compactMinLines ?? 2_000;
    this.#keepSent = options.keepSent ?? 100;
    this.#sizeCap = options.sizeCap ?? FILE_SIZE_CAPS.outbox;
    this.#sentLimit = Math.ceil(SENT_LIMIT_FACTOR * this.#keepSent);
    this.loadReport = report;
  }

  static async open(options: OutboxStoreOptions): Promise<OutboxStore> {
    const { filePath } = options;
    await fs.mkdir(path.dirname(filePath), { recursive: true });
    await removeStaleTempFiles(filePath);
    const { bytes, checked, indexed } = await readOutbox(filePath);
    const { store, log, damagedLines, prefixLines } = OutboxStore.#replay(options, bytes, checked, indexed);
    const report = store.loadReport;
    const nonEmpty = bytes.some((b) => b !== 0x0a && b !== 0x0d && b !== 0x20);
    const newer = log.header === 'newer';
    const damaged = nonEmpty && (log.invalidLines > 0 || log.header === 'missing' || log.shortBatches.length > 0);
    if (newer || damaged) {
      report.quarantinedTo = quarantineFile(filePath, new Date(store.#now()));
      const moved = path.basename(report.quarantinedTo);
      report.problem = newer
        ? `The outbox was written by a newer Statusdesk; it was moved to ${moved} and a new one started. Its writes were not sent.`
        : `The outbox file was damaged (${damageOf(log)}); it was moved to ${moved} and ${report.entries} queued write${report.entries === 1 ? ' was' : 's were'} kept.${damagedLines.lost.length > 0 ? ` ${lostWritesSentence(damagedLines.lost)}` : ''}${log.shortBatches.length > 0 ? ` ${shortBatchesSentence(log.shortBatches)}` : ''}`;
    }
    // A fresh, damaged or cut file is written whole now, so appends start on a clean line; so is one written by a
    // version that never compacted (thousands of sent writes): they are forgotten now, not listed.
    const bloated = store.#state.sentCount > store.#sentLimit;
    const rewrite = !nonEmpty || newer || damaged || log.missingNewline || report.recoveredInFlight > 0 || bloated || log.partialBatchAdds > 0;
    // Record lines: those the index counts in the prefix it vouches for, and those read after it.
    const recordLines = prefixLines + log.records.length;
    let lines = recordLines + 1;
    if (rewrite) {
      const snapshot = store.#snapshot();
      try {
        await writeFileAtomic(filePath, snapshot.text, options.fileSystem);
      } catch (error) {
        throw new AppError('storage', `The outbox file ${filePath} could not be written: ${fileErrorReason(error)}.`, { cause: error });
      }
      lines = snapshot.lines;
      // Written from records just checked (a damaged file's quarantined copy keeps what could not be read).
      store.#state.noteLines(snapshot.entryLines);
      await writeCheckedPrefix(filePath, snapshot.bytes, null, store.#state.prefixState(snapshot.lines - 1));
    } else if (checked.state === undefined || bytes.length - checked.bytes >= REINDEX_AFTER_BYTES) {
      await writeCheckedPrefix(filePath, bytes, checked, store.#state.prefixState(recordLines));
    }
    store.#state.stopNotingLines();
    store.#file = await AppendOnlyFile.open(filePath, lines, options.fileSystem);
    options.onLoad?.(report);
    return store;
  }

  /**
   * The entries as the file holds them now, replayed as open() does, without the lock and without writing
   * anything (a full disk): another process may change the file meanwhile, so this is a view a moment old.
   */
  static async read(filePath: string): Promise<OutboxEntry[]> {
    const { bytes, checked, indexed } = await readOutbox(filePath);
    return [...OutboxStore.#replay({ filePath }, bytes, checked, indexed).store.entries.values()];
  }

  /** The file's records applied in memory; entries cut off in flight (or unsure after damage) are to be looked up. */
  static #replay(
    options: OutboxStoreOptions,
    bytes: Buffer,
    checked: CheckedPrefix,
    indexed: PrefixState | null,
  ): { store: OutboxStore; log: ParsedOutboxLog; damagedLines: DamagedLines; prefixLines: number } {
    // The index is believed only for bytes it vouches for; a file a newer Statusdesk wrote is read line by line,
    // to be set aside whole, whatever its index says.
    const state = checked.bytes === 0 || checked.state === undefined || !hasOwnHeader(bytes) ? null : indexed;
    const log = parseOutboxLog(bytes, { bytes: checked.bytes, skip: state !== null });
    const report: OutboxLoadReport = {
      filePath: options.filePath,
      entries: 0,
      recoveredInFlight: 0,
      invalidLines: log.invalidLines,
      tornTail: log.tornTail,
      quarantinedTo: null,
      problem: null,
    };
    const store = new OutboxStore(options, report);
    store.#state.noteLines();
    if (state !== null) store.#state.seed(state, bytes, options.filePath);
    // Records just parsed from the file belong to the store: their entries are kept as they are, not copied.
    if (log.header !== 'newer')
      log.records.forEach((record, i) => store.#state.apply(record, { start: log.lineRanges[2 * i]!, end: log.lineRanges[2 * i + 1]! }));
    const damagedLines = readDamagedLines(log.damaged, log.records, store.entries);
    // In flight: an entry the lines after the index left so (the index never holds one: prefix-index.ts).
    const maybeInFlight = new Set<string>();
    for (const record of log.records) {
      if (record.t === 'add') maybeInFlight.add(record.entry.id);
      else if (record.t !== 'map') maybeInFlight.add(record.id);
    }
    const candidates =
      damagedLines.unsure === 'all' || state === null
        ? store.entries.headers()
        : [...maybeInFlight, ...damagedLines.unsure].map((id) => store.entries.header(id));
    for (const header of candidates) {
      if (header === undefined) continue;
      const unsure = damagedLines.unsure === 'all' || damagedLines.unsure.has(header.id);
      if (header.state !== 'in_flight' && !unsure) continue;
      const entry = store.entries.get(header.id)!;
      // Sent, or not? Only the server knows: look there before sending again.
      // The attempt cut off may have reached the server: the look-up's window opens at it (entry-sender.ts).
      if (entry.state === 'in_flight') {
        entry.state = 'pending';
        entry.reconcile = true;
        entry.firstSentAt ??= entry.lastSentAt;
        report.recoveredInFlight++;
      }
      // A damaged line may have held this entry's "being sent": the same question.
      if (unsure && entry.state === 'pending' && (entry.attempts > 0 || entry.firstSentAt !== undefined)) {
        entry.reconcile = true;
        entry.firstSentAt ??= entry.lastSentAt;
      }
    }
    report.entries = store.entries.size;
    return { store, log, damagedLines, prefixLines: state?.lines ?? 0 };
  }

  /** fsyncs done so far (group commit makes this much smaller than the number of records). */
  get syncs(): number {
    return this.#file.syncs;
  }

  get lineCount(): number {
    return this.#file.lineCount;
  }

  /** The file's last write failed (a full disk), and none has succeeded since. */
  get diskFailure(): (FileSystemFailure & { at: number }) | null {
    return this.#file.lastFailure;
  }

  nextSeq(): number {
    return this.#state.nextSeq();
  }

  /** Each entry was added after one of a lower seq: a scheduling pass may stop at a seq (plan-horizon.ts). Not so in a hand-edited file. */
  get queueOrdered(): boolean {
    return this.#state.queueOrdered;
  }

  serverIdOf(tempId: string): ServerId | undefined {
    return this.#state.serverIdOf(tempId);
  }

  /** Entries (any state) that refer to a temp id in their input or resource key. */
  referencing(tempId: string): OutboxEntry[] {
    return this.#state.referencing(tempId);
  }

  /** Entries (any state) on one resource key, in queue order. */
  onResource(resourceKey: string): OutboxEntry[] {
    return this.#state.onResource(resourceKey);
  }

  /** The entry is the only one (in any state) on its resource key. */
  aloneOnKey(entry: EntryHeader): boolean {
    return this.#state.aloneOnKey(entry);
  }

  /** Applies the records in memory now, and resolves once they are on disk. */
  commit(records: OutboxRecord[]): Promise<void> {
    return this.#commitLines(records, records.map(recordLine));
  }

  add(entry: OutboxEntry): Promise<void> {
    return this.#addRecords([addRecord(entry)]);
  }

  /** Many new entries in one append: one write and one fsync (enqueueMany). */
  addMany(entries: readonly OutboxEntry[]): Promise<void> {
    // Marked as one batch: a crash that cuts its lines leaves none of them (log-format.ts).
    const batch = { id: randomUUID(), size: entries.length };
    return this.#addRecords(entries.map((entry) => addRecord(entry, batch)));
  }

  /** New writes only: what follows them (sends, removals) is always written, so a queued write can always end. */
  #addRecords(records: OutboxRecord[]): Promise<void> {
    const lines = records.map(recordLine);
    try {
      refuseOverCap(this.#sizeCap, this.#file.bytes + lines.reduce((n, line) => n + Buffer.byteLength(line, 'utf8') + 1, 0));
    } catch (error) {
      return Promise.reject(error);
    }
    return this.#commitLines(records, lines);
  }

  #commitLines(records: OutboxRecord[], lines: string[]): Promise<void> {
    for (const record of records) this.#state.apply(record);
    const written = this.#file.append(lines);
    void written.then(() => this.#maybeCompact()).catch(() => undefined);
    return written;
  }

  /** Called with the ids of sent entries compaction forgot, so views that listed them drop them too. */
  onForgotten(listener: (ids: string[]) => void): void {
    this.#forgottenListener = listener;
  }

  setState(id: string, patch: StatePatch): Promise<void> {
    return this.commit([{ t: 'state', id, ...patch }]);
  }

  edit(id: string, patch: EditPatch): Promise<void> {
    return this.commit([{ t: 'edit', id, ...patch }]);
  }

  remove(id: string): Promise<void> {
    return this.commit([{ t: 'remove', id }]);
  }

  /** Rewrites the file with the current state now (tests, shutdown). */
  compact(): Promise<void> {
    return this.#file.requestRewrite(() => this.#snapshot());
  }

  async close(): Promise<void> {
    await this.#file.close();
  }

  /**
   * Compaction in normal use: when the file holds more than half again the sent entries it keeps,
   * or more than three lines per record a snapshot would write (retries, edits, sent entries' state changes).
   */
  #maybeCompact(): void {
    const live = this.entries.size + Math.min(this.mappings.size, this.entries.size + LOOSE_MAPPINGS_PER_KEPT_SENT * this.#keepSent) + 1;
    const tooManySent = this.#state.sentCount > this.#sentLimit;
    if (this.#compacting || (!tooManySent && this.#file.lineCount <= Math.max(this.#compactMinLines, 3 * live))) return;
    this.#compacting = true;
    void this.compact()
      .catch(() => undefined)
      .finally(() => {
        this.#compacting = false;
      });
  }

  /** The whole current state as the file's text; the oldest sent entries beyond `keepSent` are forgotten first. */
  #snapshot(): ReturnType<OutboxState['snapshot']> {
    const forgotten = this.#state.forgetOldSent(this.#keepSent);
    const listener = this.#forgottenListener;
    // Told after the snapshot is taken (this runs inside it), never in the middle of the file's work.
    if (forgotten.length > 0 && listener) queueMicrotask(() => listener(forgotten));
    return this.#state.snapshot(this.#now(), this.#keepSent);
  }
}

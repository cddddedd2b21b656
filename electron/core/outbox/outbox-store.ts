import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@shared/errors';
import type { ServerId } from '@shared/outbox/entry-view';
import { replaceTempIds } from '@shared/outbox/temp-id';
import { quarantineFile } from '@core/storage/quarantine';
import { readIfPresent } from '@core/storage/read-if-present';
import { AppendOnlyFile, removeStaleTempFiles } from './append-file';
import { fileErrorReason, type FileSystemFailure } from '@core/storage/file-system';
import { writeFileAtomic } from '@core/storage/atomic-write';
import { FILE_SIZE_CAPS, refuseOverCap, type FileSizeCap } from '@core/storage/file-size-cap';
import type { OutboxEntry } from './entry';
import { applyStatePatch } from './state-patch';
import { IdIndex } from './id-index';
import { TempIdRefs } from './temp-id-refs';
import type { OutboxLoadReport, OutboxStoreOptions } from './outbox-store-options';
import { addRecord, headerLine, parseOutboxLog, recordLine, type EditPatch, type OutboxRecord, type ParsedOutboxLog, type StatePatch } from './log-format';
import { readCheckedPrefix, writeCheckedPrefix } from './checked-prefix';
import { damageOf, lostWritesSentence, shortBatchesSentence, readDamagedLines, type DamagedLines } from './lost-writes';

export const OUTBOX_FILE_NAME = 'outbox.jsonl';

export type { OutboxLoadReport } from './outbox-store-options';

interface Mapping {
  serverId: ServerId;
  at: number;
}

const MAPPING_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Temp id mappings kept beyond those of kept entries (a temp id printed by a command a while ago), per kept sent entry. */
const LOOSE_MAPPINGS_PER_KEPT_SENT = 2;
/**
 * Compaction starts once the file holds this many times `keepSent` sent entries. Each sent entry is about four
 * lines until then (queued, in flight, sent, its id), and every command that opens the outbox reads them all: at
 * twice `keepSent`, `statusdesk outbox list` took 1.23× its time on a fresh outbox (budget 1.2×).
 */
const SENT_LIMIT_FACTOR = 1.5;
/** The file's bytes (none before its first write), or the reason it cannot be read. */
async function readOutboxBytes(filePath: string): Promise<Buffer> {
  const bytes = await readIfPresent(filePath).catch((error: unknown) => {
    throw new AppError('storage', `The outbox file ${filePath} could not be read: ${fileErrorReason(error)}.`, { cause: error });
  });
  return bytes ?? Buffer.alloc(0);
}

/**
 * The outbox's durable state: entries and temp id → server id mappings, replayed from the append-only file
 * and changed only through `commit()`, which applies records in memory and resolves once they are fsynced.
 */
export class OutboxStore {
  readonly filePath: string;
  readonly loadReport: OutboxLoadReport;
  /** In queue order (seq). */
  readonly entries = new Map<string, OutboxEntry>();
  readonly mappings = new Map<string, Mapping>();
  readonly #tempRefs = new TempIdRefs(this.entries);
  /** Entry ids per resource key. */
  readonly #byResource = new IdIndex();
  /** Sent entries, in the order they became sent: the oldest are forgotten first. */
  readonly #sent = new Set<string>();
  #file!: AppendOnlyFile;
  #seq = 0;
  #lastAddedSeq = 0;
  #ordered = true;
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
    const bytes = await readOutboxBytes(filePath);
    const checked = await readCheckedPrefix(filePath, bytes);
    const { store, log, damagedLines } = OutboxStore.#replay(options, bytes, checked.bytes);
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
    const bloated = store.#sent.size > store.#sentLimit;
    const rewrite = !nonEmpty || newer || damaged || log.missingNewline || report.recoveredInFlight > 0 || bloated || log.partialBatchAdds > 0;
    let lines = log.records.length + 1;
    if (rewrite) {
      const snapshot = store.#snapshot();
      try {
        await writeFileAtomic(filePath, snapshot.text, options.fileSystem);
      } catch (error) {
        throw new AppError('storage', `The outbox file ${filePath} could not be written: ${fileErrorReason(error)}.`, { cause: error });
      }
      lines = snapshot.lines;
      // Written from records just checked (a damaged file's quarantined copy keeps what could not be read).
      await writeCheckedPrefix(filePath, Buffer.from(snapshot.text, 'utf8'), null);
    } else {
      await writeCheckedPrefix(filePath, bytes, checked);
    }
    store.#file = await AppendOnlyFile.open(filePath, lines, options.fileSystem);
    options.onLoad?.(report);
    return store;
  }

  /**
   * The entries as the file holds them now, replayed as open() does, without the lock and without writing
   * anything (a full disk): another process may change the file meanwhile, so this is a view a moment old.
   */
  static async read(filePath: string): Promise<OutboxEntry[]> {
    const bytes = await readOutboxBytes(filePath);
    const checked = await readCheckedPrefix(filePath, bytes);
    return [...OutboxStore.#replay({ filePath }, bytes, checked.bytes).store.entries.values()];
  }

  /** The file's records applied in memory; entries cut off in flight (or unsure after damage) are to be looked up. */
  static #replay(options: OutboxStoreOptions, bytes: Buffer, checkedBytes: number): { store: OutboxStore; log: ParsedOutboxLog; damagedLines: DamagedLines } {
    const log = parseOutboxLog(bytes, checkedBytes);
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
    // Records just parsed from the file belong to the store: their entries are kept as they are, not copied.
    if (log.header !== 'newer') for (const record of log.records) store.#apply(record, true);
    const damagedLines = readDamagedLines(log.damaged, log.records, store.entries);
    for (const entry of store.entries.values()) {
      // Sent, or not? Only the server knows: look there before sending again.
      // The attempt cut off may have reached the server: the look-up's window opens at it (entry-sender.ts).
      if (entry.state === 'in_flight') {
        entry.state = 'pending';
        entry.reconcile = true;
        entry.firstSentAt ??= entry.lastSentAt;
        report.recoveredInFlight++;
      }
      // A damaged line may have held this entry's "being sent": the same question.
      const unsure = damagedLines.unsure === 'all' || damagedLines.unsure.has(entry.id);
      if (unsure && entry.state === 'pending' && (entry.attempts > 0 || entry.firstSentAt !== undefined)) {
        entry.reconcile = true;
        entry.firstSentAt ??= entry.lastSentAt;
      }
    }
    report.entries = store.entries.size;
    return { store, log, damagedLines };
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
    return ++this.#seq;
  }

  /** Each entry was added after one of a lower seq: a scheduling pass may stop at a seq (plan-horizon.ts). Not so in a hand-edited file. */
  get queueOrdered(): boolean {
    return this.#ordered;
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
  aloneOnKey(entry: OutboxEntry): boolean {
    return this.#byResource.isOnly(entry.resourceKey, entry.id);
  }

  #index(entry: OutboxEntry): void {
    this.#byResource.add(entry.resourceKey, entry.id);
    this.#tempRefs.note(entry);
  }

  #unindex(entry: OutboxEntry): void {
    this.#byResource.delete(entry.resourceKey, entry.id);
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
    for (const record of records) this.#apply(record);
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
    const tooManySent = this.#sent.size > this.#sentLimit;
    if (this.#compacting || (!tooManySent && this.#file.lineCount <= Math.max(this.#compactMinLines, 3 * live))) return;
    this.#compacting = true;
    void this.compact()
      .catch(() => undefined)
      .finally(() => {
        this.#compacting = false;
      });
  }

  /** Forgets the oldest sent entries beyond `keepSent` (in memory; the next snapshot leaves them out of the file). */
  #forgetOldSent(): void {
    const forgotten: string[] = [];
    for (const id of this.#sent) {
      if (this.#sent.size <= this.#keepSent) break;
      const entry = this.entries.get(id);
      if (entry) this.#unindex(entry);
      if (this.entries.delete(id)) forgotten.push(id);
      this.#sent.delete(id);
    }
    const listener = this.#forgottenListener;
    // Told after the snapshot is taken (this runs inside it), never in the middle of the file's work.
    if (forgotten.length > 0 && listener) queueMicrotask(() => listener(forgotten));
  }

  /**
   * The whole current state as records: retained mappings first, then every kept entry. The oldest sent entries
   * beyond `keepSent` are forgotten, and so are the mappings no kept entry needs, but for the newest few (younger
   * than a week): a temp id a command printed may still be typed for a while.
   */
  #snapshot(): { text: string; lines: number } {
    const now = this.#now();
    this.#forgetOldSent();
    const tempIds = new Set([...this.entries.values()].map((e) => e.tempId).filter((t): t is string => t !== undefined));
    const loose = [...this.mappings.keys()].filter((tempId) => !tempIds.has(tempId));
    const looseKept = new Set(loose.slice(-LOOSE_MAPPINGS_PER_KEPT_SENT * this.#keepSent));
    for (const tempId of loose) {
      const mapping = this.mappings.get(tempId)!;
      if (!looseKept.has(tempId) || now - mapping.at > MAPPING_TTL_MS) this.mappings.delete(tempId);
    }
    const lines = [headerLine()];
    for (const [tempId, mapping] of this.mappings) lines.push(recordLine({ t: 'map', tempId, serverId: mapping.serverId, at: mapping.at }));
    for (const entry of this.entries.values()) lines.push(recordLine(addRecord(entry)));
    return { text: `${lines.join('\n')}\n`, lines: lines.length };
  }

  #resolve<T>(value: T): T {
    return this.mappings.size === 0 ? value : replaceTempIds(value, (tempId) => this.mappings.get(tempId)?.serverId);
  }

  #apply(record: OutboxRecord, owned = false): void {
    switch (record.t) {
      case 'add': {
        if (this.entries.has(record.entry.id)) return;
        const input = this.#resolve(record.entry.input);
        const entry: OutboxEntry = owned ? record.entry : { ...record.entry, input };
        if (owned) entry.input = input;
        this.entries.set(entry.id, entry);
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
        if (record.state === 'sent') this.#sent.add(entry.id);
        else this.#sent.delete(entry.id);
        return;
      }
      case 'edit': {
        const entry = this.entries.get(record.id);
        if (!entry) return;
        this.#unindex(entry);
        if (record.input !== undefined) entry.input = this.#resolve(record.input);
        if (record.resourceKey !== undefined) entry.resourceKey = record.resourceKey;
        this.#index(entry);
        if (record.baseUpdatedAt === null) delete entry.baseUpdatedAt;
        else if (record.baseUpdatedAt !== undefined) entry.baseUpdatedAt = record.baseUpdatedAt;
        if (record.dependsOn !== undefined) entry.dependsOn = record.dependsOn;
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
        }
        this.#tempRefs.clear(record.tempId);
        return;
      }
      case 'remove': {
        const entry = this.entries.get(record.id);
        if (entry) this.#unindex(entry);
        this.entries.delete(record.id);
        this.#sent.delete(record.id);
        return;
      }
    }
  }
}

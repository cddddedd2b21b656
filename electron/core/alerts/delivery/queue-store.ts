import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@shared/errors';
import { AppendOnlyFile, removeStaleTempFiles } from '@core/outbox/append-file';
import { writeFileAtomic } from '@core/storage/atomic-write';
import { FILE_SIZE_CAPS, refuseOverCap } from '@core/storage/file-size-cap';
import { fileErrorReason } from '@core/storage/file-system';
import { quarantineFile } from '@core/storage/quarantine';
import { readIfPresent } from '@core/storage/read-if-present';
import { isWaiting, patchOf, type DeliveryPatch, type DeliveryRecord } from './delivery-record';
import { addLine, headerLine, parseQueue, removeLine, stateLine, type ParsedQueue } from './queue-format';

export const ALERT_QUEUE_FILE_NAME = 'alert-queue.jsonl';
const FILE_WHAT = 'The alert queue file';

interface QueueStoreOptions {
  dataDir: string;
  reportProblem: (message: string) => void;
  now: () => number;
  /** Delivered messages kept for the delivery log; older ones go at compaction. */
  keepDelivered?: number;
  /** The file is compacted once it has this many lines and most are spent. */
  compactMinLines?: number;
}

/**
 * The durable alert queue: records replayed from the file, changed only through add/patch/remove, each
 * resolving once its line is fsynced. Reading (`load`) writes nothing, so `statusdesk alerts list` can read
 * while the watcher sends; `openForWriting` repairs what a crash or damage left and opens the file to append.
 */
export class AlertQueueStore {
  readonly filePath: string;
  /** In queue order. */
  readonly records = new Map<string, DeliveryRecord>();
  readonly #options: QueueStoreOptions;
  #parsed: ParsedQueue | null = null;
  #file: AppendOnlyFile | null = null;
  #seq = 0;
  #compacting = false;

  constructor(options: QueueStoreOptions) {
    this.#options = options;
    this.filePath = path.join(options.dataDir, ALERT_QUEUE_FILE_NAME);
  }

  /** Reads the file; called again only while another process writes it (the delivery log of a process that does not send). */
  async load(): Promise<void> {
    const bytes = await readIfPresent(this.filePath).catch((error: unknown) => {
      throw new AppError('storage', `${FILE_WHAT} ${this.filePath} could not be read: ${fileErrorReason(error)}.`, { cause: error });
    });
    const parsed = parseQueue(bytes ?? Buffer.alloc(0));
    this.#parsed = parsed;
    // Read again (another process sends): the file as it is now replaces what was read before.
    this.records.clear();
    if (parsed.header !== 'newer') for (const record of parsed.records) this.records.set(record.id, record);
    this.#seq = parsed.records.reduce((max, record) => Math.max(max, record.seq), 0);
  }

  /** Moves a damaged or newer file aside (said by name), writes a clean one when needed, opens it to append. */
  async openForWriting(): Promise<void> {
    const parsed = this.#parsed;
    if (!parsed) throw new Error('load() first');
    await fs.mkdir(this.#options.dataDir, { recursive: true });
    await removeStaleTempFiles(this.filePath);
    const damaged = parsed.damagedLines > 0 || (parsed.header === 'missing' && parsed.lines > 0);
    if (parsed.header === 'newer' || damaged) {
      const moved = path.basename(quarantineFile(this.filePath, new Date(this.#options.now())));
      const kept = this.records.size;
      this.#options.reportProblem(
        parsed.header === 'newer'
          ? `The alert queue was written by a newer Statusdesk; it was moved to ${moved} and a new one started. Its alerts were not sent.`
          : `The alert queue file was damaged (${parsed.damagedLines} unreadable line${parsed.damagedLines === 1 ? '' : 's'}${parsed.header === 'missing' ? ', no header' : ''}); it was moved to ${moved} and ${kept} message${kept === 1 ? ' was' : 's were'} kept.`,
      );
    }
    let lines = parsed.lines;
    if (parsed.lines === 0 || parsed.header !== 'ok' || damaged || parsed.missingNewline) {
      const snapshot = this.#snapshot();
      try {
        await writeFileAtomic(this.filePath, snapshot.text);
      } catch (error) {
        throw new AppError('storage', `${FILE_WHAT} ${this.filePath} could not be written: ${fileErrorReason(error)}.`, { cause: error });
      }
      lines = snapshot.lines;
    }
    this.#file = await AppendOnlyFile.open(this.filePath, lines, undefined, FILE_WHAT);
  }

  nextSeq(): number {
    return ++this.#seq;
  }

  async add(record: DeliveryRecord): Promise<void> {
    const line = addLine(record);
    const file = this.#writable();
    refuseOverCap(FILE_SIZE_CAPS.alertQueue, file.bytes + Buffer.byteLength(line) + 1);
    await file.append([line]);
    this.records.set(record.id, record);
  }

  /** Applies `patch` in memory at once (the sender reads it), then writes it. */
  async patch(record: DeliveryRecord, patch: DeliveryPatch): Promise<void> {
    Object.assign(record, patch);
    await this.#writable().append([stateLine(record.id, patchOf(record))]);
    if (record.state === 'delivered') void this.#compactIfSpent();
  }

  /** Takes records out at once (the list no longer shows them); `writeRemovals` makes it durable. */
  forget(ids: string[]): string[] {
    return ids.filter((id) => this.records.delete(id));
  }

  async writeRemovals(ids: string[]): Promise<void> {
    if (ids.length > 0) await this.#writable().append(ids.map(removeLine));
  }

  async close(): Promise<void> {
    await this.#file?.close();
    this.#file = null;
  }

  #writable(): AppendOnlyFile {
    if (!this.#file) throw new AppError('storage', 'The alert queue is not open for writing.');
    return this.#file;
  }

  /** Rewrites the file with what is live once most of its lines are spent, forgetting the oldest delivered. */
  async #compactIfSpent(): Promise<void> {
    const file = this.#file;
    const minLines = this.#options.compactMinLines ?? 2_000;
    if (!file || this.#compacting || file.lineCount < minLines || file.lineCount < 4 * this.records.size) return;
    this.#compacting = true;
    try {
      await file.requestRewrite(() => {
        this.#forgetOldDelivered();
        return this.#snapshot();
      });
    } catch (error) {
      this.#options.reportProblem(error instanceof AppError ? error.message : `${FILE_WHAT} could not be compacted.`);
    } finally {
      this.#compacting = false;
    }
  }

  #forgetOldDelivered(): void {
    const keep = this.#options.keepDelivered ?? 200;
    const delivered = [...this.records.values()].filter((record) => record.state === 'delivered');
    for (const record of delivered.slice(0, Math.max(0, delivered.length - keep))) this.records.delete(record.id);
  }

  #snapshot(): { text: string; lines: number } {
    const lines = [headerLine()];
    for (const record of this.records.values()) {
      lines.push(addLine(record));
      if (!isWaiting(record) || record.attempts > 0 || record.problem !== null) lines.push(stateLine(record.id, patchOf(record)));
    }
    return { text: lines.map((line) => `${line}\n`).join(''), lines: lines.length };
  }
}

import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@shared/errors';
import { syncDir, writeFileAtomic } from '@core/storage/atomic-write';
import { fileErrorReason, nodeFileSystem, writeFully, type DurableFileSystem, type FileSystemFailure, type WritableFile } from '@core/storage/file-system';

interface PendingAppend {
  text: string;
  bytes: number;
  lines: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * An append-only file where `append()` resolves only after the lines are on disk (fsync). Group commit:
 * appends that arrive while a write+fsync is running wait together and share the next one, so N concurrent
 * callers cost far fewer than N fsyncs, and still nobody is answered before their lines are durable.
 *
 * Compaction (`requestRewrite`) replaces the whole file atomically (write a temp file, fsync, rename over,
 * fsync the folder). It runs only at a moment when every queued append has been written: the snapshot
 * function is called right then, synchronously, so it sees exactly what the file holds, and appends that
 * arrive during the rewrite go to the new file after it.
 *
 * A failed write (a full disk, a short count, an I/O error) is cut back: the file is truncated to where the
 * batch began, so no torn record stays behind for a later line to be glued onto, and every caller of the
 * batch is refused with the file and the cause. Nobody is told "saved" for bytes that are not all on disk.
 */
export class AppendOnlyFile {
  readonly filePath: string;
  readonly #fs: DurableFileSystem;
  #handle: WritableFile;
  /** Bytes in the file that are whole records: where a failed batch is cut back to. */
  #size: number;
  #queuedBytes = 0;
  /** A failed batch could not be cut back: nothing more is appended until it can. */
  #uncut: unknown = null;
  #queue: PendingAppend[] = [];
  #running = false;
  #rewrite: { snapshot: () => { text: string; lines: number }; waiters: Array<{ resolve: () => void; reject: (e: unknown) => void }> } | null = null;
  #lines: number;
  #closed = false;
  /** fsyncs done; for tests and the bench (group commit at work). */
  syncs = 0;
  /** The last write's failure (a full disk), until a later append succeeds: the outbox status names it. */
  lastFailure: (FileSystemFailure & { at: number }) | null = null;

  /** "The outbox file": how messages name it. */
  readonly #what: string;

  private constructor(filePath: string, handle: WritableFile, size: number, lines: number, fileSystem: DurableFileSystem, what: string) {
    this.filePath = filePath;
    this.#what = what;
    this.#handle = handle;
    this.#size = size;
    this.#lines = lines;
    this.#fs = fileSystem;
  }

  /** `what` names the file in messages; the alert queue shares this file type with the outbox. */
  static async open(
    filePath: string,
    existingLines: number,
    fileSystem: DurableFileSystem = nodeFileSystem,
    what = 'The outbox file',
  ): Promise<AppendOnlyFile> {
    const existed = await fs
      .access(filePath)
      .then(() => true)
      .catch(() => false);
    let handle: WritableFile;
    try {
      handle = await fileSystem.open(filePath, 'a', 0o600);
    } catch (error) {
      throw storageError(what, filePath, 'cannot be opened for writing', error);
    }
    const { size } = await handle.stat();
    // A new file's name must be durable too, not only its content.
    if (!existed) await syncDir(path.dirname(filePath));
    return new AppendOnlyFile(filePath, handle, size, existingLines, fileSystem, what);
  }

  /** Lines in the file (records and header). */
  get lineCount(): number {
    return this.#lines;
  }

  /** Bytes in the file once the appends queued now are written. */
  get bytes(): number {
    return this.#size + this.#queuedBytes;
  }

  append(lines: string[]): Promise<void> {
    if (this.#closed) return Promise.reject(new Error(`${this.#what.replace(/^The /, 'the ')} is closed`));
    if (lines.length === 0) return Promise.resolve();
    const text = lines.map((line) => `${line}\n`).join('');
    const bytes = Buffer.byteLength(text, 'utf8');
    this.#queuedBytes += bytes;
    return new Promise<void>((resolve, reject) => {
      this.#queue.push({ text, bytes, lines: lines.length, resolve, reject });
      void this.#run();
    });
  }

  /** Replaces the file with `snapshot()` at the next quiet moment; resolves when done. */
  requestRewrite(snapshot: () => { text: string; lines: number }): Promise<void> {
    if (this.#closed) return Promise.reject(new Error(`${this.#what.replace(/^The /, 'the ')} is closed`));
    return new Promise<void>((resolve, reject) => {
      if (this.#rewrite) {
        this.#rewrite.snapshot = snapshot;
        this.#rewrite.waiters.push({ resolve, reject });
      } else this.#rewrite = { snapshot, waiters: [{ resolve, reject }] };
      void this.#run();
    });
  }

  /** Waits for queued work, then closes. */
  async close(): Promise<void> {
    if (this.#closed) return;
    while (this.#running || this.#queue.length > 0 || this.#rewrite) await new Promise((r) => setTimeout(r, 1));
    this.#closed = true;
    await this.#handle.close();
  }

  async #run(): Promise<void> {
    if (this.#running) return;
    this.#running = true;
    try {
      for (;;) {
        if (this.#queue.length > 0) {
          const batch = this.#queue.splice(0);
          try {
            await this.#appendBatch(Buffer.from(batch.map((b) => b.text).join(''), 'utf8'));
            this.#lines += batch.reduce((n, b) => n + b.lines, 0);
            for (const item of batch) item.resolve();
          } catch (error) {
            for (const item of batch) item.reject(error);
          } finally {
            // Written bytes now count in #size; a failed batch was cut back off the file.
            this.#queuedBytes -= batch.reduce((n, b) => n + b.bytes, 0);
          }
          continue;
        }
        if (this.#rewrite) {
          // The queue is empty right now: the snapshot matches the file exactly.
          const { snapshot, waiters } = this.#rewrite;
          this.#rewrite = null;
          try {
            const { text, lines } = snapshot();
            await this.#replace(text);
            this.#lines = lines;
            for (const waiter of waiters) waiter.resolve();
          } catch (error) {
            for (const waiter of waiters) waiter.reject(error);
          }
          continue;
        }
        return;
      }
    } finally {
      this.#running = false;
    }
  }

  async #appendBatch(bytes: Buffer): Promise<void> {
    let step: FileSystemFailure['step'] = 'write';
    try {
      if (this.#uncut !== null) await this.#cutBack(this.#uncut);
      await writeFully(this.#handle, bytes);
      step = 'sync';
      await this.#handle.sync();
      this.syncs++;
      this.#size += bytes.length;
      this.lastFailure = null;
    } catch (error) {
      this.lastFailure = { filePath: this.filePath, step, error: error instanceof AppError && error.cause !== undefined ? error.cause : error, at: Date.now() };
      if (error instanceof AppError) throw error; // the cut back of an earlier failure failed: said so already
      await this.#cutBack(error);
      throw storageError(this.#what, this.filePath, 'could not be written', error);
    }
  }

  /** Truncates to the last whole record; remembers when it cannot, so nothing is appended onto a torn one. */
  async #cutBack(cause: unknown): Promise<void> {
    try {
      await this.#handle.truncate(this.#size);
      await this.#handle.sync();
      this.#uncut = null;
    } catch {
      this.#uncut = cause;
      throw storageError(this.#what, this.filePath, 'holds a partly written record that could not be removed', cause);
    }
  }

  async #replace(text: string): Promise<void> {
    try {
      await writeFileAtomic(this.filePath, text, this.#fs);
    } catch (error) {
      // The old file is whole and stays in use.
      this.lastFailure = { filePath: this.filePath, step: 'write', error, at: Date.now() };
      throw storageError(this.#what, this.filePath, 'could not be compacted', error);
    }
    // The old handle points at the replaced inode: appends must go to the new file.
    const old = this.#handle;
    this.#handle = await this.#fs.open(this.filePath, 'a', 0o600);
    this.#size = Buffer.byteLength(text, 'utf8');
    this.#uncut = null;
    await old.close().catch(() => undefined);
  }
}

function storageError(file: string, filePath: string, what: string, cause: unknown): AppError {
  if (cause instanceof AppError) return cause;
  return new AppError('storage', `${file} ${filePath} ${what}: ${fileErrorReason(cause)}.`, { cause });
}

/** Left-over temp files of a rewrite cut by a crash: never the live file, safe to delete. */
export async function removeStaleTempFiles(filePath: string): Promise<void> {
  const dir = path.dirname(filePath);
  const prefix = `${path.basename(filePath)}.tmp-`;
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return;
  }
  await Promise.all(names.filter((n) => n.startsWith(prefix)).map((n) => fs.rm(path.join(dir, n), { force: true })));
}

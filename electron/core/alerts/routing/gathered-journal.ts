import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { syncDirSync, writeFileAtomicSync } from '@core/storage/atomic-write';
import { FILE_SIZE_CAPS, refuseOverCap } from '@core/storage/file-size-cap';
import { fileErrorReason } from '@core/storage/file-system';
import { quarantineFile } from '@core/storage/quarantine';
import { readTextIfPresentSync } from '@core/storage/read-if-present';
import type { RoutedChange } from './changes-of-poll';
import { routedChangeSchema } from './held-changes';

/*
 * What the flood coalescer gathers for its next digest, kept on disk before the poll's routing returns, so a
 * kill -9 inside the 2 s window loses nothing: on the next start each window is sent as the digest it would
 * have been (the same changes, so the same message key for a receiver that deduplicates).
 *
 * Cheap under a flood: one line appended per gathered change with a synchronous write (no rewrite of the
 * file, no fsync on the routing path: a killed process's writes are in the OS already); an fdatasync follows
 * off the routing path, one at a time, for a power cut. Once a window's digest is in the delivery queue
 * (fsynced there), the window is done: the file is emptied when nothing else is gathered, or a done line is
 * appended and the file compacted once mostly done lines. A torn last line (a crash mid-write) is dropped; a
 * damaged line elsewhere moves the file aside (storage/quarantine) and is told, and what can be read is kept.
 */

export const GATHERED_FILE_NAME = 'alerts-gathered.jsonl';

export function gatheredJournalPath(dataDir: string): string {
  return path.join(dataDir, GATHERED_FILE_NAME);
}

const changeLineSchema = z.object({ w: z.string().min(1), d: z.string().min(1), r: routedChangeSchema });
const doneLineSchema = z.object({ done: z.string().min(1) });

/** Changes gathered for one digest of one destination. */
interface GatheredWindow {
  windowId: string;
  destinationId: string;
  changes: RoutedChange[];
}

interface OpenWindow extends GatheredWindow {
  /** Bytes of its lines in the file: what a compaction keeps. */
  bytes: number;
}

/** Compacted when the file holds this many times what is still gathered (and at least COMPACT_MIN_BYTES). */
const COMPACT_RATIO = 4;
const COMPACT_MIN_BYTES = 64 * 1024;

export class GatheredJournal {
  readonly filePath: string;
  readonly #reportProblem: (message: string) => void;
  readonly #windows = new Map<string, OpenWindow>();
  #fd: number | null = null;
  #size = 0;
  #liveBytes = 0;
  /** A write failed: told once, until one succeeds again. */
  #failing = false;
  #syncing = false;
  #syncAgain = false;

  constructor(options: { filePath: string; reportProblem: (message: string) => void }) {
    this.filePath = options.filePath;
    this.#reportProblem = options.reportProblem;
  }

  /** Reads what an earlier run gathered and left unqueued (each window once), and opens the file for appending. */
  open(): GatheredWindow[] {
    this.close();
    this.#windows.clear();
    this.#liveBytes = 0;
    const text = readTextIfPresentSync(this.filePath);
    const lines = text === null ? [] : text.split('\n');
    // The part after the last newline is a line cut by a crash mid-write (or nothing): dropped.
    const torn = lines.pop() ?? '';
    let damaged = 0;
    for (const line of lines) {
      if (line.trim() === '') continue;
      if (!this.#readLine(line)) damaged++;
    }
    const kept = this.#openWindows().reduce((n, w) => n + w.changes.length, 0);
    if (damaged > 0) {
      const movedTo = quarantineFile(this.filePath);
      this.#reportProblem(
        `The alerts gathered for a digest (${GATHERED_FILE_NAME}) were damaged (${damaged} unreadable line${damaged === 1 ? '' : 's'}); ` +
          `the file was moved to ${path.basename(movedTo)} and ${kept} change${kept === 1 ? ' was' : 's were'} kept.`,
      );
    }
    try {
      if (damaged > 0 || torn !== '' || (text !== null && this.#windows.size === 0)) this.#rewrite();
      const existed = fs.existsSync(this.filePath);
      this.#fd = fs.openSync(this.filePath, 'a', 0o600);
      this.#size = fs.fstatSync(this.#fd).size;
      if (!existed) syncDirSync(path.dirname(this.filePath));
    } catch (error) {
      this.#fd = null;
      this.#reportProblem(`The alerts waiting to be queued cannot be kept on disk (${fileErrorReason(error)}); a crash before they are queued may lose them.`);
    }
    return this.#openWindows().map(({ windowId, destinationId, changes }) => ({ windowId, destinationId, changes: [...changes] }));
  }

  /** Keeps one gathered change, on disk before it returns (when the file is open). */
  record(windowId: string, destinationId: string, routed: RoutedChange): void {
    const line = `${JSON.stringify({ w: windowId, d: destinationId, r: routed })}\n`;
    const bytes = Buffer.byteLength(line, 'utf8');
    const window = this.#windows.get(windowId) ?? { windowId, destinationId, changes: [], bytes: 0 };
    this.#windows.set(windowId, window);
    window.changes.push(routed);
    if (this.#fd === null) return;
    try {
      refuseOverCap(FILE_SIZE_CAPS.alertsGathered, this.#size + bytes);
      this.#append(line);
      window.bytes += bytes;
      this.#liveBytes += bytes;
      this.#failing = false;
    } catch (error) {
      if (this.#failing) return;
      this.#failing = true;
      const reason = error instanceof Error && error.message.startsWith('Not saved') ? error.message : fileErrorReason(error);
      this.#reportProblem(`An alert waiting to be queued could not be kept on disk (${reason}). It is still sent; a crash before then would lose it.`);
    }
  }

  /** The window's digest is in the delivery queue: forgotten here. */
  done(windowId: string): void {
    const window = this.#windows.get(windowId);
    if (!window) return;
    this.#windows.delete(windowId);
    this.#liveBytes -= window.bytes;
    if (this.#fd === null) return;
    try {
      if (this.#windows.size === 0) {
        fs.ftruncateSync(this.#fd, 0);
        this.#size = 0;
        this.#liveBytes = 0;
      } else if (this.#size > COMPACT_MIN_BYTES && this.#size > COMPACT_RATIO * this.#liveBytes) {
        this.#rewrite();
        this.#reopen();
      } else {
        this.#append(`${JSON.stringify({ done: windowId })}\n`);
      }
      this.#sync();
    } catch {
      // Left in the file: sent again on the next start with the same key (at least once), never lost.
    }
  }

  /** Windows gathered and not yet done (the tests look). */
  pending(): GatheredWindow[] {
    return this.#openWindows();
  }

  close(): void {
    if (this.#fd === null) return;
    const fd = this.#fd;
    this.#fd = null;
    try {
      fs.fdatasyncSync(fd);
    } catch {
      // Written already; only a power cut could take it.
    }
    fs.closeSync(fd);
  }

  #readLine(line: string): boolean {
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      return false;
    }
    const done = doneLineSchema.safeParse(json);
    if (done.success) {
      this.#windows.delete(done.data.done);
      return true;
    }
    const change = changeLineSchema.safeParse(json);
    if (!change.success) return false;
    const { w, d, r } = change.data;
    const window = this.#windows.get(w) ?? { windowId: w, destinationId: d, changes: [], bytes: 0 };
    this.#windows.set(w, window);
    window.changes.push(r);
    return true;
  }

  #openWindows(): OpenWindow[] {
    return [...this.#windows.values()].filter((w) => w.changes.length > 0);
  }

  /** A whole write at the end of the file, or the file cut back to where it was (no torn line to glue onto). */
  #append(text: string): void {
    const fd = this.#fd!;
    const buffer = Buffer.from(text, 'utf8');
    try {
      let written = 0;
      while (written < buffer.length) written += fs.writeSync(fd, buffer, written);
    } catch (error) {
      try {
        fs.ftruncateSync(fd, this.#size);
      } catch {
        // The next open drops a torn last line.
      }
      throw error;
    }
    this.#size += buffer.length;
    this.#sync();
  }

  /** One fdatasync at a time, off the routing path; appends made meanwhile share the next one. */
  #sync(): void {
    if (this.#fd === null) return;
    if (this.#syncing) {
      this.#syncAgain = true;
      return;
    }
    this.#syncing = true;
    fs.fdatasync(this.#fd, () => {
      this.#syncing = false;
      if (!this.#syncAgain) return;
      this.#syncAgain = false;
      this.#sync();
    });
  }

  /** The file replaced by what is still gathered (atomically: a crash leaves the old one or the new one). */
  #rewrite(): void {
    let text = '';
    let bytes = 0;
    for (const window of this.#openWindows()) {
      const lines = window.changes.map((r) => `${JSON.stringify({ w: window.windowId, d: window.destinationId, r })}\n`).join('');
      window.bytes = Buffer.byteLength(lines, 'utf8');
      bytes += window.bytes;
      text += lines;
    }
    writeFileAtomicSync(this.filePath, text);
    this.#liveBytes = bytes;
  }

  #reopen(): void {
    const old = this.#fd;
    this.#fd = fs.openSync(this.filePath, 'a', 0o600);
    this.#size = this.#liveBytes;
    if (old !== null) fs.closeSync(old);
  }
}

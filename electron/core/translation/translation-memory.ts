import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@shared/errors';
import { quarantineFile } from '@core/storage/quarantine';
import { writeFileAtomic } from '@core/storage/atomic-write';
import { memoryKey, type MemoryKeyParts } from './memory-key';
import { entryLine, headerLine, parseLog, touchLine, type MemoryEntry } from './memory-log';
import { readIfPresent } from '@core/storage/read-if-present';

export const MEMORY_FILE_NAME = 'translation-memory.jsonl';
const DEFAULT_MEMORY_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const DEFAULT_MEMORY_MAX_ENTRIES = 50_000;
/**
 * Texts and translations kept, in characters: entries may be up to 20,000 characters each, so the entry count
 * alone would let the file reach gigabytes; this keeps it to tens of megabytes (file-size-cap.ts's spirit for a
 * cache: the oldest go instead of the newest being refused).
 */
const DEFAULT_MEMORY_MAX_CHARS = 16 * 1024 * 1024;

export interface TranslationMemoryOptions {
  /** The data folder; the memory lives in `<dataDir>/translation-memory.jsonl`. Or give `filePath`. */
  dataDir?: string;
  filePath?: string;
  /** An entry is served for this long after it was stored (7 days, as the official clients cache). */
  ttlMs?: number;
  /** Above this, the least recently used entries are dropped. */
  maxEntries?: number;
  /** Above this many characters of keys and translations, the least recently used entries are dropped. */
  maxChars?: number;
  /** The log is compacted once it holds more than max(this, 2 × live entries) lines. */
  compactMinLines?: number;
  /** Milliseconds since the epoch; injectable for expiry tests. */
  now?: () => number;
  /** Told once, after loading, what was found (and what was moved aside). */
  onLoad?: (report: MemoryLoadReport) => void;
}

export interface MemoryLoadReport {
  filePath: string;
  /** Entries served from now on. */
  entries: number;
  expired: number;
  /** Dropped to respect maxEntries and maxChars. */
  evicted: number;
  invalidLines: number;
  /** The file was cut in the middle of a line. */
  truncated: boolean;
  /** Where the damaged file was moved, or null when it was fine. */
  quarantinedTo: string | null;
  /** A sentence for the user when something was wrong, else null. */
  problem: string | null;
}

/**
 * A persistent cache of translations keyed by (from, to, word type, text), bounded in size (LRU) and in age
 * (expiry from the time of storing). Reads and writes are synchronous in memory; `flush()` persists what
 * changed. One process owns the file at a time (the app or the CLI); a second writer could lose entries at
 * compaction, which for a cache costs words, not correctness.
 */
export class TranslationMemory {
  readonly filePath: string;
  readonly ttlMs: number;
  readonly maxEntries: number;
  readonly maxChars: number;
  readonly loadReport: MemoryLoadReport;
  readonly #now: () => number;
  readonly #compactMinLines: number;
  /** Insertion order is LRU order: least recently used first. */
  readonly #entries: Map<string, MemoryEntry>;
  /** Characters of every entry's key and value. */
  #chars: number;
  readonly #pendingEntries = new Map<string, MemoryEntry>();
  readonly #pendingTouches = new Map<string, number>();
  #logLines: number;
  #needsRewrite: boolean;
  /** The file exists with a header: appends may go to it. Otherwise the first flush writes it whole. */
  #fileReady: boolean;
  #chain: Promise<void> = Promise.resolve();

  private constructor(
    filePath: string,
    options: TranslationMemoryOptions,
    state: { entries: Map<string, MemoryEntry>; logLines: number; needsRewrite: boolean; fileReady: boolean; report: MemoryLoadReport },
  ) {
    this.filePath = filePath;
    this.ttlMs = options.ttlMs ?? DEFAULT_MEMORY_TTL_MS;
    this.maxEntries = options.maxEntries ?? DEFAULT_MEMORY_MAX_ENTRIES;
    this.maxChars = options.maxChars ?? DEFAULT_MEMORY_MAX_CHARS;
    this.#now = options.now ?? Date.now;
    this.#compactMinLines = options.compactMinLines ?? 1_000;
    this.#entries = state.entries;
    this.#chars = 0;
    for (const [key, entry] of state.entries) this.#chars += charsOf(key, entry);
    this.#logLines = state.logLines;
    this.#needsRewrite = state.needsRewrite;
    this.#fileReady = state.fileReady;
    this.loadReport = state.report;
  }

  /** Loads the file (a damaged one is moved aside, its readable entries kept) and returns the memory. */
  static async open(options: TranslationMemoryOptions): Promise<TranslationMemory> {
    const filePath = options.filePath ?? (options.dataDir ? path.join(options.dataDir, MEMORY_FILE_NAME) : null);
    if (filePath === null) throw new TypeError('TranslationMemory needs dataDir or filePath');
    const now = options.now ?? Date.now;
    const ttlMs = options.ttlMs ?? DEFAULT_MEMORY_TTL_MS;
    const maxEntries = options.maxEntries ?? DEFAULT_MEMORY_MAX_ENTRIES;
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new RangeError('maxEntries must be a positive integer');

    await fs.mkdir(path.dirname(filePath), { recursive: true });
    const bytes =
      (await readIfPresent(filePath).catch((error: unknown) => {
        throw new AppError('storage', 'The translation memory file could not be read.', { cause: error });
      })) ?? Buffer.alloc(0);

    const log = parseLog(bytes);
    const report: MemoryLoadReport = {
      filePath,
      entries: 0,
      expired: 0,
      evicted: 0,
      invalidLines: log.invalidLines,
      truncated: log.truncated,
      quarantinedTo: null,
      problem: null,
    };
    const nonEmpty = bytes.some((b) => b !== 0x0a && b !== 0x0d && b !== 0x20);
    const newer = log.header === 'newer';
    const damaged = nonEmpty && (log.invalidLines > 0 || log.header === 'missing');

    const entries = new Map<string, MemoryEntry>();
    if (!newer) {
      for (const record of log.records) {
        if (record.kind === 'entry') entries.set(record.key, { ...record.entry });
        else {
          const entry = entries.get(record.key);
          if (entry) entry.usedAt = Math.max(entry.usedAt, record.usedAt);
        }
      }
    }
    const at = now();
    const live = [...entries].filter(([, entry]) => at - entry.createdAt < ttlMs);
    report.expired = entries.size - live.length;
    live.sort((a, b) => a[1].usedAt - b[1].usedAt);
    // Newest first, as many as fit both bounds; the rest (least recently used) go.
    const maxChars = options.maxChars ?? DEFAULT_MEMORY_MAX_CHARS;
    let fitting = 0;
    for (let i = live.length - 1, chars = 0; i >= 0 && fitting < maxEntries; i--, fitting++) {
      chars += charsOf(live[i]![0], live[i]![1]);
      if (chars > maxChars) break;
    }
    report.evicted = live.length - fitting;
    const kept = new Map(live.slice(report.evicted));
    report.entries = kept.size;

    if (newer || damaged) {
      report.quarantinedTo = quarantineFile(filePath, new Date(at));
      report.problem = newer
        ? `The translation memory was written by a newer Statusdesk; it was moved to ${path.basename(report.quarantinedTo)} and a new one started.`
        : `The translation memory file was damaged (${log.invalidLines} unreadable line${log.invalidLines === 1 ? '' : 's'}${log.header === 'missing' ? ', no header' : ''}); it was moved to ${path.basename(report.quarantinedTo)} and ${kept.size} entr${kept.size === 1 ? 'y was' : 'ies were'} kept.`;
    }

    const memory = new TranslationMemory(filePath, options, {
      entries: kept,
      logLines: log.records.length,
      // A damaged, cut or header-less file is rewritten now, so later appends start on a clean line.
      needsRewrite: newer || damaged || log.truncated,
      fileReady: nonEmpty && !newer && !damaged,
      report,
    });
    if (memory.#needsRewrite) await memory.flush();
    options.onLoad?.(report);
    return memory;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The stored translation, or undefined (missing or expired). A hit makes the entry most recently used. */
  get(parts: MemoryKeyParts): string | undefined {
    const key = memoryKey(parts);
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    const at = this.#time();
    if (at - entry.createdAt >= this.ttlMs) {
      this.#drop(key);
      return undefined;
    }
    entry.usedAt = at;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    if (!this.#pendingEntries.has(key)) this.#pendingTouches.set(key, at);
    return entry.value;
  }

  set(parts: MemoryKeyParts, value: string): void {
    const key = memoryKey(parts);
    const at = this.#time();
    const entry: MemoryEntry = { value, createdAt: at, usedAt: at };
    this.#drop(key);
    this.#entries.set(key, entry);
    this.#chars += charsOf(key, entry);
    this.#pendingEntries.set(key, entry);
    this.#pendingTouches.delete(key);
    // The entry just set stays, even alone past the bound: one translation is bounded by its request.
    while (this.#entries.size > 1 && (this.#entries.size > this.maxEntries || this.#chars > this.maxChars)) {
      const oldest = this.#entries.keys().next().value as string;
      this.#drop(oldest);
      this.#pendingEntries.delete(oldest);
      this.#pendingTouches.delete(oldest);
    }
  }

  #drop(key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#chars -= charsOf(key, entry);
  }

  /** Persists what changed since the last flush. Calls are serialised. Throws AppError 'storage'. */
  flush(): Promise<void> {
    const run = this.#chain.then(() => this.#flushNow());
    this.#chain = run.catch(() => undefined);
    return run;
  }

  /** Forgets everything, in memory and on disk. */
  clear(): Promise<void> {
    this.#entries.clear();
    this.#chars = 0;
    this.#pendingEntries.clear();
    this.#pendingTouches.clear();
    this.#needsRewrite = true;
    return this.flush();
  }

  close(): Promise<void> {
    return this.flush();
  }

  #time(): number {
    return Math.floor(this.#now());
  }

  async #flushNow(): Promise<void> {
    try {
      const pending = this.#pendingEntries.size > 0 || this.#pendingTouches.size > 0;
      if (this.#needsRewrite || (!this.#fileReady && pending)) {
        await this.#compact();
        return;
      }
      if (!pending) return;
      const lines: string[] = [];
      for (const [key, entry] of this.#pendingEntries) lines.push(entryLine(key, entry));
      for (const [key, usedAt] of this.#pendingTouches) lines.push(touchLine(key, usedAt));
      this.#pendingEntries.clear();
      this.#pendingTouches.clear();
      // Any failure from here on: the next flush rewrites the whole file from memory.
      this.#needsRewrite = true;
      const handle = await fs.open(this.filePath, 'a', 0o600);
      try {
        await handle.writeFile(`${lines.join('\n')}\n`, 'utf8');
        await handle.datasync();
      } finally {
        await handle.close();
      }
      this.#needsRewrite = false;
      this.#logLines += lines.length;
      if (this.#logLines > Math.max(this.#compactMinLines, 2 * this.#entries.size)) await this.#compact();
    } catch (error) {
      this.#needsRewrite = true;
      throw new AppError('storage', 'The translation memory could not be saved; translations stay available until the app quits.', { cause: error });
    }
  }

  async #compact(): Promise<void> {
    const at = this.#time();
    for (const [key, entry] of this.#entries) if (at - entry.createdAt >= this.ttlMs) this.#drop(key);
    const lines = [headerLine()];
    for (const [key, entry] of this.#entries) lines.push(entryLine(key, entry));
    await writeFileAtomic(this.filePath, `${lines.join('\n')}\n`);
    this.#pendingEntries.clear();
    this.#pendingTouches.clear();
    this.#logLines = this.#entries.size;
    this.#needsRewrite = false;
    this.#fileReady = true;
  }
}

function charsOf(key: string, entry: MemoryEntry): number {
  return key.length + entry.value.length;
}

import { z } from 'zod';

/*
 * The translation memory file: JSON lines.
 *   line 1   {"format":"statusdesk.translation-memory","version":1}
 *   entry    {"k":"<sha256 base64url>","v":"<translation>","c":<created ms>,"u":<last used ms>}
 *   touch    {"k":"<key>","u":<last used ms>}          (a memory hit; only moves the entry in LRU order)
 * Later lines win. Why an append log and not one JSON file rewritten atomically: every translation adds a few
 * entries and touches a few; appending costs O(change) where a rewrite of up to 50,000 entries (~7 MB) costs
 * O(all) per call. A crash mid-append can only tear the last line, which the loader detects while keeping every
 * line before it. The log is compacted (rewritten with write-tmp + fsync + rename, so atomically) when it holds
 * more than twice the live entries.
 */
const MEMORY_FORMAT = 'statusdesk.translation-memory';
const MEMORY_VERSION = 1;

const headerSchema = z.object({ format: z.literal(MEMORY_FORMAT), version: z.number().int() });

const keySchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const timeSchema = z.number().int().nonnegative();

const entryLineSchema = z.object({ k: keySchema, v: z.string(), c: timeSchema, u: timeSchema });
const touchLineSchema = z.object({ k: keySchema, u: timeSchema });

export interface MemoryEntry {
  value: string;
  createdAt: number;
  usedAt: number;
}

type LogRecord = { kind: 'entry'; key: string; entry: MemoryEntry } | { kind: 'touch'; key: string; usedAt: number };

export function headerLine(): string {
  return JSON.stringify({ format: MEMORY_FORMAT, version: MEMORY_VERSION });
}

export function entryLine(key: string, entry: MemoryEntry): string {
  return JSON.stringify({ k: key, v: entry.value, c: entry.createdAt, u: entry.usedAt });
}

export function touchLine(key: string, usedAt: number): string {
  return JSON.stringify({ k: key, u: usedAt });
}

interface ParsedLog {
  /** Valid header found with a version this build reads. */
  header: 'ok' | 'missing' | 'newer';
  records: LogRecord[];
  /** Lines that are not valid UTF-8, not JSON, or not of a known shape (a torn last line counts here). */
  invalidLines: number;
  /** The file does not end with a newline: it was cut during a write. */
  truncated: boolean;
}

const fatalUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Reads every line it can; never throws on content. */
export function parseLog(bytes: Buffer): ParsedLog {
  const result: ParsedLog = { header: 'missing', records: [], invalidLines: 0, truncated: bytes.length > 0 && bytes[bytes.length - 1] !== 0x0a };
  let start = 0;
  let lineIndex = 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(0x0a, start);
    if (end === -1) end = bytes.length;
    const raw = bytes.subarray(start, end);
    start = end + 1;
    if (raw.length === 0) continue;
    const first = lineIndex === 0;
    lineIndex++;
    let json: unknown;
    try {
      json = JSON.parse(fatalUtf8.decode(raw));
    } catch {
      result.invalidLines++;
      continue;
    }
    if (first) {
      const header = headerSchema.safeParse(json);
      if (header.success) {
        result.header = header.data.version > MEMORY_VERSION ? 'newer' : 'ok';
        continue;
      }
      // No header: fall through, the first line may still be a readable entry of a damaged file.
    }
    const entry = entryLineSchema.safeParse(json);
    if (entry.success) {
      const { k, v, c, u } = entry.data;
      result.records.push({ kind: 'entry', key: k, entry: { value: v, createdAt: c, usedAt: u } });
      continue;
    }
    const touch = touchLineSchema.safeParse(json);
    if (touch.success) {
      result.records.push({ kind: 'touch', key: touch.data.k, usedAt: touch.data.u });
      continue;
    }
    result.invalidLines++;
  }
  return result;
}

import type { z } from 'zod';

/*
 * A small JSON file of a bounded history, newest first: `{ ...frame, entries: [...] }`, rewritten whole on
 * each change. Reading keeps every entry that still parses and says what was wrong with the file; the owner
 * words the problem, moves the file aside and writes back what was kept.
 */

export interface HistoryFileOptions {
  /** The folder of the app's data files. */
  dataDir: string;
  /** Most entries kept; the oldest go first. */
  limit?: number;
  now?: () => Date;
  /** Told, in words, when the file was unreadable and moved aside. */
  onProblem?: (message: string) => void;
}

export type HistoryProblem =
  | { kind: 'not_json' }
  /** Valid JSON, but not a history file this version understands. */
  | { kind: 'foreign' }
  | { kind: 'newer' }
  /** The file is fine around them, but `lost` entries no longer parse. */
  | { kind: 'damaged_entries'; lost: number };

export interface HistoryFormat<T> {
  /** The file around the entries, entries unchecked. */
  frame: z.ZodType<{ version: number; entries: unknown[] }>;
  entry: z.ZodType<T>;
  /** The version this app writes; a higher one is a newer app's file. */
  version: number;
}

export function readHistoryFile<T>(text: string, format: HistoryFormat<T>): { entries: T[]; problem: HistoryProblem | null } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { entries: [], problem: { kind: 'not_json' } };
  }
  const frame = format.frame.safeParse(json);
  if (!frame.success) return { entries: [], problem: { kind: 'foreign' } };
  if (frame.data.version > format.version) return { entries: [], problem: { kind: 'newer' } };
  const entries = frame.data.entries.flatMap((raw) => {
    const entry = format.entry.safeParse(raw);
    return entry.success ? [entry.data] : [];
  });
  const lost = frame.data.entries.length - entries.length;
  return { entries, problem: lost > 0 ? { kind: 'damaged_entries', lost } : null };
}

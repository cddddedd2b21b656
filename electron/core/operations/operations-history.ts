import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { OPERATIONS_HISTORY_LIMIT, operationsHistoryEntrySchema, type OperationsHistoryEntry } from '@shared/operations/history';
import { readHistoryFile, type HistoryFileOptions, type HistoryFormat } from '@core/storage/history-file';
import { quarantineFile } from '@core/storage/quarantine';
import { readTextIfPresentSync } from '@core/storage/read-if-present';

export const OPERATIONS_HISTORY_FILE = 'operations-history.json';

const FORMAT: HistoryFormat<OperationsHistoryEntry> = {
  frame: z.object({ version: z.literal(1), entries: z.array(z.unknown()) }),
  entry: operationsHistoryEntrySchema,
  version: 1,
};

/**
 * The names forgotten so far, newest first, bounded. Read from disk on every use rather than cached, because
 * the command line appends to the same file while the app runs; the file is small.
 */
export class OperationsHistory {
  readonly filePath: string;
  readonly #limit: number;
  readonly #now: () => Date;
  readonly #onProblem: (message: string) => void;
  readonly #redact: <T>(entry: T) => T;

  /** `redact` takes every secret the app knows out of an entry before it is written (a server may quote one). */
  constructor(options: HistoryFileOptions & { redact?: <T>(entry: T) => T }) {
    this.#redact = options.redact ?? (<T>(entry: T) => entry);
    this.filePath = path.join(options.dataDir, OPERATIONS_HISTORY_FILE);
    this.#limit = options.limit ?? OPERATIONS_HISTORY_LIMIT;
    this.#now = options.now ?? (() => new Date());
    this.#onProblem = options.onProblem ?? (() => undefined);
  }

  list(): OperationsHistoryEntry[] {
    const text = readTextIfPresentSync(this.filePath);
    if (text === null) return [];
    const { entries, problem } = readHistoryFile(text, FORMAT);
    if (problem === null) return entries;
    if (problem.kind === 'not_json') return this.#setAside('it is not valid JSON');
    if (problem.kind !== 'damaged_entries') return this.#setAside('it does not hold a history this version understands');
    return this.#salvage(entries, problem.lost);
  }

  /** Adds entries (one batch) at the top and drops the oldest beyond the limit. */
  append(entries: Array<Omit<OperationsHistoryEntry, 'id' | 'at'>>): OperationsHistoryEntry[] {
    if (entries.length === 0) return [];
    const at = this.#now().toISOString();
    const added = entries.map((entry) => this.#redact({ ...entry, id: randomUUID(), at }));
    this.#write([...added, ...this.list()].slice(0, this.#limit));
    return added;
  }

  clear(): number {
    const count = this.list().length;
    this.#write([]);
    return count;
  }

  /**
   * A file of this version with some damaged entries: the original goes aside untouched, the entries that
   * still parse are kept in a new file, and the report says how many were lost.
   */
  #salvage(kept: OperationsHistoryEntry[], lost: number): OperationsHistoryEntry[] {
    const movedTo = quarantineFile(this.filePath, this.#now());
    this.#write(kept.slice(0, this.#limit));
    this.#onProblem(
      `The operations history had ${lost} damaged ${lost === 1 ? 'entry' : 'entries'}. The file was moved to ${movedTo}; ` +
        `the ${kept.length} readable ${kept.length === 1 ? 'entry was' : 'entries were'} kept.`,
    );
    return kept;
  }

  #setAside(problem: string): OperationsHistoryEntry[] {
    const movedTo = quarantineFile(this.filePath, this.#now());
    this.#onProblem(`The operations history could not be read (${problem}). It was moved to ${movedTo} and a new one was started.`);
    return [];
  }

  /** Written beside and renamed over, so a crash mid-write leaves the old file, never half of one. */
  #write(entries: OperationsHistoryEntry[]): void {
    fs.mkdirSync(path.dirname(this.filePath), { recursive: true, mode: 0o700 });
    const temporary = `${this.filePath}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, `${JSON.stringify({ version: 1, entries }, null, 1)}\n`, { mode: 0o600 });
    fs.renameSync(temporary, this.filePath);
  }
}

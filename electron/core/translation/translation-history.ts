import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { AppError } from '@shared/errors';
import { translationHistoryEntrySchema, UNKNOWN_OUTCOME_NOTE, type TranslationHistoryEntry } from '@shared/translation/history-entry';
import { quarantineFile } from '@core/storage/quarantine';
import { writeFileAtomic } from '@core/storage/atomic-write';
import { readHistoryFile, type HistoryFileOptions, type HistoryFormat, type HistoryProblem } from '@core/storage/history-file';
import { readIfPresent } from '@core/storage/read-if-present';

export const HISTORY_FILE_NAME = 'translation-history.json';
const DEFAULT_HISTORY_LIMIT = 50;
/** A translation larger than this (source and result, in characters) is not kept: the file stays small. */
const DEFAULT_HISTORY_ENTRY_MAX_CHARS = 40_000;

const FORMAT = 'statusdesk.translation-history';
const VERSION = 1;

const HISTORY_FORMAT: HistoryFormat<TranslationHistoryEntry> = {
  frame: z.object({ format: z.literal(FORMAT), version: z.number().int(), entries: z.array(z.unknown()) }),
  entry: translationHistoryEntrySchema,
  version: VERSION,
};

/** How a problem of the file is told, after "The translation history". */
function problemWords(problem: HistoryProblem): string {
  switch (problem.kind) {
    case 'not_json':
      return 'was damaged (not valid JSON)';
    case 'foreign':
      return 'was not a Statusdesk history file';
    case 'newer':
      return 'was written by a newer Statusdesk';
    case 'damaged_entries':
      return `had ${problem.lost} unreadable entr${problem.lost === 1 ? 'y' : 'ies'}`;
  }
}

interface TranslationHistoryOptions extends HistoryFileOptions {
  entryMaxChars?: number;
}

/**
 * The panel's recent translations, newest first, bounded in count and entry size, in one small JSON file
 * rewritten whole (atomically) on each change. A repeat of the same texts moves the old entry to the top.
 */
export class TranslationHistory {
  readonly filePath: string;
  readonly #limit: number;
  readonly #entryMaxChars: number;
  #entries: TranslationHistoryEntry[];
  #chain: Promise<void> = Promise.resolve();

  private constructor(filePath: string, entries: TranslationHistoryEntry[], options: TranslationHistoryOptions) {
    this.filePath = filePath;
    this.#limit = options.limit ?? DEFAULT_HISTORY_LIMIT;
    this.#entryMaxChars = options.entryMaxChars ?? DEFAULT_HISTORY_ENTRY_MAX_CHARS;
    this.#entries = entries.slice(0, this.#limit);
  }

  static async open(options: TranslationHistoryOptions): Promise<TranslationHistory> {
    const filePath = path.join(options.dataDir, HISTORY_FILE_NAME);
    const bytes = await readIfPresent(filePath).catch((error: unknown) => {
      throw new AppError('storage', 'The translation history could not be read.', { cause: error });
    });
    const text = bytes?.toString('utf8') ?? null;
    if (text === null || text.trim() === '') return new TranslationHistory(filePath, [], options);

    const { entries, problem } = readHistoryFile(text, HISTORY_FORMAT);
    if (problem !== null) {
      const moved = quarantineFile(filePath, (options.now ?? (() => new Date()))());
      const kept = entries.length > 0 ? ` ${entries.length} entr${entries.length === 1 ? 'y was' : 'ies were'} kept.` : '';
      options.onProblem?.(`The translation history ${problemWords(problem)}; it was moved to ${path.basename(moved)}.${kept}`);
      const history = new TranslationHistory(filePath, entries, options);
      await history.#write();
      return history;
    }
    return new TranslationHistory(filePath, entries, options);
  }

  list(): TranslationHistoryEntry[] {
    return this.#entries.map((entry) => structuredClone(entry));
  }

  /**
   * Adds an entry on top (replacing one with the same languages, type and texts) and saves. An entry whose
   * outcome is unknown (sent, no answer, maybe billed) never replaces a translated one: that result is kept too.
   */
  async add(entry: TranslationHistoryEntry): Promise<boolean> {
    const size = [...entry.texts, ...entry.translations].reduce((sum, text) => sum + text.length, 0);
    if (size > this.#entryMaxChars) return false;
    const same = JSON.stringify([entry.from, entry.to, entry.type, entry.texts, entry.outcome ?? 'translated']);
    const rest = this.#entries.filter((e) => JSON.stringify([e.from, e.to, e.type, e.texts, e.outcome ?? 'translated']) !== same);
    this.#entries = [structuredClone(entry), ...rest].slice(0, this.#limit);
    await this.#save();
    return true;
  }

  /** A request that was sent and never answered (a timeout): kept with its texts, no result, and why. */
  async addUnknownOutcome(entry: Omit<TranslationHistoryEntry, 'translations' | 'outcome' | 'reason'>, reason: string): Promise<boolean> {
    return this.add({ ...entry, translations: [], outcome: 'unknown', reason: `${UNKNOWN_OUTCOME_NOTE}: ${reason}`.slice(0, 500) });
  }

  async clear(): Promise<number> {
    const count = this.#entries.length;
    this.#entries = [];
    await this.#save();
    return count;
  }

  /** Waits for pending writes. */
  async close(): Promise<void> {
    await this.#chain;
  }

  #save(): Promise<void> {
    const run = this.#chain.then(() => this.#write());
    this.#chain = run.catch(() => undefined);
    return run.catch((error: unknown) => {
      throw new AppError('storage', 'The translation history could not be saved.', { cause: error });
    });
  }

  async #write(): Promise<void> {
    await fs.mkdir(path.dirname(this.filePath), { recursive: true });
    await writeFileAtomic(this.filePath, `${JSON.stringify({ format: FORMAT, version: VERSION, entries: this.#entries })}\n`);
  }
}

import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { languageSchema, type Language } from '@shared/translation/language';
import { quarantineFile } from '@core/storage/quarantine';
import { writeFileAtomic } from '@core/storage/atomic-write';
import type { CallOptions } from './client';

const LANGUAGES_FILE_NAME = 'translation-languages.json';
const LANGUAGES_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Its own small file (rewritten whole, atomically): the list changes rarely and is read at start. */
const fileSchema = z.object({
  format: z.literal('statusdesk.translation-languages'),
  version: z.literal(1),
  fetchedAt: z.number().int().nonnegative(),
  languages: z.array(languageSchema),
});

interface LanguagesSource {
  languages(options?: CallOptions): Promise<Language[]>;
}

interface LanguagesCacheOptions {
  source: LanguagesSource;
  /** Where to keep the list between runs; in memory only when absent. */
  dataDir?: string;
  maxAgeMs?: number;
  now?: () => number;
  /** Told when the file was unreadable and moved aside. */
  onProblem?: (message: string) => void;
}

export interface LanguagesResult {
  languages: Language[];
  fetchedAt: number;
  /** True when a refresh failed and an older list was served instead. */
  stale: boolean;
}

/**
 * The languages list, fetched at most once a day (per max age): memory first, then the file, then the
 * service. Concurrent callers share one fetch. When a refresh fails, an older list is better than none.
 */
export class LanguagesCache {
  readonly #source: LanguagesSource;
  readonly #filePath: string | null;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  readonly #onProblem: ((message: string) => void) | undefined;
  #current: { languages: Language[]; fetchedAt: number } | null = null;
  #fileRead = false;
  #inflight: Promise<LanguagesResult> | null = null;

  constructor(options: LanguagesCacheOptions) {
    this.#source = options.source;
    this.#filePath = options.dataDir ? path.join(options.dataDir, LANGUAGES_FILE_NAME) : null;
    this.#maxAgeMs = options.maxAgeMs ?? LANGUAGES_MAX_AGE_MS;
    this.#now = options.now ?? Date.now;
    this.#onProblem = options.onProblem;
  }

  async get(options: CallOptions & { force?: boolean } = {}): Promise<LanguagesResult> {
    if (!this.#fileRead) await this.#readFile();
    const current = this.#current;
    if (!options.force && current && this.#now() - current.fetchedAt < this.#maxAgeMs) {
      return { ...current, stale: false };
    }
    this.#inflight ??= this.#refresh(options).finally(() => {
      this.#inflight = null;
    });
    return this.#inflight;
  }

  async #refresh(options: CallOptions): Promise<LanguagesResult> {
    try {
      const languages = await this.#source.languages(options.signal === undefined ? {} : { signal: options.signal });
      const fetchedAt = Math.floor(this.#now());
      this.#current = { languages, fetchedAt };
      await this.#writeFile().catch(() => this.#onProblem?.('The languages list could not be saved; it will be fetched again next start.'));
      return { languages, fetchedAt, stale: false };
    } catch (error) {
      if (this.#current) return { ...this.#current, stale: true };
      throw error;
    }
  }

  async #readFile(): Promise<void> {
    this.#fileRead = true;
    if (this.#filePath === null) return;
    let text: string;
    try {
      text = await fs.readFile(this.#filePath, 'utf8');
    } catch {
      return;
    }
    let parsed: z.infer<typeof fileSchema> | null = null;
    try {
      const result = fileSchema.safeParse(JSON.parse(text));
      if (result.success) parsed = result.data;
    } catch {
      parsed = null;
    }
    if (parsed) {
      this.#current = { languages: parsed.languages, fetchedAt: parsed.fetchedAt };
      return;
    }
    const moved = quarantineFile(this.#filePath, new Date(this.#now()));
    this.#onProblem?.(`The saved languages list was unreadable; it was moved to ${path.basename(moved)}.`);
  }

  async #writeFile(): Promise<void> {
    if (this.#filePath === null || this.#current === null) return;
    await fs.mkdir(path.dirname(this.#filePath), { recursive: true });
    await writeFileAtomic(this.#filePath, `${JSON.stringify({ format: 'statusdesk.translation-languages', version: 1, ...this.#current })}\n`);
  }
}

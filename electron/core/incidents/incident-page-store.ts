import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '@shared/errors';
import {
  incidentTemplateSchema,
  MAX_REMEMBERED_LANGUAGES,
  MAX_TEMPLATES_PER_PAGE,
  pagePrefsSchema,
  pageRefSchema,
  type PagePrefs,
  type PageRef,
  type TemplateContent,
} from '@shared/incidents/page-prefs';
import { languageCodeSchema } from '@shared/translation/language';
import { writeFileAtomic } from '@core/storage/atomic-write';
import { FILE_SIZE_CAPS, refuseTextOverCap } from '@core/storage/file-size-cap';
import { fileErrorReason } from '@core/storage/file-system';
import { quarantineFile } from '@core/storage/quarantine';

export const INCIDENT_PAGES_FILE_NAME = 'incident-pages.json';

const FORMAT = 'statusdesk.incident-pages';
const pageEntrySchema = pageRefSchema.extend(pagePrefsSchema.shape);
type PageEntry = z.infer<typeof pageEntrySchema>;

/** The envelope only: entries are checked one by one, so one bad template does not cost the others. */
const fileSchema = z.object({ format: z.literal(FORMAT), version: z.literal(1), pages: z.array(z.unknown()) });

interface IncidentPageStoreOptions {
  dataDir: string;
  /** Told when the file was unreadable (or partly) and the original was moved aside. */
  onProblem?: (message: string) => void;
  now?: () => Date;
  newId?: () => string;
}

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
const empty = (): PagePrefs => ({ templates: [], languages: [] });

/**
 * Incident templates and the languages last translated into, per page (account and subdomain), in one small
 * file rewritten whole and atomically. Writes are queued one after another; a write that fails leaves the
 * file and the answer as they were.
 */
export class IncidentPageStore {
  readonly #filePath: string;
  readonly #onProblem: ((message: string) => void) | undefined;
  readonly #now: () => Date;
  readonly #newId: () => string;
  #pages: PageEntry[] | null = null;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: IncidentPageStoreOptions) {
    this.#filePath = path.join(options.dataDir, INCIDENT_PAGES_FILE_NAME);
    this.#onProblem = options.onProblem;
    this.#now = options.now ?? (() => new Date());
    this.#newId = options.newId ?? randomUUID;
  }

  get(page: PageRef): Promise<PagePrefs> {
    return this.#serial(async () => this.#prefsOf(await this.#load(), page));
  }

  /** Saves the content under `name`; one of the same name (any case) is replaced and keeps its id. */
  saveTemplate(page: PageRef, name: string, content: TemplateContent): Promise<PagePrefs> {
    return this.#change(page, (prefs) => {
      const existing = prefs.templates.find((template) => sameName(template.name, name));
      if (existing) return { ...prefs, templates: prefs.templates.map((t) => (t === existing ? { ...content, id: t.id, name: name.trim() } : t)) };
      if (prefs.templates.length >= MAX_TEMPLATES_PER_PAGE) {
        throw new AppError('invalid_input', `A page keeps at most ${MAX_TEMPLATES_PER_PAGE} templates: delete one first.`);
      }
      const template = incidentTemplateSchema.parse({ ...content, id: this.#newId(), name });
      return { ...prefs, templates: [...prefs.templates, template].sort((a, b) => a.name.localeCompare(b.name)) };
    });
  }

  renameTemplate(page: PageRef, id: string, name: string): Promise<PagePrefs> {
    return this.#change(page, (prefs) => {
      if (!prefs.templates.some((t) => t.id === id)) throw new AppError('not_found', 'That template is gone (deleted in another window?).');
      if (prefs.templates.some((t) => t.id !== id && sameName(t.name, name))) {
        throw new AppError('conflict', `A template named “${name.trim()}” exists already: choose another name.`);
      }
      const templates = prefs.templates.map((t) => (t.id === id ? { ...t, name: name.trim() } : t));
      return { ...prefs, templates: templates.sort((a, b) => a.name.localeCompare(b.name)) };
    });
  }

  deleteTemplate(page: PageRef, id: string): Promise<PagePrefs> {
    return this.#change(page, (prefs) => ({ ...prefs, templates: prefs.templates.filter((t) => t.id !== id) }));
  }

  rememberLanguages(page: PageRef, languages: readonly string[]): Promise<PagePrefs> {
    const unique = [...new Set(languages.map((code) => languageCodeSchema.parse(code)))];
    return this.#change(page, (prefs) => ({ ...prefs, languages: unique }));
  }

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.#queue.then(work);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  #change(page: PageRef, edit: (prefs: PagePrefs) => PagePrefs): Promise<PagePrefs> {
    return this.#serial(async () => {
      const pages = await this.#load();
      const next = pagePrefsSchema.parse(edit(this.#prefsOf(pages, page)));
      const others = pages.filter((entry) => !(entry.accountId === page.accountId && entry.subdomain === page.subdomain));
      const updated = next.templates.length === 0 && next.languages.length === 0 ? others : [...others, { ...page, ...next }];
      await this.#write(updated);
      this.#pages = updated;
      return next;
    });
  }

  #prefsOf(pages: readonly PageEntry[], page: PageRef): PagePrefs {
    const entry = pages.find((e) => e.accountId === page.accountId && e.subdomain === page.subdomain);
    return entry ? { templates: entry.templates, languages: entry.languages } : empty();
  }

  async #load(): Promise<PageEntry[]> {
    if (this.#pages) return this.#pages;
    let text: string;
    try {
      text = await fs.readFile(this.#filePath, 'utf8');
    } catch {
      this.#pages = [];
      return this.#pages;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      raw = undefined;
    }
    const file = fileSchema.safeParse(raw);
    if (!file.success) {
      this.#pages = [];
      this.#setAside('was unreadable; the templates start empty');
      return this.#pages;
    }
    const pages: PageEntry[] = [];
    let dropped = 0;
    for (const candidate of file.data.pages) {
      const entry = this.#salvage(candidate);
      if (entry.dropped > 0) dropped += entry.dropped;
      if (entry.page) pages.push(entry.page);
    }
    this.#pages = pages;
    if (dropped > 0) {
      this.#setAside(`had ${dropped} unreadable entr${dropped === 1 ? 'y' : 'ies'}; the rest is kept`);
      await this.#write(pages).catch(() => undefined);
    }
    return pages;
  }

  /** One page's entry, with the templates that still parse; what does not is counted, not kept. */
  #salvage(candidate: unknown): { page: PageEntry | null; dropped: number } {
    const whole = pageEntrySchema.safeParse(candidate);
    if (whole.success) return { page: whole.data, dropped: 0 };
    const ref = pageRefSchema.safeParse(candidate);
    if (!ref.success) return { page: null, dropped: 1 };
    const record = candidate as { templates?: unknown; languages?: unknown };
    const templates = (Array.isArray(record.templates) ? record.templates : []).flatMap((t) => {
      const parsed = incidentTemplateSchema.safeParse(t);
      return parsed.success ? [parsed.data] : [];
    });
    const languages = z.array(languageCodeSchema).safeParse(record.languages);
    const kept = {
      ...ref.data,
      templates: templates.slice(0, MAX_TEMPLATES_PER_PAGE),
      languages: languages.success ? languages.data.slice(0, MAX_REMEMBERED_LANGUAGES) : [],
    };
    const before = Array.isArray(record.templates) ? record.templates.length : 0;
    return { page: kept, dropped: Math.max(1, before - kept.templates.length) };
  }

  #setAside(what: string): void {
    try {
      const moved = quarantineFile(this.#filePath, this.#now());
      this.#onProblem?.(`The incident templates file ${what}. The old file is at ${path.basename(moved)}.`);
    } catch (error) {
      this.#onProblem?.(`The incident templates file ${what}; it could not be moved aside (${fileErrorReason(error)}).`);
    }
  }

  async #write(pages: readonly PageEntry[]): Promise<void> {
    const text = `${JSON.stringify({ format: FORMAT, version: 1, pages }, null, 2)}\n`;
    refuseTextOverCap(FILE_SIZE_CAPS.incidentPages, text);
    try {
      await fs.mkdir(path.dirname(this.#filePath), { recursive: true });
      await writeFileAtomic(this.#filePath, text);
    } catch (error) {
      throw new AppError('storage', `The incident templates could not be saved: ${fileErrorReason(error)}.`, { cause: error });
    }
  }
}

import { randomUUID } from 'node:crypto';
import { AppError } from '@shared/errors';
import { addCounters, emptyCounters, type TranslationCounters } from '@shared/translation/counters';
import type { TranslationHistoryEntry } from '@shared/translation/history-entry';
import { translationKeyInputSchema, type TranslationKeyStatus } from '@shared/translation/key-status';
import type { TranslateTextsResult } from '@shared/translation/translate-texts';
import {
  translationSettingsChangeSchema,
  translationSettingsSchema,
  type TranslationSettings,
  type TranslationSettingsChange,
} from '@shared/translation/translation-settings';
import { originOf } from '@shared/validation/secret-destination';
import { WordType } from '@shared/translation/word-type';
import type { SettingsStore } from '@core/settings/settings-store';
import { secretNames, type KeyVault } from '@core/vault/key-vault';
import { outcomeUnknown, TranslationClient, type TranslationClientOptions } from './client';
import { checkTranslationKey } from './key-check';
import { keyFromVault, type GetTranslationKey } from './key-source';
import { LanguagesCache } from './languages-cache';
import { TranslationHistory } from './translation-history';
import { TranslationKeyStore } from './translation-key-store';
import { TranslationMemory } from './translation-memory';
import { Translator } from './translator';
import { isBlank } from './words';
import type { TranslationLanguages } from '@shared/translation/language-list';
import type { TranslationServiceHealth } from '@shared/translation/health';
import type { TranslationTotals } from '@shared/translation/counters';

interface TranslationAppServiceOptions {
  /** The app's data folder: memory, languages list and history live there, shared with the CLI. */
  dataDir: string;
  /** The `translation` section is read at each call, so a changed base URL applies at once. */
  settings: Pick<SettingsStore, 'get' | 'update'>;
  vault: Pick<KeyVault, 'release' | 'set' | 'delete' | 'describe' | 'deleteUnlessBoundTo'>;
  /** Where translate reads the key; the vault's entry when absent. */
  getKey?: GetTranslationKey;
  /** Timeouts and retries (tests); the base URL comes from the settings. */
  client?: Omit<TranslationClientOptions, 'baseUrl'>;
  /** A file was unreadable and moved aside (the memory, the languages list, the history). */
  onProblem?: (message: string) => void;
  log?: (message: string) => void;
  now?: () => Date;
}

interface TranslateRequest {
  from: string;
  to: string;
  type?: number | undefined;
  texts: string[];
  requestUrl?: string | undefined;
  title?: string | undefined;
  /** false: not kept in the recent history. */
  history?: boolean | undefined;
}

/** Client, languages list and Translator for one base URL; rebuilt when the setting changes. */
interface Engine {
  baseUrl: string;
  translator: Translator;
  /** The languages file may hold another service's list: the first read after a change asks the service. */
  refreshLanguages: boolean;
}

/**
 * What the `translation.*` channels stand on: one memory and one history per data folder (opened on first
 * use, so a start that never translates touches no file), the key in the vault, the base URL in the settings,
 * and the session totals of everything translated.
 */
export class TranslationAppService {
  readonly keys: TranslationKeyStore;
  readonly #options: TranslationAppServiceOptions;
  readonly #getKey: GetTranslationKey;
  readonly #since: Date;
  #memory: Promise<TranslationMemory> | null = null;
  #history: Promise<TranslationHistory> | null = null;
  #engine: Engine | null = null;
  /** Totals of the Translators replaced after a base URL change. */
  #retired: TranslationCounters = emptyCounters();

  constructor(options: TranslationAppServiceOptions) {
    this.#options = options;
    this.#getKey = options.getKey ?? keyFromVault(options.vault);
    this.keys = new TranslationKeyStore(options.vault);
    this.#since = this.#now();
  }

  settings(): TranslationSettings {
    return translationSettingsSchema.parse(this.#options.settings.get().translation ?? {});
  }

  /**
   * Saves a change. The key is bound to the service address it was entered for, so moving the service to
   * another origin deletes the stored key (and says so): it is never sent to the new address.
   */
  async updateSettings(change: TranslationSettingsChange): Promise<TranslationSettings & { notice?: string }> {
    const checked = translationSettingsChangeSchema.safeParse(change);
    if (!checked.success) throw new AppError('invalid_input', checked.error.issues[0]?.message ?? 'Those translation settings are not valid.');
    const before = this.settings();
    const next = translationSettingsSchema.safeParse({ ...before, ...stripUndefined(checked.data) });
    if (!next.success) throw new AppError('invalid_input', next.error.issues[0]?.message ?? 'Those translation settings are not valid.');
    try {
      new TranslationClient({ baseUrl: next.data.baseUrl });
    } catch (error) {
      throw new AppError('invalid_input', error instanceof Error ? error.message : 'The translation base URL is not valid.');
    }
    this.#options.settings.update((draft) => {
      draft.translation = next.data;
    });
    // After the move is saved: a key that could not be deleted is still bound to the old address, never sent.
    const moved = originOf(before.baseUrl) !== originOf(next.data.baseUrl);
    const keyRemoved = moved && (await this.#options.vault.deleteUnlessBoundTo(secretNames.translationKey(), [next.data.baseUrl]));
    const settings = this.settings();
    return keyRemoved
      ? { ...settings, notice: `The translation key was removed because the service now is ${originOf(settings.baseUrl)}. Enter the key for that service.` }
      : settings;
  }

  async translate(request: TranslateRequest): Promise<TranslateTextsResult> {
    const { translator } = await this.#engineNow();
    const type = request.type ?? WordType.TEXT;
    const kept = request.history !== false && request.from !== request.to && request.texts.some((text) => !isBlank(text));
    let result: TranslateTextsResult;
    try {
      result = await translator.translate({
        from: request.from,
        to: request.to,
        type,
        texts: request.texts,
        // The watched page's public URL when the text belongs to one, else the user's setting.
        requestUrl: request.requestUrl ?? this.settings().requestUrl,
        ...(request.title === undefined ? {} : { title: request.title }),
      });
    } catch (error) {
      // Sent, never answered: the words may be translated and billed; the history keeps that it happened.
      if (kept && outcomeUnknown(error)) await this.#remember({ from: request.from, to: request.to, type, texts: request.texts }, error.message);
      throw error;
    }
    if (kept) await this.#remember({ from: request.from, to: request.to, type, texts: request.texts, translations: result.texts });
    return result;
  }

  async languages(options: { refresh?: boolean } = {}): Promise<TranslationLanguages> {
    const engine = await this.#engineNow();
    const force = options.refresh === true || engine.refreshLanguages;
    const result = await engine.translator.languages({ force });
    engine.refreshLanguages = false;
    return { languages: result.languages, fetchedAt: new Date(result.fetchedAt).toISOString(), stale: result.stale };
  }

  async isSupported(from: string, to: string): Promise<boolean> {
    if (from === to) return true;
    return (await this.#engineNow()).translator.isSupported(from, to);
  }

  /** Stores a key; with `check`, only once the service has taken it (one billed word, see key-check.ts). */
  async setKey(key: string, options: { sessionOnly?: boolean; check?: boolean } = {}): Promise<TranslationKeyStatus> {
    if (options.check === true) {
      const parsed = translationKeyInputSchema.safeParse(key);
      if (!parsed.success) throw new AppError('invalid_input', parsed.error.issues[0]?.message ?? 'That translation key is not valid.');
      const { baseUrl, requestUrl } = this.settings();
      await checkTranslationKey(new TranslationClient({ ...this.#options.client, baseUrl }), parsed.data, requestUrl);
    }
    return this.keys.set(key, { baseUrl: this.settings().baseUrl, sessionOnly: options.sessionOnly === true });
  }

  /** One status request, made only because someone asked. */
  async health(): Promise<TranslationServiceHealth> {
    const engine = await this.#engineNow();
    return { ...(await engine.translator.health()), baseUrl: engine.baseUrl };
  }

  totals(): TranslationTotals {
    const current = this.#engine?.translator.totals() ?? emptyCounters();
    return { ...addCounters(this.#retired, current), since: this.#since.toISOString() };
  }

  async history(): Promise<TranslationHistoryEntry[]> {
    return (await this.#historyNow()).list();
  }

  async clearHistory(): Promise<number> {
    return (await this.#historyNow()).clear();
  }

  keyStatus(): Promise<TranslationKeyStatus> {
    return this.keys.status();
  }

  /** Saves what is pending (memory, history). */
  async close(): Promise<void> {
    const memory = await this.#memory?.catch(() => null);
    const history = await this.#history?.catch(() => null);
    await Promise.all([memory?.close(), history?.close()]);
  }

  /** With `unknownBecause`: the request's outcome is unknown (see TranslationHistory.addUnknownOutcome). */
  async #remember(fields: Omit<TranslationHistoryEntry, 'id' | 'at' | 'translations'> & { translations?: string[] }, unknownBecause?: string): Promise<void> {
    const head = { id: randomUUID(), at: this.#now().toISOString() };
    try {
      const history = await this.#historyNow();
      if (unknownBecause === undefined) await history.add({ ...head, ...fields, translations: fields.translations ?? [] });
      else await history.addUnknownOutcome({ ...head, ...fields }, unknownBecause);
    } catch (error) {
      // The translation itself succeeded; a history that cannot be saved must not hide it.
      this.#options.log?.(`translation history: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async #engineNow(): Promise<Engine> {
    const memory = await this.#memoryNow();
    const { baseUrl } = this.settings();
    if (this.#engine?.baseUrl === baseUrl) return this.#engine;
    const replaced = this.#engine;
    if (replaced) this.#retired = addCounters(this.#retired, replaced.translator.totals());
    const client = new TranslationClient({ ...this.#options.client, baseUrl });
    const onProblem = (message: string) => this.#options.onProblem?.(message);
    const languages = new LanguagesCache({ source: client, dataDir: this.#options.dataDir, onProblem });
    const translator = new Translator({
      client,
      memory,
      languages,
      getKey: this.#getKey,
      onWarning: (message) => this.#options.log?.(`translation: ${message}`),
    });
    this.#engine = { baseUrl, translator, refreshLanguages: replaced !== null };
    return this.#engine;
  }

  #memoryNow(): Promise<TranslationMemory> {
    this.#memory ??= TranslationMemory.open({ dataDir: this.#options.dataDir }).then(
      (memory) => {
        if (memory.loadReport.problem) this.#options.onProblem?.(memory.loadReport.problem);
        return memory;
      },
      (error: unknown) => {
        // Try again on the next call: the folder may become readable.
        this.#memory = null;
        throw error;
      },
    );
    return this.#memory;
  }

  #historyNow(): Promise<TranslationHistory> {
    this.#history ??= TranslationHistory.open({
      dataDir: this.#options.dataDir,
      now: () => this.#now(),
      onProblem: (message) => this.#options.onProblem?.(message),
    }).catch((error: unknown) => {
      this.#history = null;
      throw error;
    });
    return this.#history;
  }

  #now(): Date {
    return this.#options.now?.() ?? new Date();
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

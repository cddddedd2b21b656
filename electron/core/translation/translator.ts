import PQueue from 'p-queue';
import { AppError, toAppErrorShape } from '@shared/errors';
import { addCounters, emptyCounters, type TranslationCounters } from '@shared/translation/counters';
import type { TranslationHealth } from '@shared/translation/health';
import type { Language } from '@shared/translation/language';
import { translateTextsInputSchema, type TranslateTextsInput, type TranslateTextsResult } from '@shared/translation/translate-texts';
import { BotType } from '@shared/translation/bot-type';
import { DEFAULT_TRANSLATION_REQUEST_URL } from '@shared/translation/request-url';
import { DEFAULT_BATCH_LIMITS, packBatches, wireBytes, type Batch, type BatchItem, type BatchLimits } from './batching';
import type { CallOptions, TranslationClient } from './client';
import { cancelledError, noKeyError, unsupportedPairError } from './errors';
import type { GetTranslationKey } from './key-source';
import { LanguagesCache, type LanguagesResult } from './languages-cache';
import { serviceIdentity } from './memory-key';
import { PairSupportCache } from './pair-support';
import type { TranslationMemory } from './translation-memory';
import { countWords, isBlank } from './words';

const DEFAULT_TRANSLATE_CONCURRENCY = 2;

export interface TranslatorOptions {
  client: TranslationClient;
  memory: TranslationMemory;
  getKey: GetTranslationKey;
  /** Shared with other users of the list; one in memory only is made when absent. */
  languages?: LanguagesCache;
  /** Entries and bytes per POST /translate; default 600 entries (as the official client slices) and 256 KiB. */
  batchLimits?: Partial<BatchLimits>;
  /** Batches in flight at once. Default 2. */
  concurrency?: number;
  /** request_url when the call gives none: the user's setting, else the documented default. */
  requestUrl?: string;
  /** BotType sent with each request; default HUMAN (someone clicked Translate). */
  bot?: number;
  /** Problems that do not fail a translation (the memory could not be saved). */
  onWarning?: (message: string) => void;
}

/**
 * Translation with a memory in front: each distinct, non-blank text not in memory is sent once, sliced into
 * requests of at most 600 entries (and a byte cap), a bounded number in flight; results come back in the
 * caller's order. A repeat costs zero requests (the pair check is skipped when everything is in memory). The
 * memory is keyed by service identity (address + hash of the key), so it needs the key even for hits.
 */
export class Translator {
  readonly #client: TranslationClient;
  readonly #memory: TranslationMemory;
  readonly #getKey: GetTranslationKey;
  readonly #languages: LanguagesCache;
  readonly #pairs: PairSupportCache;
  readonly #limits: BatchLimits;
  readonly #concurrency: number;
  readonly #requestUrl: string;
  readonly #bot: number;
  readonly #onWarning: (message: string) => void;
  #totals: TranslationCounters = emptyCounters();

  constructor(options: TranslatorOptions) {
    this.#client = options.client;
    this.#memory = options.memory;
    this.#getKey = options.getKey;
    this.#languages = options.languages ?? new LanguagesCache({ source: options.client });
    this.#pairs = new PairSupportCache(options.client);
    this.#limits = { ...DEFAULT_BATCH_LIMITS, ...options.batchLimits };
    this.#concurrency = options.concurrency ?? DEFAULT_TRANSLATE_CONCURRENCY;
    this.#requestUrl = options.requestUrl ?? DEFAULT_TRANSLATION_REQUEST_URL;
    this.#bot = options.bot ?? BotType.HUMAN;
    this.#onWarning = options.onWarning ?? (() => undefined);
    packBatches([], this.#limits); // checks the limits now rather than at the first translation
    if (!Number.isInteger(this.#concurrency) || this.#concurrency < 1) throw new RangeError('concurrency must be a positive integer');
  }

  /** What all calls of this session cost (the panel's "words sent versus served from memory"). */
  totals(): TranslationCounters {
    return { ...this.#totals };
  }

  async translate(input: TranslateTextsInput, options: CallOptions = {}): Promise<TranslateTextsResult> {
    const parsed = translateTextsInputSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      throw new AppError(
        'invalid_input',
        `The translation request is not valid (${where}${issue?.message ?? 'language codes and a list of texts are needed'}).`,
      );
    }
    const { from, to, type, texts } = parsed.data;
    const counters = emptyCounters();
    // Same language both sides: nothing to translate, nothing to pay for.
    if (from === to) return { texts: [...texts], counters, untranslated: [], resent: 0 };

    // Distinct non-blank texts and their word counts; blank texts are returned as they are.
    const distinct = new Map<string, number>();
    for (const text of texts) if (!isBlank(text) && !distinct.has(text)) distinct.set(text, countWords(text));
    if (distinct.size === 0) return { texts: [...texts], counters, untranslated: [], resent: 0 };

    if (options.signal?.aborted) throw cancelledError(null);
    const key = (await this.#getKey(this.#client.baseUrl))?.trim();
    if (!key) throw noKeyError();
    const service = serviceIdentity(this.#client.baseUrl, key);

    const translated = new Map<string, string | null>();
    const misses: BatchItem[] = [];
    for (const [text, words] of distinct) {
      const hit = this.#memory.get({ service, from, to, type, text });
      if (hit === undefined) misses.push({ text, words, bytes: wireBytes(text) });
      else {
        translated.set(text, hit);
        counters.textsFromMemory += 1;
        counters.wordsFromMemory += words;
      }
    }

    const sent = { resent: 0 };
    try {
      if (misses.length > 0) {
        if (!(await this.#pairs.isSupported(from, to, signalOf(options)))) throw unsupportedPairError(from, to);
        await this.#sendBatches(packBatches(misses, this.#limits), key, { ...parsed.data, service }, translated, counters, sent, options);
      }
    } finally {
      // Whatever was paid for is kept, also when a later batch failed.
      this.#totals = addCounters(this.#totals, counters);
      await this.#memory
        .flush()
        .catch((error: unknown) => this.#onWarning(error instanceof AppError ? error.message : 'The translation memory could not be saved.'));
    }

    const untranslated: number[] = [];
    const out = texts.map((text, index) => {
      const value = translated.get(text);
      if (value === null) untranslated.push(index);
      return value ?? text;
    });
    return { texts: out, counters, untranslated, resent: sent.resent };
  }

  async #sendBatches(
    batches: Batch[],
    key: string,
    input: { service: string; from: string; to: string; type: number; requestUrl?: string | undefined; title?: string | undefined; bot?: number | undefined },
    translated: Map<string, string | null>,
    counters: TranslationCounters,
    sent: { resent: number },
    options: CallOptions,
  ): Promise<void> {
    const queue = new PQueue({ concurrency: this.#concurrency });
    let failure: unknown = null;
    const send = async (batch: Batch) => {
      const response = await this.#client.translate(
        {
          l_from: input.from,
          l_to: input.to,
          words: batch.items.map((item) => ({ w: item.text, t: input.type })),
          request_url: input.requestUrl ?? this.#requestUrl,
          bot: input.bot ?? this.#bot,
          ...(input.title === undefined ? {} : { title: input.title }),
        },
        key,
        signalOf(options),
      );
      // Counted once the service accepted the request: a refused one (a wrong key, a quota, a 5xx, an answer
      // that does not fit) translated nothing, and a resend that never reached it was never sent.
      counters.requests += 1;
      counters.wordsSent += batch.words;
      sent.resent += response.resent;
      batch.items.forEach((item, index) => {
        const value = response.to_words[index] ?? null;
        translated.set(item.text, value);
        // No translation came back: the source text is shown, and nothing is remembered for next time.
        if (value !== null) this.#memory.set({ service: input.service, from: input.from, to: input.to, type: input.type, text: item.text }, value);
      });
    };
    for (const batch of batches) {
      // Tasks never reject: the first failure is recorded inside the task, before the queue can start the
      // next one, and stops the batches not yet started; those in flight finish and are kept.
      void queue.add(async () => {
        if (failure !== null) return;
        try {
          await send(batch);
        } catch (error) {
          failure ??= error;
          queue.clear();
        }
      });
    }
    await queue.onIdle();
    if (failure !== null) throw failure;
  }

  /** The languages list, from memory, the data file or the service (at most once a day). */
  async languages(options: CallOptions & { force?: boolean } = {}): Promise<LanguagesResult> {
    return this.#languages.get(options);
  }

  /** Convenience: just the list. */
  async languageList(options: CallOptions = {}): Promise<Language[]> {
    return (await this.#languages.get(options)).languages;
  }

  /** Whether the pair is supported; asked once per pair per session. */
  isSupported(from: string, to: string, options: CallOptions = {}): Promise<boolean> {
    return this.#pairs.isSupported(from, to, options);
  }

  /** One GET /public/status per call, never retried and never scheduled here. */
  async health(options: CallOptions = {}): Promise<TranslationHealth> {
    const started = performance.now();
    const checkedAt = new Date().toISOString();
    try {
      await this.#client.status(options);
      return { ok: true, checkedAt, latencyMs: Math.round(performance.now() - started) };
    } catch (error) {
      return { ok: false, checkedAt, latencyMs: Math.round(performance.now() - started), error: toAppErrorShape(error) };
    }
  }
}

function signalOf(options: CallOptions): { signal?: AbortSignal } {
  return options.signal === undefined ? {} : { signal: options.signal };
}

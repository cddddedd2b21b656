import { isSupportedResponseSchema, languageSchema, type Language } from '@shared/translation/language';
import { translateRequestSchema, translateResponseSchema, type TranslateRequest, type TranslateResponse } from '@shared/translation/wire';
import { errorForStatus, invalidResponse, notResent, TranslationApiError, type TranslationCallContext } from './errors';
import { sendHttp, type FetchLike, type HttpCall } from './http';
import { outboundFetch } from '@core/http/outbound';
import { DEFAULT_RETRY_POLICY, withRetries, type RetryPolicy } from './retry';

const DEFAULT_TRANSLATION_BASE_URL = 'https://api.weglot.com';
/**
 * Per attempt of POST /translate. A full batch (600 entries, 256 KiB) can take the service a long time; the
 * public PHP client allows 80 s. Giving up sooner does not save the words: a request that reached the service is
 * translated and billed whether or not the answer is awaited, and it is not sent again.
 */
export const DEFAULT_TRANSLATE_TIMEOUT_MS = 80_000;
/** At most this many resends of a translate POST, and only of one that provably never reached the service. */
const MAX_TRANSLATE_RETRIES = 2;

export interface TranslationClientOptions {
  /** Default https://api.weglot.com; a path prefix is kept (http://host/prefix/translate). */
  baseUrl?: string;
  /** Per attempt, for the public reads. Default 10 s. */
  timeoutMs?: number;
  /** Per attempt, for POST /translate (600 words take longer). Default DEFAULT_TRANSLATE_TIMEOUT_MS (80 s). */
  translateTimeoutMs?: number;
  /**
   * Retries of reads on network errors, timeouts and 5xx. A translate POST is sent again (at most twice) only
   * when no connection was made: after a timeout or a 5xx it may have been billed, so it is not repeated.
   */
  retry?: Partial<RetryPolicy>;
  fetch?: FetchLike;
}

export interface CallOptions {
  signal?: AbortSignal;
}

interface TranslateCallOptions extends CallOptions {
  /** Called before every attempt that goes on the wire (first try and retries), for cost counters. */
  onAttempt?: () => void;
}

/**
 * A translate answer after the checks: `to_words` present and aligned with the sent words (an entry may be
 * null: the service had no translation for it), and how many times the request was sent again because an
 * earlier try never reached the service.
 */
type CheckedTranslateResponse = TranslateResponse & { to_words: Array<string | null>; resent: number };

/**
 * Whether a failed translate may still have been carried out (and billed) by the service: it was sent, and no
 * answer said otherwise (a timeout, a connection broken after sending). Such a batch is not sent again.
 */
export function outcomeUnknown(error: unknown): error is TranslationApiError {
  return error instanceof TranslationApiError && error.method === 'POST' && (error.code === 'timeout' || (error.code === 'network' && !error.neverSent));
}

const STATUS: TranslationCallContext = { method: 'GET', path: '/public/status' };
const LANGUAGES: TranslationCallContext = { method: 'GET', path: '/public/languages' };
const IS_SUPPORTED: TranslationCallContext = { method: 'GET', path: '/public/languages/is-supported' };
const TRANSLATE: TranslationCallContext = { method: 'POST', path: '/translate' };

/**
 * The four endpoints of the translation API 1.0. Stateless about the key: `translate` takes it per call, so the
 * client object has nothing secret to print or leak.
 */
export class TranslationClient {
  readonly #base: URL;
  readonly #timeoutMs: number;
  readonly #translateTimeoutMs: number;
  readonly #readPolicy: RetryPolicy;
  readonly #translatePolicy: RetryPolicy;
  readonly #fetch: FetchLike;

  constructor(options: TranslationClientOptions = {}) {
    const base = new URL(options.baseUrl ?? DEFAULT_TRANSLATION_BASE_URL);
    if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new TypeError('The translation base URL must be http(s).');
    if (base.search !== '' || base.username !== '' || base.password !== '') {
      throw new TypeError('The translation base URL must not carry a query or credentials.');
    }
    this.#base = base;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#translateTimeoutMs = options.translateTimeoutMs ?? DEFAULT_TRANSLATE_TIMEOUT_MS;
    this.#readPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.#translatePolicy = { ...this.#readPolicy, retries: Math.min(this.#readPolicy.retries, MAX_TRANSLATE_RETRIES) };
    this.#fetch = options.fetch ?? outboundFetch;
  }

  get baseUrl(): string {
    return this.#base.toString().replace(/\/$/, '');
  }

  toString(): string {
    return `TranslationClient(${this.baseUrl})`;
  }

  /** GET /public/status, exactly one attempt: a health check must never turn into a flood. */
  async status(options: CallOptions = {}): Promise<void> {
    const answer = await this.#send({ ...STATUS, timeoutMs: this.#timeoutMs, ...signalOf(options) });
    if (answer.status !== 200) throw errorForStatus(answer.status, STATUS, answer.text);
  }

  /** GET /public/languages. Entries that do not fit the Language shape are skipped, not fatal. */
  async languages(options: CallOptions = {}): Promise<Language[]> {
    const body = await this.#readJson({ ...LANGUAGES, timeoutMs: this.#timeoutMs, ...signalOf(options) });
    if (!Array.isArray(body)) throw invalidResponse(LANGUAGES, 'expected an array of languages');
    const languages: Language[] = [];
    for (const item of body) {
      const parsed = languageSchema.safeParse(item);
      if (parsed.success) languages.push(parsed.data);
    }
    if (body.length > 0 && languages.length === 0) throw invalidResponse(LANGUAGES, 'no entry has code, local_name and english_name');
    return languages;
  }

  /** GET /public/languages/is-supported?languageFrom&languageTo */
  async isSupported(from: string, to: string, options: CallOptions = {}): Promise<boolean> {
    const body = await this.#readJson({
      ...IS_SUPPORTED,
      query: { languageFrom: from, languageTo: to },
      timeoutMs: this.#timeoutMs,
      ...signalOf(options),
    });
    const parsed = isSupportedResponseSchema.safeParse(body);
    if (!parsed.success) throw invalidResponse(IS_SUPPORTED, 'expected {"is_supported": boolean}');
    return parsed.data.is_supported;
  }

  /**
   * POST /translate?api_key=KEY. Sent again (at most twice) only when no connection was made; any other
   * failure may have been billed and is reported, saying so. `onAttempt` counts what went on the wire.
   */
  async translate(request: TranslateRequest, apiKey: string, options: TranslateCallOptions = {}): Promise<CheckedTranslateResponse> {
    const secrets = [apiKey];
    // Checked before anything is sent, as the official client does (a word type outside 0..10, for one).
    const checked = translateRequestSchema.safeParse(request);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      throw new TranslationApiError(
        'invalid_input',
        'invalid_input',
        `the request was not sent: ${issue?.path.join('.') ?? 'body'}: ${issue?.message ?? 'invalid'}.`,
        TRANSLATE,
      );
    }
    const body = JSON.stringify(checked.data);
    let attempts = 0;
    let answer;
    try {
      answer = await withRetries(
        async () => {
          attempts += 1;
          options.onAttempt?.();
          const reply = await this.#send({
            ...TRANSLATE,
            secretQuery: { api_key: apiKey },
            body,
            timeoutMs: this.#translateTimeoutMs,
            ...signalOf(options),
          });
          if (reply.status !== 200) throw errorForStatus(reply.status, TRANSLATE, reply.text, secrets);
          return reply;
        },
        this.#translatePolicy,
        options.signal,
        (error) => error.neverSent,
      );
    } catch (error) {
      throw error instanceof TranslationApiError ? notResent(error) : error;
    }
    let json: unknown;
    try {
      json = JSON.parse(answer.text);
    } catch (error) {
      throw invalidResponse(TRANSLATE, 'the body is not JSON', error, secrets);
    }
    const parsed = translateResponseSchema.safeParse(json);
    if (!parsed.success) throw invalidResponse(TRANSLATE, 'expected from_words and to_words arrays of strings');
    const response = parsed.data;
    // As the official clients do: a missing or misaligned to_words is an error, never a partial result.
    if (response.to_words === undefined) throw invalidResponse(TRANSLATE, 'to_words is missing');
    if (response.to_words.length !== response.from_words.length) {
      throw invalidResponse(TRANSLATE, `to_words has ${response.to_words.length} entries for ${response.from_words.length} from_words`);
    }
    if (response.from_words.length !== request.words.length) {
      throw invalidResponse(TRANSLATE, `${response.from_words.length} words came back for ${request.words.length} sent`);
    }
    return { ...response, to_words: response.to_words, resent: attempts - 1 };
  }

  async #readJson(call: HttpCall): Promise<unknown> {
    const answer = await withRetries(
      async () => {
        const reply = await this.#send(call);
        if (reply.status !== 200) throw errorForStatus(reply.status, call, reply.text);
        return reply;
      },
      this.#readPolicy,
      call.signal,
    );
    try {
      return JSON.parse(answer.text);
    } catch (error) {
      throw invalidResponse(call, 'the body is not JSON', error);
    }
  }

  #send(call: HttpCall) {
    return sendHttp(this.#fetch, this.#base, call);
  }
}

function signalOf(options: CallOptions): { signal?: AbortSignal } {
  return options.signal === undefined ? {} : { signal: options.signal };
}

import type { z } from 'zod';
import {
  OPERATION_NAMES,
  STATUS_PAGE_OPERATIONS,
  type ListItem,
  type ListPage,
  type NoInputOperationName,
  type OperationInput,
  type OperationName,
  type OperationOutput,
  type OperationSpec,
  type PaginatedOperationName,
} from '@shared/statuspal/operations';
import { AppError } from '@shared/errors';
import { resolveBaseUrl, type Region } from '@shared/statuspal/regions';
import { listResponseSchema, singleResponseSchema } from '@shared/statuspal/schemas/lists';
import type { Service } from '@shared/statuspal/schemas/service';
import { StatusPageApiError, describeIssues, errorForInvalidInput, errorForInvalidResponse, errorForStatus, redactSecret, type RequestContext } from './errors';
import { nextLinkOf, resolvePageLink } from './pagination';
import { SlidingWindowRateLimiter, getRateLimiter, type RateLimiter, type RateLimiterOptions } from './rate-limiter';
import { buildRequest } from './request';
import { DEFAULT_RETRY_OPTIONS, retryRead, type RetryOptions } from './retry';
import { readRetryAfter } from '@core/timing/retry-after';
import { ServerClock } from './server-clock';
import { isGone, withChildServices } from './service-tree';
import { sendHttpRequest, type FetchLike, type HttpResponse } from './transport';
import { outboundFetch } from '@core/http/outbound';

/**
 * The raw key, or a function that reads it when needed: from the vault, which releases a key only for the
 * address it was entered for, so it is given the URL the key is about to be sent to.
 */
export type ApiKeySource = string | ((url: string) => string | null | undefined | Promise<string | null | undefined>);

export interface StatusPageClientOptions {
  /** `us` (default), `eu`, or `{ baseUrl }` for a custom server such as the simulator. */
  region?: Region;
  /** Sent raw in `Authorization`, and only on operations marked `key`. */
  apiKey?: ApiKeySource;
  /** Shares the account's limiter (`getRateLimiter(accountId)`) with every other user of it. */
  accountId?: string;
  /** An explicit limiter; wins over `accountId`. */
  rateLimiter?: RateLimiter;
  /** Options for the limiter created from `accountId`, or for a private one. */
  rateLimit?: RateLimiterOptions;
  /** Per-request timeout (headers and body), default 15 s. */
  timeoutMs?: number;
  /** Read retries; writes are never retried. */
  retry?: Partial<RetryOptions>;
  /** Pause after a 429 without a readable Retry-After; default 1 s. */
  defaultRateLimitPauseMs?: number;
  fetch?: FetchLike;
  userAgent?: string;
  /** Wall clock (epoch ms), used for Retry-After HTTP dates and the server clock's offset. */
  now?: () => number;
  /** Where the server's `Date` headers are noted; share one per server (default: one of this client's own). */
  serverClock?: ServerClock;
  /** Diagnostics; events never carry the key, headers, query strings or bodies. */
  onEvent?: (event: StatusPageClientEvent) => void;
}

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Overrides the number of read retries for this call. */
  retries?: number;
}

interface PaginateOptions extends CallOptions {
  /** Stop after this many pages. */
  maxPages?: number;
}

interface EventBase {
  operation: string;
  method: string;
  /** URL path only: no query (it may hold an email address) and never headers. */
  path: string;
}

export type StatusPageClientEvent =
  | (EventBase & { type: 'request'; attempt: number })
  | (EventBase & { type: 'response'; attempt: number; status: number; durationMs: number })
  | (EventBase & { type: 'failure'; attempt: number; code: string; durationMs: number })
  | (EventBase & { type: 'retry'; attempt: number; delayMs: number; code: string })
  | (EventBase & { type: 'rate_limited'; retryAfterMs: number });

type OperationArgs<N extends OperationName> = N extends NoInputOperationName
  ? [input?: OperationInput<N>, options?: CallOptions]
  : [input: OperationInput<N>, options?: CallOptions];

/** One typed method per operation of the table, e.g. `getIncident({ subdomain, incidentId })`. */
type StatusPageOperationMethods = {
  [N in OperationName]: (...args: OperationArgs<N>) => Promise<OperationOutput<N>>;
};

const DEFAULT_TIMEOUT_MS = 15_000;
const HEADER_SAFE = /^[\x21-\x7e]+$/;

const wrapperSchemas = new Map<OperationName, z.ZodType>();

/** The schema of the whole response body of an operation, built once. */
function responseSchemaOf(name: OperationName, spec: OperationSpec): z.ZodType | null {
  const response = spec.response;
  if (response.kind === 'empty') return null;
  if (response.kind === 'object') return response.schema;
  let schema = wrapperSchemas.get(name);
  if (!schema) {
    schema = response.kind === 'single' ? singleResponseSchema(response.key, response.schema) : listResponseSchema(response.key, response.schema);
    wrapperSchemas.set(name, schema);
  }
  return schema;
}

function isJsonEmptyBody(text: string): boolean {
  return text.trim() === '';
}

// Declaration merging adds the table-generated methods (assigned to the prototype below) to the class type:
// one typed method per operation without writing 55 of them by hand.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging
export interface StatusPageClient extends StatusPageOperationMethods {}

/**
 * Typed client of the Status Page API v2. Every method is generated from
 * STATUS_PAGE_OPERATIONS; `call(name, input)` is the same thing by name.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface above
export class StatusPageClient {
  readonly baseUrl: string;
  readonly rateLimiter: RateLimiter;
  /** The server's clock as seen in its answers (see server-clock.ts). */
  readonly serverClock: ServerClock;
  // Private field: not an own enumerable property, so inspect/JSON never show it.
  readonly #apiKey: ApiKeySource | undefined;
  readonly #fetch: FetchLike;
  readonly #timeoutMs: number;
  readonly #retry: RetryOptions;
  readonly #defaultPauseMs: number;
  readonly #userAgent: string;
  readonly #now: () => number;
  readonly #onEvent: ((event: StatusPageClientEvent) => void) | undefined;

  constructor(options: StatusPageClientOptions = {}) {
    this.baseUrl = resolveBaseUrl(options.region ?? 'us');
    this.#apiKey = options.apiKey;
    this.rateLimiter =
      options.rateLimiter ??
      (options.accountId !== undefined ? getRateLimiter(options.accountId, options.rateLimit) : new SlidingWindowRateLimiter(options.rateLimit));
    this.#fetch = options.fetch ?? outboundFetch;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#retry = { ...DEFAULT_RETRY_OPTIONS, ...options.retry };
    this.#defaultPauseMs = options.defaultRateLimitPauseMs ?? 1_000;
    this.#userAgent = options.userAgent ?? 'Statusdesk';
    this.#now = options.now ?? Date.now;
    this.serverClock = options.serverClock ?? new ServerClock();
    this.#onEvent = options.onEvent;
  }

  /** Whether a key source is configured (the key itself is never exposed). */
  get hasApiKey(): boolean {
    return this.#apiKey !== undefined;
  }

  toJSON(): { baseUrl: string } {
    return { baseUrl: this.baseUrl };
  }

  toString(): string {
    return `StatusPageClient(${this.baseUrl})`;
  }

  /** Calls an operation by name; the generated methods delegate here. */
  async call<N extends OperationName>(name: N, ...[input, options]: OperationArgs<N>): Promise<OperationOutput<N>> {
    const spec: OperationSpec = STATUS_PAGE_OPERATIONS[name];
    const context = contextOf(name, spec);
    const built = buildRequest(spec, input ?? {}, context);
    const value = await this.#execute(name, spec, context, this.baseUrl + built.pathAndQuery, built.body, options ?? {});
    if (name === 'listServices') return (await this.#withChildren(value as ListPage<Service>, input, options ?? {})) as OperationOutput<N>;
    return value as OperationOutput<N>;
  }

  /** A services list page completed with the children its `children_ids` name and no list shows (service-tree.ts). */
  async #withChildren(page: ListPage<Service>, input: unknown, options: CallOptions, known = new Set<number>()): Promise<ListPage<Service>> {
    const subdomain = (input as { subdomain: string }).subdomain;
    const read = (serviceId: number) =>
      this.getService({ subdomain, serviceId }, options).catch((error: unknown) => (isGone(error) ? null : Promise.reject(error)));
    const fresh = page.items.filter((service) => !known.has(service.id));
    return { ...page, items: await withChildServices(fresh, read, known) };
  }

  /**
   * Pages of a paginated list, following `links.next` as the server gives it (same origin
   * as the base URL only).
   */
  async *pages<N extends PaginatedOperationName>(
    name: N,
    input: OperationInput<N>,
    options: PaginateOptions = {},
  ): AsyncGenerator<ListPage<ListItem<N>>, void, undefined> {
    const spec: OperationSpec = STATUS_PAGE_OPERATIONS[name];
    const context = contextOf(name, spec);
    if (spec.response.kind !== 'list' || !spec.response.paginated) throw errorForInvalidInput(context, 'this operation is not paginated');
    const built = buildRequest(spec, input, context);
    let url = this.baseUrl + built.pathAndQuery;
    const seen = new Set<string>();
    const knownServices = new Set<number>();
    for (let count = 1; ; count++) {
      seen.add(url);
      const read = (await this.#execute(name, spec, context, url, undefined, options)) as ListPage<ListItem<N>>;
      const page =
        name === 'listServices' ? ((await this.#withChildren(read as ListPage<Service>, input, options, knownServices)) as ListPage<ListItem<N>>) : read;
      yield page;
      const next = nextLinkOf(page.links);
      if (next === null || (options.maxPages !== undefined && count >= options.maxPages)) return;
      const nextUrl = resolvePageLink(next, this.baseUrl, url, context);
      if (seen.has(nextUrl)) throw errorForInvalidResponse(context, 'links.next points back to a page already read', 200);
      url = nextUrl;
    }
  }

  /** Every item of a paginated list, page after page. */
  async *paginate<N extends PaginatedOperationName>(
    name: N,
    input: OperationInput<N>,
    options: PaginateOptions = {},
  ): AsyncGenerator<ListItem<N>, void, undefined> {
    for await (const page of this.pages(name, input, options)) yield* page.items;
  }

  #emit(event: StatusPageClientEvent): void {
    try {
      this.#onEvent?.(event);
    } catch {
      // A faulty listener must not break requests.
    }
  }

  async #resolveKey(context: RequestContext, url: string): Promise<string> {
    const source = this.#apiKey;
    let key: string | null | undefined;
    try {
      key = typeof source === 'function' ? await source(url) : source;
    } catch (error) {
      // The vault's refusal to send a key elsewhere says why in people's words; any other failure does not.
      if (error instanceof AppError && error.code === 'forbidden') throw new StatusPageApiError('forbidden', error.message, context);
      throw new StatusPageApiError('unauthorized', 'the API key could not be read', context);
    }
    // Fail before sending: a request without the key can only be refused, and costs rate budget.
    if (!key) throw new StatusPageApiError('unauthorized', 'an API key is required for this operation and none is configured', context);
    if (!HEADER_SAFE.test(key)) throw new StatusPageApiError('unauthorized', 'the configured API key contains characters not allowed in a header', context);
    return key;
  }

  async #execute(
    name: OperationName,
    spec: OperationSpec,
    context: RequestContext,
    url: string,
    body: string | undefined,
    options: CallOptions,
  ): Promise<unknown> {
    const headers: Record<string, string> = { 'User-Agent': this.#userAgent };
    let key: string | undefined;
    if (spec.auth === 'key') {
      key = await this.#resolveKey(context, url);
      headers.Authorization = key;
    }
    const path = new URL(url).pathname;
    const timeoutMs = options.timeoutMs ?? this.#timeoutMs;

    const attempt = async (attemptNumber: number): Promise<unknown> => {
      let done: () => void;
      try {
        done = await this.rateLimiter.acquire(options.signal);
      } catch {
        throw new StatusPageApiError('cancelled', 'the request was cancelled while waiting for the rate limit', context);
      }
      this.#emit({ type: 'request', operation: name, method: spec.method, path, attempt: attemptNumber });
      const started = performance.now();
      let response: HttpResponse;
      try {
        response = await sendHttpRequest(
          this.#fetch,
          { method: spec.method, url, headers, ...(body === undefined ? {} : { body }), timeoutMs, ...(options.signal ? { signal: options.signal } : {}) },
          context,
        );
      } catch (error) {
        done();
        const code = error instanceof StatusPageApiError ? error.code : 'network';
        this.#emit({ type: 'failure', operation: name, method: spec.method, path, attempt: attemptNumber, code, durationMs: performance.now() - started });
        throw error;
      }
      done();
      this.serverClock.observe(response.headers.get('date'), this.#now());
      this.#emit({
        type: 'response',
        operation: name,
        method: spec.method,
        path,
        attempt: attemptNumber,
        status: response.status,
        durationMs: performance.now() - started,
      });
      if (response.status >= 200 && response.status < 300) return this.#parseSuccess(name, spec, context, response);
      throw this.#errorForResponse(name, spec, context, response, key, path);
    };

    if (spec.kind === 'write') return attempt(1);
    const retry = options.retries === undefined ? this.#retry : { ...this.#retry, retries: options.retries };
    const cancellableSleep = async (ms: number, signal?: AbortSignal) => {
      try {
        await retry.sleep(ms, signal);
      } catch {
        throw new StatusPageApiError('cancelled', 'the request was cancelled while waiting to retry', context);
      }
    };
    return retryRead(attempt, { ...retry, sleep: cancellableSleep }, options.signal, (event) =>
      this.#emit({ type: 'retry', operation: name, method: spec.method, path, attempt: event.attempt, delayMs: event.delayMs, code: event.error.code }),
    );
  }

  #errorForResponse(
    name: OperationName,
    spec: OperationSpec,
    context: RequestContext,
    response: HttpResponse,
    key: string | undefined,
    path: string,
  ): StatusPageApiError {
    let parsed: unknown;
    try {
      parsed = isJsonEmptyBody(response.text) ? undefined : JSON.parse(response.text);
    } catch {
      parsed = undefined;
    }
    const retryAfter = response.status === 429 || response.status === 503 ? readRetryAfter(response.headers.get('retry-after'), this.#now()) : undefined;
    const retryAfterMs = retryAfter?.waitMs;
    if (response.status === 429) {
      // Everyone on this account waits, not only this call.
      const pauseMs = retryAfterMs ?? this.#defaultPauseMs;
      this.rateLimiter.pauseFor(pauseMs);
      this.#emit({ type: 'rate_limited', operation: name, method: spec.method, path, retryAfterMs: pauseMs });
    }
    return errorForStatus(response.status, context, redactSecret(parsed, key), retryAfter && { ...retryAfter, now: this.#now() });
  }

  #parseSuccess(name: OperationName, spec: OperationSpec, context: RequestContext, response: HttpResponse): unknown {
    const { status, text } = response;
    const schema = responseSchemaOf(name, spec);
    if (schema === null) {
      // DELETE: empty, "" and {} are all success; any JSON is tolerated, a non-JSON page is not.
      if (isJsonEmptyBody(text)) return undefined;
      try {
        JSON.parse(text);
      } catch {
        throw errorForInvalidResponse(context, 'the body is not JSON', status);
      }
      return undefined;
    }
    if (isJsonEmptyBody(text)) throw errorForInvalidResponse(context, 'the body is empty', status);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw errorForInvalidResponse(context, 'the body is not JSON', status);
    }
    const result = schema.safeParse(json);
    if (!result.success) throw errorForInvalidResponse(context, `unexpected body: ${describeIssues(result.error.issues)}`, status);
    const data = result.data as Record<string, unknown>;
    const response_ = spec.response;
    if (response_.kind === 'single') return data[response_.key];
    if (response_.kind === 'list') {
      const page = { items: data[response_.key], links: data.links ?? null, meta: data.meta ?? null };
      return page as ListPage<unknown>;
    }
    return data;
  }
}

function contextOf(name: OperationName, spec: OperationSpec): RequestContext {
  return { operation: name, method: spec.method, path: spec.path, kind: spec.kind };
}

// One method per row of the table, so nothing drifts from it.
for (const name of OPERATION_NAMES) {
  Object.defineProperty(StatusPageClient.prototype, name, {
    value(this: StatusPageClient, input?: unknown, options?: CallOptions) {
      return (this.call as (n: OperationName, i?: unknown, o?: CallOptions) => Promise<unknown>)(name, input, options);
    },
    writable: true,
    configurable: true,
    enumerable: false,
  });
}

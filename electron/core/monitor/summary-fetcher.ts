import { STATUS_PAGE_OPERATIONS } from '@shared/statuspal/operations';
import { resolveBaseUrl } from '@shared/statuspal/regions';
import type { WatchedPage } from '@shared/monitor/watched-page';
import type { StatusPageClient } from '@core/statuspal-client/client';
import { AppError } from '@shared/errors';
import { isLoopbackHost } from '@shared/validation/secret-destination';
import { StatusPageApiError, errorForInvalidInput, errorForInvalidResponse, type RequestContext } from '@core/statuspal-client/errors';
import { getRateLimiter, type RateLimiter } from '@core/statuspal-client/rate-limiter';
import { JSON_HEADERS, sendHttpRequest, type FetchLike } from '@core/statuspal-client/transport';
import { httpGetText, type TextResponse } from '@core/http/get-text';
import { errorForAnswer, waitForTurn, type SummaryBudget } from './summary-budget';

/*
 * `GET summary` returning the raw body text, so the monitor can skip parsing entirely when the
 * body is byte-identical to the last good one (the common case). It follows the client's rules
 * (timeout, shared rate limiter, 429 pauses everyone, Retry-After, StatusPageApiError) minus the
 * JSON parse and the read retries: the scheduler owns retrying, so a failing page costs one
 * request per attempt, not four. The transport is node:http(s) (see http/get-text.ts for why), or
 * the client's fetch-based one when a `fetch` is given.
 */

export interface FetchSummaryOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** The monitor's port to a status page server. Throws StatusPageApiError. */
export interface SummaryFetcher {
  fetchSummaryText(subdomain: string, options?: FetchSummaryOptions): Promise<string>;
}

interface SummaryFetcherOptions {
  /**
   * Base URL with `/api/v2`, as StatusPageClient.baseUrl; a function is asked at each poll (a page of an
   * account follows the account to wherever it is now).
   */
  baseUrl: string | (() => string);
  /** Share it: the account's getRateLimiter(accountId), or one per base URL for public pages. */
  rateLimiter: RateLimiter;
  /** Use the client's fetch transport with this fetch (tests, custom agents); default node:http(s). */
  fetch?: FetchLike;
  /** Default 15 s, as the client. */
  timeoutMs?: number;
  userAgent?: string;
  /** Pause after a 429 without a readable Retry-After; default 1 s, as the client. */
  defaultRateLimitPauseMs?: number;
  /** Wall clock for Retry-After dates. */
  now?: () => number;
  /**
   * The key of the account the page belongs to: sent on its summary reads, so a private page (which answers
   * only to its organization's key) stays readable. Public pages, without an account, never send one. Given
   * the URL it is for: the vault refuses (throws) for an address the key was not entered for.
   */
  apiKey?: ((url: string) => Promise<string | null>) | undefined;
  /**
   * The server is an account's, typed by the user with its key: it may be on the local network. Otherwise the
   * page is public and is read only from the public internet, or from this computer when its address says so.
   */
  accountServer?: boolean;
}

const SUMMARY = STATUS_PAGE_OPERATIONS.getPageSummary;
const CONTEXT: RequestContext = { operation: 'getPageSummary', method: SUMMARY.method, path: SUMMARY.path, kind: 'read' };
const SUBDOMAIN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export function createSummaryFetcher(options: SummaryFetcherOptions): SummaryFetcher {
  const baseUrlNow = (): string => (typeof options.baseUrl === 'function' ? options.baseUrl() : options.baseUrl).replace(/\/+$/, '');
  const fetchImpl = options.fetch;
  const defaultTimeoutMs = options.timeoutMs ?? 15_000;
  const userAgent = options.userAgent ?? 'Statusdesk';
  const budget: SummaryBudget = { limiter: options.rateLimiter, pauseMs: options.defaultRateLimitPauseMs ?? 1_000, now: options.now ?? Date.now };

  /** The key for this URL; a key the vault will not send there fails the poll with its reason, nothing is sent. */
  const keyFor = async (url: string): Promise<string | null> => {
    if (!options.apiKey) return null;
    try {
      return await options.apiKey(url);
    } catch (error) {
      if (error instanceof AppError && error.code === 'forbidden') throw new StatusPageApiError('forbidden', error.message, CONTEXT);
      return null;
    }
  };

  return {
    async fetchSummaryText(subdomain, callOptions = {}) {
      if (!SUBDOMAIN.test(subdomain)) throw errorForInvalidInput(CONTEXT, 'subdomain must be letters, digits, "-" and "_"');
      const url = `${baseUrlNow()}/status_pages/${encodeURIComponent(subdomain)}/summary`;
      const key = await keyFor(url);
      const done = await waitForTurn(budget, CONTEXT, callOptions.signal);
      const timeoutMs = callOptions.timeoutMs ?? defaultTimeoutMs;
      const auth: Record<string, string> = key ? { Authorization: key } : {};
      let response: TextResponse;
      try {
        if (fetchImpl) {
          const answer = await sendHttpRequest(
            fetchImpl,
            { method: 'GET', url, headers: { 'User-Agent': userAgent, ...auth }, timeoutMs, ...(callOptions.signal ? { signal: callOptions.signal } : {}) },
            CONTEXT,
          );
          response = { status: answer.status, header: (name) => answer.headers.get(name) ?? undefined, text: answer.text };
        } else {
          response = await httpGetText(
            url,
            {
              headers: { Accept: JSON_HEADERS.Accept!, 'User-Agent': userAgent, ...auth },
              timeoutMs,
              publicOnly: !options.accountServer && !isLoopbackHost(new URL(url).hostname),
              ...(callOptions.signal ? { signal: callOptions.signal } : {}),
            },
            CONTEXT,
          );
        }
      } finally {
        done();
      }
      const { status, text } = response;
      if (status >= 200 && status < 300) {
        if (text.trim() === '') throw errorForInvalidResponse(CONTEXT, 'the body is empty', status);
        return text;
      }
      throw errorForAnswer(response, budget, CONTEXT);
    },
  };
}

/** A fetcher on a configured client's server and rate limiter (the key is never needed: summaries are public). */
export function summaryFetcherFromClient(
  client: Pick<StatusPageClient, 'baseUrl' | 'rateLimiter'>,
  options: Omit<SummaryFetcherOptions, 'baseUrl' | 'rateLimiter'> = {},
): SummaryFetcher {
  return createSummaryFetcher({ ...options, baseUrl: client.baseUrl, rateLimiter: client.rateLimiter });
}

/** Limiter key of pages without an account: one budget per server, shared by all of them. */
export function publicRateLimitKey(baseUrl: string): string {
  return `public:${baseUrl}`;
}

export function baseUrlOfPage(page: Pick<WatchedPage, 'region' | 'baseUrl'>): string {
  if (page.region === 'custom') {
    if (!page.baseUrl) throw new TypeError('a custom region needs a base URL');
    return resolveBaseUrl({ baseUrl: page.baseUrl });
  }
  return resolveBaseUrl(page.region);
}

/**
 * The default `clientFor`: the page's server, and the account's shared rate limiter
 * (getRateLimiter(accountId), as StatusPageClient with `accountId`), else one per server.
 */
export function summaryFetcherForPage(
  page: Pick<WatchedPage, 'region' | 'baseUrl' | 'accountId'>,
  options: Omit<SummaryFetcherOptions, 'rateLimiter' | 'baseUrl'> & { baseUrl?: SummaryFetcherOptions['baseUrl'] } = {},
): SummaryFetcher {
  const baseUrl = baseUrlOfPage(page);
  return createSummaryFetcher({
    baseUrl,
    accountServer: page.accountId !== undefined,
    ...options,
    rateLimiter: getRateLimiter(page.accountId ?? publicRateLimitKey(baseUrl)),
  });
}

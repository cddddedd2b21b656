import type { WatchedPage } from '../../../shared/monitor/watched-page';
import { providerSummaryUrl } from '../../../shared/monitor/provider/provider-url';
import { StatusPageApiError, errorForInvalidResponse, errorForStatus, type RequestContext } from '../statuspage/errors';
import { getRateLimiter, type RateLimiter } from '../statuspage/rate-limiter';
import { parseRetryAfter } from '../timing/retry-after';
import { httpGetText, type TextResponse } from './http-get';
import type { FetchSummaryOptions, SummaryFetcher } from './summary-fetcher';

/*
 * `GET <page URL>/api/v2/summary.json` of a provider's public page, conditionally: the ETag and
 * Last-Modified of the last 200 go out as If-None-Match / If-Modified-Since, and a 304 (headers
 * only, no body) returns the body kept from that 200, so the tracker's byte-identical shortcut
 * makes an unchanged page cost one bodiless request and no parse. Same rules as the summary
 * fetcher otherwise: the scheduler owns retries, a 429 pauses the shared budget (one per server),
 * Retry-After is honoured, errors are StatusPageApiError. Public pages: nothing secret is sent.
 */

export interface ProviderFetcherOptions {
  /** The page address (normalised, see provider-url.ts). */
  pageUrl: string;
  rateLimiter: RateLimiter;
  timeoutMs?: number;
  userAgent?: string;
  defaultRateLimitPauseMs?: number;
  now?: () => number;
  /** Default: node:http(s) keep-alive GET. */
  get?: typeof httpGetText;
}

const CONTEXT: RequestContext = { operation: 'getProviderSummary', method: 'GET', path: '/api/v2/summary.json', kind: 'read' };

export interface ProviderFetcher extends SummaryFetcher {
  /** What the last poll cost: 'full' (a 200 body), 'not_modified' (a 304), or null before any. */
  readonly lastAnswer: 'full' | 'not_modified' | null;
}

export function createProviderFetcher(options: ProviderFetcherOptions): ProviderFetcher {
  const url = providerSummaryUrl(options.pageUrl);
  const get = options.get ?? httpGetText;
  const defaultTimeoutMs = options.timeoutMs ?? 15_000;
  const userAgent = options.userAgent ?? 'Statusdesk';
  const pauseMs = options.defaultRateLimitPauseMs ?? 1_000;
  const now = options.now ?? Date.now;
  const limiter = options.rateLimiter;
  let cached: { text: string; etag: string | undefined; lastModified: string | undefined } | null = null;
  let lastAnswer: ProviderFetcher['lastAnswer'] = null;

  return {
    get lastAnswer() {
      return lastAnswer;
    },
    async fetchSummaryText(_subdomain: string, callOptions: FetchSummaryOptions = {}) {
      let done: () => void;
      try {
        done = await limiter.acquire(callOptions.signal);
      } catch {
        throw new StatusPageApiError('cancelled', 'the request was cancelled while waiting for the rate limit', CONTEXT);
      }
      const headers: Record<string, string> = { Accept: 'application/json', 'User-Agent': userAgent };
      if (cached?.etag) headers['If-None-Match'] = cached.etag;
      if (cached?.lastModified) headers['If-Modified-Since'] = cached.lastModified;
      let response: TextResponse;
      try {
        response = await get(url, { headers, timeoutMs: callOptions.timeoutMs ?? defaultTimeoutMs, ...(callOptions.signal ? { signal: callOptions.signal } : {}) }, CONTEXT);
      } finally {
        done();
      }
      const { status, text } = response;
      if (status === 304) {
        if (!cached) throw errorForInvalidResponse(CONTEXT, 'the server answered 304 Not Modified to a request without validators', status);
        lastAnswer = 'not_modified';
        return cached.text;
      }
      if (status >= 200 && status < 300) {
        if (text.trim() === '') throw errorForInvalidResponse(CONTEXT, 'the body is empty', status);
        const etag = response.header('etag');
        const lastModified = response.header('last-modified');
        cached = etag || lastModified ? { text, etag, lastModified } : null;
        lastAnswer = 'full';
        return text;
      }
      const retryAfterMs = status === 429 || status === 503 ? parseRetryAfter(response.header('retry-after'), now()) : undefined;
      if (status === 429) limiter.pauseFor(retryAfterMs ?? pauseMs);
      let body: unknown;
      try {
        body = text.trim() === '' ? undefined : JSON.parse(text);
      } catch {
        body = undefined;
      }
      throw errorForStatus(status, CONTEXT, body, retryAfterMs);
    },
  };
}

/** One budget per provider server (scheme, host and port), shared by its pages. */
export function providerRateLimitKey(pageUrl: string): string {
  return `public:${new URL(pageUrl).origin}`;
}

/** The monitor's default fetcher of a provider page. */
export function providerFetcherForPage(page: Pick<WatchedPage, 'url'>, options: Omit<ProviderFetcherOptions, 'pageUrl' | 'rateLimiter'> = {}): ProviderFetcher {
  if (!page.url) throw new TypeError('a provider page needs its address');
  return createProviderFetcher({ ...options, pageUrl: page.url, rateLimiter: getRateLimiter(providerRateLimitKey(page.url)) });
}

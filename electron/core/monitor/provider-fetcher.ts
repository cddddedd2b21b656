import type { WatchedPage } from '@shared/monitor/watched-page';
import { DEFAULT_PROVIDER_FORMAT, providerFormatRecord, type ProviderFormat } from '@shared/monitor/provider/provider-format';
import { isLoopbackHost } from '@shared/validation/secret-destination';
import { errorForInvalidResponse, type RequestContext } from '@core/statuspal-client/errors';
import { getRateLimiter, type RateLimiter } from '@core/statuspal-client/rate-limiter';
import { httpGetText, type TextResponse } from '@core/http/get-text';
import { errorForAnswer, waitForTurn, type SummaryBudget } from './summary-budget';
import type { FetchSummaryOptions, SummaryFetcher } from './summary-fetcher';

/*
 * `GET` of a provider's public page in its format (`<page URL>/api/v2/summary.json` for Statuspage and
 * incident.io, `/summary.json` for Instatus, `/api/v1/components` for Cachet (a 404 there tries Cachet 3's
 * `/api/components`, remembered when it answers), the address itself for status.io and feeds: the format's record,
 * formats/), conditionally when the record says so (every format today): the ETag and
 * Last-Modified of the last 200 go out as If-None-Match / If-Modified-Since, and a 304 (headers
 * only, no body) returns the body kept from that 200, so the tracker's byte-identical shortcut
 * makes an unchanged page cost one bodiless request and no parse. Same rules as the summary
 * fetcher otherwise (redirects aside: a page that moved is followed, up to 3 hops, only to https or
 * loopback, and a permanent move is remembered): the scheduler owns retries, a 429 pauses the shared budget (one per server),
 * Retry-After is honoured, errors are StatusPageApiError. Public pages: nothing secret is sent.
 */

interface ProviderFetcherOptions {
  /** The page address (normalised, see provider-url.ts). */
  pageUrl: string;
  /** What the address publishes; default statuspage. */
  format?: ProviderFormat | undefined;
  rateLimiter: RateLimiter;
  timeoutMs?: number;
  userAgent?: string;
  defaultRateLimitPauseMs?: number;
  now?: () => number;
  /** Default: node:http(s) keep-alive GET. */
  get?: typeof httpGetText;
}

function contextOf(format: ProviderFormat, documentUrl: string): RequestContext {
  let path = documentUrl;
  try {
    path = new URL(documentUrl).pathname;
  } catch {
    // The address was checked before; keep it as given.
  }
  return { operation: format === 'statuspage' ? 'getProviderSummary' : `getProviderPage(${format})`, method: 'GET', path, kind: 'read' };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 3;

/** A redirect's absolute target, when it is one the page's own rules accept (https, or http on loopback). */
/**
 * Where a redirect may lead: a public page only to https (its address is then checked when connecting, as
 * every request of it is); a page the user typed as this computer (local development) only to this computer.
 */
function redirectTarget(location: string, from: string, typedLoopback: boolean): string | null {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    return null;
  }
  if (next.username !== '' || next.password !== '') return null;
  if (typedLoopback) return (next.protocol === 'http:' || next.protocol === 'https:') && isLoopbackHost(next.hostname) ? next.href : null;
  return next.protocol === 'https:' ? next.href : null;
}

interface ProviderFetcher extends SummaryFetcher {
  /** What the last poll cost: 'full' (a 200 body), 'not_modified' (a 304), or null before any. */
  readonly lastAnswer: 'full' | 'not_modified' | null;
}

export function createProviderFetcher(options: ProviderFetcherOptions): ProviderFetcher {
  const format = options.format ?? DEFAULT_PROVIDER_FORMAT;
  const record = providerFormatRecord(format);
  // Where the document lives: the format's first address, or where a permanent redirect or a 404 there moved it.
  const [first, ...fallbacks] = record.documentUrls(options.pageUrl);
  let url = first;
  // A provider's page is on the public internet; only one the user typed as this computer may be fetched here.
  const typedLoopback = isLoopbackHost(new URL(url).hostname);
  const CONTEXT = contextOf(format, url);
  const accept = record.accept;
  const get = options.get ?? httpGetText;
  const defaultTimeoutMs = options.timeoutMs ?? 15_000;
  const userAgent = options.userAgent ?? 'Statusdesk';
  const budget: SummaryBudget = { limiter: options.rateLimiter, pauseMs: options.defaultRateLimitPauseMs ?? 1_000, now: options.now ?? Date.now };
  let cached: { text: string; etag: string | undefined; lastModified: string | undefined } | null = null;
  let lastAnswer: ProviderFetcher['lastAnswer'] = null;
  // Compressed: a provider's summary is often 100 KB and more; when it changes, gzip brings it to a tenth.
  const plainHeaders: Record<string, string> = { Accept: accept, 'Accept-Encoding': 'gzip, deflate, br', 'User-Agent': userAgent };
  // The request's headers change only with the validators of a new 200: made then, not for every poll.
  let headers = plainHeaders;

  return {
    get lastAnswer() {
      return lastAnswer;
    },
    async fetchSummaryText(_subdomain: string, callOptions: FetchSummaryOptions = {}) {
      const done = await waitForTurn(budget, CONTEXT, callOptions.signal);
      const requestOptions = {
        headers,
        decompress: true,
        publicOnly: !typedLoopback,
        timeoutMs: callOptions.timeoutMs ?? defaultTimeoutMs,
        signal: callOptions.signal,
      };
      // One request, following redirects; a permanent move is remembered.
      const ask = async (first: string): Promise<TextResponse> => {
        let target = first;
        for (let hop = 0; ; hop++) {
          const response = await get(target, requestOptions, CONTEXT);
          const location = REDIRECTS.has(response.status) ? response.header('location') : undefined;
          if (location === undefined) return response;
          if (hop === MAX_REDIRECTS) throw errorForInvalidResponse(CONTEXT, `more than ${MAX_REDIRECTS} redirects`, response.status);
          const next = redirectTarget(location, target, typedLoopback);
          if (next === null)
            throw errorForInvalidResponse(
              CONTEXT,
              `a redirect to ${location.slice(0, 200)} (only https on the public internet is followed, or this computer for a page on it)`,
              response.status,
            );
          // A permanent move is remembered: the next polls go there directly.
          if (response.status === 301 || response.status === 308) url = next;
          target = next;
        }
      };
      let response: TextResponse;
      try {
        response = await ask(url);
        for (const fallback of fallbacks) {
          if (response.status !== 404) break;
          if (url === fallback) continue;
          const other = await ask(fallback);
          // The page's version answered at its own path: ask there from now on.
          if ((other.status >= 200 && other.status < 300) || other.status === 304) {
            url = fallback;
            response = other;
          }
        }
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
        cached = record.conditionalRequests && (etag || lastModified) ? { text, etag, lastModified } : null;
        headers = cached ? { ...plainHeaders } : plainHeaders;
        if (cached?.etag) headers['If-None-Match'] = cached.etag;
        if (cached?.lastModified) headers['If-Modified-Since'] = cached.lastModified;
        lastAnswer = 'full';
        return text;
      }
      throw errorForAnswer(response, budget, CONTEXT);
    },
  };
}

/** One budget per provider server (scheme, host and port), shared by its pages. */
export function providerRateLimitKey(pageUrl: string): string {
  return `public:${new URL(pageUrl).origin}`;
}

/** The monitor's default fetcher of a provider page. */
export function providerFetcherForPage(
  page: Pick<WatchedPage, 'url' | 'format'>,
  options: Omit<ProviderFetcherOptions, 'pageUrl' | 'rateLimiter' | 'format'> = {},
): ProviderFetcher {
  if (!page.url) throw new TypeError('a provider page needs its address');
  return createProviderFetcher({ ...options, pageUrl: page.url, format: page.format, rateLimiter: getRateLimiter(providerRateLimitKey(page.url)) });
}

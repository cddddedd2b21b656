import { describe, expect, it } from 'vitest';
import { createSummaryFetcher, publicRateLimitKey, summaryFetcherForPage, summaryFetcherFromClient } from '../../../electron/core/monitor/summary-fetcher';
import { StatusPageClient } from '../../../electron/core/statuspal-client/client';
import { StatusPageApiError } from '../../../electron/core/statuspal-client/errors';
import { SlidingWindowRateLimiter, getRateLimiter } from '../../../electron/core/statuspal-client/rate-limiter';
import type { FetchLike } from '../../../electron/core/statuspal-client/transport';

function fakeFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    return answer(url, init);
  };
  return { fetch, calls };
}

describe('summary fetcher', () => {
  it('GETs the summary without a key and returns the raw text', async () => {
    const { fetch, calls } = fakeFetch(() => new Response('{"a": 1}', { status: 200 }));
    const fetcher = createSummaryFetcher({ baseUrl: 'https://statuspal.eu/api/v2/', rateLimiter: new SlidingWindowRateLimiter(), fetch });
    expect(await fetcher.fetchSummaryText('exoscalestatus')).toBe('{"a": 1}');
    expect(calls[0]!.url).toBe('https://statuspal.eu/api/v2/status_pages/exoscalestatus/summary');
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(headers.Accept).toBe('application/json');
  });

  it('turns a 429 into rate_limited with Retry-After, and pauses the shared limiter', async () => {
    const { fetch } = fakeFetch(() => new Response('{"error":429}', { status: 429, headers: { 'Retry-After': '7' } }));
    const limiter = new SlidingWindowRateLimiter();
    let paused = 0;
    const spy = { acquire: (s?: AbortSignal) => limiter.acquire(s), pauseFor: (ms: number) => (paused = ms) };
    const fetcher = createSummaryFetcher({ baseUrl: 'http://x/api/v2', rateLimiter: spy, fetch });
    const error = await fetcher.fetchSummaryText('acme').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StatusPageApiError);
    expect(error).toMatchObject({ code: 'rate_limited', status: 429, retryAfterMs: 7000, retryable: true });
    expect(paused).toBe(7000);
  });

  it('maps 5xx, 404, an empty 200 and network failures to StatusPageApiError', async () => {
    const cases: Array<[() => Response | Promise<Response>, string]> = [
      [() => new Response('{"error":503}', { status: 503 }), 'http'],
      [() => new Response('{"error":404}', { status: 404 }), 'not_found'],
      [() => new Response('', { status: 200 }), 'invalid_response'],
      [() => Promise.reject(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } })), 'network'],
    ];
    for (const [answer, code] of cases) {
      const { fetch } = fakeFetch(answer);
      const fetcher = createSummaryFetcher({ baseUrl: 'http://x/api/v2', rateLimiter: new SlidingWindowRateLimiter(), fetch });
      await expect(fetcher.fetchSummaryText('acme')).rejects.toMatchObject({ code, operation: 'getPageSummary' });
    }
  });

  it('refuses a subdomain that would change the path, before sending', async () => {
    const { fetch, calls } = fakeFetch(() => new Response('{}'));
    const fetcher = createSummaryFetcher({ baseUrl: 'http://x/api/v2', rateLimiter: new SlidingWindowRateLimiter(), fetch });
    await expect(fetcher.fetchSummaryText('../orgs')).rejects.toMatchObject({ code: 'invalid_input' });
    expect(calls).toHaveLength(0);
  });

  it('a cancelled poll is `cancelled`', async () => {
    const { fetch } = fakeFetch((_url, init) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted')))));
    const fetcher = createSummaryFetcher({ baseUrl: 'http://x/api/v2', rateLimiter: new SlidingWindowRateLimiter(), fetch });
    const controller = new AbortController();
    const pending = fetcher.fetchSummaryText('acme', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('shares the account limiter with StatusPageClient, and one per server for public pages', () => {
    const accountId = 'acc-monitor-test';
    const client = new StatusPageClient({ region: 'eu', accountId });
    expect(client.rateLimiter).toBe(getRateLimiter(accountId));
    const fromClient = summaryFetcherFromClient(client);
    expect(fromClient).toBeDefined();
    // summaryFetcherForPage uses getRateLimiter(accountId) or the public key of the base URL.
    summaryFetcherForPage({ region: 'us', accountId });
    summaryFetcherForPage({ region: 'eu' });
    expect(getRateLimiter(publicRateLimitKey('https://statuspal.eu/api/v2'))).toBeInstanceOf(SlidingWindowRateLimiter);
    expect(() => summaryFetcherForPage({ region: 'custom' })).toThrow(TypeError);
  });
});

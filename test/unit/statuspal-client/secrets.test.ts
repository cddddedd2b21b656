import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { toAppErrorShape } from '../../../shared/errors';
import { SlidingWindowRateLimiter, StatusPageApiError, StatusPageClient, type StatusPageClientEvent } from '../../../electron/core/statuspal-client';
import { json, recordingFetch, type Responder } from './helpers/recording-fetch';

const KEY = 'sk_live_TOPSECRET_9f8e7d6c';

function everyView(value: unknown): string[] {
  const views = [String(value), inspect(value, { depth: 20, showHidden: true }), JSON.stringify(value) ?? ''];
  if (value instanceof Error) {
    views.push(value.message, value.stack ?? '', JSON.stringify(toAppErrorShape(value)));
    if (value instanceof StatusPageApiError) views.push(JSON.stringify(value.body) ?? '', JSON.stringify(value.toShape()));
  }
  return views;
}

function expectNoKey(value: unknown) {
  for (const view of everyView(value)) expect(view).not.toContain(KEY);
}

function fetchFailure(code: string): Error {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(`connect ${code} with ${KEY}`), { code }) });
}

const scenarios: Array<[string, Responder, string]> = [
  ['401 echoing the key', () => json({ error: 401, received_authorization: KEY, [KEY]: KEY }, 401), 'unauthorized'],
  ['403', () => json({ error: 403 }, 403), 'forbidden'],
  ['404', () => json({ error: 404 }, 404), 'not_found'],
  ['429', () => json({ error: 429 }, 429, { 'retry-after': '0' }), 'rate_limited'],
  ['500 with text echoing the key', () => new Response(`boom ${KEY}`, { status: 500 }), 'http'],
  ['invalid JSON', () => new Response(`<html>${KEY}</html>`, { status: 200 }), 'invalid_response'],
  ['schema mismatch', () => json({ webhooks: 'nope', token: KEY }), 'invalid_response'],
  [
    'connection reset',
    () => {
      throw fetchFailure('ECONNRESET');
    },
    'network',
  ],
  [
    'timeout',
    (_req, signal) =>
      new Promise<Response>((_, reject) => {
        signal?.addEventListener('abort', () => reject(new DOMException(`aborted ${KEY}`, 'AbortError')));
      }),
    'timeout',
  ],
];

describe('the API key never leaks', () => {
  it.each(scenarios)('%s', async (_, respond, code) => {
    const events: StatusPageClientEvent[] = [];
    const { fetch, requests } = recordingFetch(respond);
    const client = new StatusPageClient({
      apiKey: KEY,
      fetch,
      timeoutMs: 20,
      rateLimiter: new SlidingWindowRateLimiter({ limit: 1000 }),
      retry: { retries: 1, sleep: async () => {} },
      defaultRateLimitPauseMs: 0,
      onEvent: (e) => events.push(e),
    });
    // A key read (retried) and a key write (never retried).
    for (const call of [
      () => client.listWebhooks({ subdomain: 'acme' }),
      () => client.addWebhook({ subdomain: 'acme', webhook: { url: 'https://example.com/h' } }),
    ]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StatusPageApiError);
      expect((error as StatusPageApiError).code).toBe(code);
      expectNoKey(error);
    }
    expect(requests.every((r) => r.headers.authorization === KEY)).toBe(true);
    for (const event of events) expectNoKey(event);
  });

  it('is not visible on the client object', () => {
    const client = new StatusPageClient({ apiKey: KEY });
    expectNoKey(client);
    expect(Object.values(client)).not.toContain(KEY);
    expect(client.hasApiKey).toBe(true);
  });

  it('is not echoed when the key itself is unusable', async () => {
    const bad = `${KEY}\r\nX-Injected: 1`;
    const client = new StatusPageClient({ apiKey: bad, fetch: recordingFetch(() => json({})).fetch });
    const error = await client.listWebhooks({ subdomain: 'acme' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'unauthorized' });
    expectNoKey(error);
  });

  it('keeps other parts of an error body, redacting only the key', async () => {
    const { fetch } = recordingFetch(() => json({ error: 401, echo: `Bearer ${KEY}` }, 401));
    const client = new StatusPageClient({ apiKey: KEY, fetch });
    const error = (await client.listWebhooks({ subdomain: 'acme' }).catch((e: unknown) => e)) as StatusPageApiError;
    expect(error.status).toBe(401);
    expect(error.body).toEqual({ error: 401, echo: 'Bearer [redacted]' });
  });
});

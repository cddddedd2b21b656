import { describe, expect, it } from 'vitest';
import type { TextResponse } from '../../../electron/core/http/get-text';
import { createProviderFetcher } from '../../../electron/core/monitor/provider-fetcher';
import type { RateLimiter } from '../../../electron/core/statuspal-client/rate-limiter';

/*
 * The provider fetcher's HTTP rules on a scripted transport (the loopback behaviour against the simulator is in
 * test/integration/monitor/provider-pages.test.ts): conditional requests, 304s, 429s, redirects, bad answers.
 */

interface Answer {
  status: number;
  headers?: Record<string, string>;
  text?: string;
}

function setup(answers: Answer[], pageUrl = 'https://status.example.test') {
  const sent: Array<{ url: string; headers: Record<string, string> }> = [];
  const pauses: number[] = [];
  let active = 0;
  const limiter: RateLimiter = {
    acquire: async () => {
      active++;
      return () => void active--;
    },
    pauseFor: (ms) => void pauses.push(ms),
  };
  const fetcher = createProviderFetcher({
    pageUrl,
    rateLimiter: limiter,
    now: () => Date.parse('2026-03-02T10:00:00Z'),
    get: async (url, options): Promise<TextResponse> => {
      sent.push({ url, headers: options.headers });
      const answer = answers.shift();
      if (!answer) throw new Error('no more answers');
      const headers = Object.fromEntries(Object.entries(answer.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
      return { status: answer.status, header: (name) => headers[name.toLowerCase()], text: answer.text ?? '' };
    },
  });
  return { fetcher, sent, pauses, active: () => active };
}

const BODY = '{"page":{"name":"Example"}}';

describe('provider fetcher', () => {
  it('sends the validators of the last 200 and turns a 304 into the kept body', async () => {
    const { fetcher, sent, active } = setup([
      { status: 200, headers: { ETag: '"v1"', 'Last-Modified': 'Mon, 02 Mar 2026 09:00:00 GMT' }, text: BODY },
      { status: 304 },
      { status: 200, text: '{"page":{"name":"Changed"}}' },
      { status: 200, text: BODY },
    ]);
    expect(await fetcher.fetchSummaryText('')).toBe(BODY);
    expect(sent[0]).toEqual({
      url: 'https://status.example.test/api/v2/summary.json',
      headers: { Accept: 'application/json', 'Accept-Encoding': 'gzip, deflate, br', 'User-Agent': 'Statusdesk' },
    });
    expect(fetcher.lastAnswer).toBe('full');
    expect(await fetcher.fetchSummaryText('')).toBe(BODY);
    expect(sent[1]!.headers).toMatchObject({ 'If-None-Match': '"v1"', 'If-Modified-Since': 'Mon, 02 Mar 2026 09:00:00 GMT' });
    expect(fetcher.lastAnswer).toBe('not_modified');
    // A 200 without validators: nothing to be conditional on next time.
    await fetcher.fetchSummaryText('');
    await fetcher.fetchSummaryText('');
    expect(sent[3]!.headers['If-None-Match']).toBeUndefined();
    expect(sent[3]!.headers['If-Modified-Since']).toBeUndefined();
    expect(active()).toBe(0);
  });

  it('refuses a 304 it did not ask for, an empty 200, and names the status of an error', async () => {
    const { fetcher } = setup([{ status: 304 }, { status: 200, text: '  ' }, { status: 404, text: '{"error":"Not found"}' }, { status: 500, text: '<html>' }]);
    await expect(fetcher.fetchSummaryText('')).rejects.toMatchObject({ code: 'invalid_response' });
    await expect(fetcher.fetchSummaryText('')).rejects.toMatchObject({ code: 'invalid_response', message: expect.stringMatching(/empty/) });
    await expect(fetcher.fetchSummaryText('')).rejects.toMatchObject({ code: 'not_found' });
    await expect(fetcher.fetchSummaryText('')).rejects.toMatchObject({ message: expect.stringMatching(/500/) });
  });

  it('a 429 pauses the shared budget for Retry-After, and carries it to the scheduler', async () => {
    const { fetcher, pauses } = setup([{ status: 429, headers: { 'Retry-After': '7' } }, { status: 429 }]);
    await expect(fetcher.fetchSummaryText('')).rejects.toMatchObject({ code: 'rate_limited', retryAfterMs: 7_000 });
    await expect(fetcher.fetchSummaryText('')).rejects.toMatchObject({ code: 'rate_limited' });
    expect(pauses).toEqual([7_000, 1_000]);
  });

  it('follows a permanent move and polls the new address from then on; a temporary one only this time', async () => {
    const { fetcher, sent } = setup([
      { status: 301, headers: { Location: 'https://www.example.test/api/v2/summary.json' } },
      { status: 200, headers: { ETag: '"a"' }, text: BODY },
      { status: 304 },
      { status: 302, headers: { Location: '/elsewhere/summary.json' } },
      { status: 200, text: BODY },
      { status: 200, text: BODY },
    ]);
    expect(await fetcher.fetchSummaryText('')).toBe(BODY);
    expect(await fetcher.fetchSummaryText('')).toBe(BODY);
    await fetcher.fetchSummaryText('');
    await fetcher.fetchSummaryText('');
    expect(sent.map((s) => s.url)).toEqual([
      'https://status.example.test/api/v2/summary.json',
      'https://www.example.test/api/v2/summary.json',
      'https://www.example.test/api/v2/summary.json',
      'https://www.example.test/api/v2/summary.json',
      'https://www.example.test/elsewhere/summary.json',
      'https://www.example.test/api/v2/summary.json',
    ]);
  });

  it('does not follow a redirect to plain http on the internet, nor more than three', async () => {
    const insecure = setup([{ status: 301, headers: { Location: 'http://status.example.test/api/v2/summary.json' } }]);
    await expect(insecure.fetcher.fetchSummaryText('')).rejects.toMatchObject({ code: 'invalid_response', message: expect.stringMatching(/only https/) });
    const loop = setup(Array.from({ length: 5 }, () => ({ status: 302, headers: { Location: '/again' } })));
    await expect(loop.fetcher.fetchSummaryText('')).rejects.toMatchObject({ message: expect.stringMatching(/more than 3 redirects/) });
    expect(loop.sent).toHaveLength(4);
  });
});

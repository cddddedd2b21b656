import { describe, expect, it } from 'vitest';
import { timedExchange, type ExchangeFailure, type ExchangeFetch, type FetchLike } from '../../../electron/core/http/timed-exchange';

/** Fetch stand-ins that behave as fetch does to its signal: they reject with an AbortError when it fires. */
const answering =
  (status: number, body: string): FetchLike =>
  async (_url, init) => {
    expect(init.redirect).toBe('manual');
    return new Response(body, { status });
  };
const hanging: FetchLike = (_url, init) =>
  new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));

const fail = (failure: ExchangeFailure) => Object.assign(new Error(failure.kind), { failure });

describe('one timed exchange', () => {
  it('answers any status with its body', async () => {
    await expect(timedExchange(answering(503, 'busy'), 'http://x/', { method: 'GET' }, { timeoutMs: 1_000, fail })).resolves.toMatchObject({
      status: 503,
      text: 'busy',
    });
  });

  it('takes an answer already read (the command line transport) as it is: status, headers by any case, body', async () => {
    const read: ExchangeFetch = async () => ({
      status: 429,
      headers: { get: (name) => (name.toLowerCase() === 'retry-after' ? '7' : null) },
      bodyText: 'slow down',
    });
    const exchange = await timedExchange(read, 'http://x/', { method: 'GET' }, { timeoutMs: 1_000, fail });
    expect([exchange.status, exchange.headers.get('Retry-After'), exchange.text]).toEqual([429, '7', 'slow down']);
  });

  it('a time limit, a cancel before and during, and a network error each reach the caller as its own failure', async () => {
    await expect(timedExchange(hanging, 'http://x/', {}, { timeoutMs: 20, fail })).rejects.toMatchObject({
      failure: { kind: 'timeout', timeoutMs: 20, status: undefined },
    });
    const before = new AbortController();
    before.abort();
    await expect(timedExchange(hanging, 'http://x/', {}, { timeoutMs: 1_000, signal: before.signal, fail })).rejects.toMatchObject({
      failure: { kind: 'cancelled' },
    });
    const during = new AbortController();
    setTimeout(() => during.abort(), 10);
    await expect(timedExchange(hanging, 'http://x/', {}, { timeoutMs: 1_000, signal: during.signal, fail })).rejects.toMatchObject({
      failure: { kind: 'cancelled' },
    });
    const refused = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    await expect(timedExchange(() => Promise.reject(refused), 'http://x/', {}, { timeoutMs: 1_000, fail })).rejects.toMatchObject({
      failure: { kind: 'network', error: refused },
    });
  });
});

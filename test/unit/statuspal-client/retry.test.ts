import { describe, expect, it } from 'vitest';
import { StatusPageApiError, backoffDelayMs, parseRetryAfter, retryRead, type RetryOptions } from '../../../electron/core/statuspal-client';
import { errorForNetworkFailure, errorForStatus, errorForTimeout, type RequestContext } from '../../../electron/core/statuspal-client/errors';

const READ: RequestContext = { operation: 'getPageSummary', method: 'GET', path: '/status_pages/{subdomain}/summary', kind: 'read' };

function options(overrides: Partial<RetryOptions> = {}): RetryOptions & { slept: number[] } {
  const slept: number[] = [];
  return {
    retries: 3,
    baseDelayMs: 100,
    maxDelayMs: 1000,
    maxRetryAfterMs: 60_000,
    random: () => 0.5,
    sleep: async (ms) => {
      slept.push(ms);
    },
    slept,
    ...overrides,
  };
}

function failing(errors: unknown[], result = 'ok') {
  let calls = 0;
  const attempt = async () => {
    const error = errors[calls++];
    if (error) throw error;
    return result;
  };
  return { attempt, calls: () => calls };
}

describe('backoff', () => {
  it('is full jitter under an exponential, capped ceiling', () => {
    const o = { baseDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffDelayMs(0, { ...o, random: () => 0.999 })).toBe(99);
    expect(backoffDelayMs(3, { ...o, random: () => 0.5 })).toBe(400);
    expect(backoffDelayMs(10, { ...o, random: () => 0.5 })).toBe(500);
    expect(backoffDelayMs(2, { ...o, random: () => 0 })).toBe(0);
  });
});

describe('retryRead', () => {
  it('retries network errors, timeouts and 5xx, then succeeds', async () => {
    const o = options();
    const f = failing([errorForNetworkFailure(new Error('reset'), READ), errorForTimeout(READ, 10), errorForStatus(503, READ, undefined, undefined)]);
    await expect(retryRead(f.attempt, o)).resolves.toBe('ok');
    expect(f.calls()).toBe(4);
    expect(o.slept).toEqual([50, 100, 200]);
  });

  it('gives up after the configured retries', async () => {
    const o = options({ retries: 2 });
    const error = errorForStatus(500, READ, undefined, undefined);
    const f = failing([error, error, error, error]);
    await expect(retryRead(f.attempt, o)).rejects.toBe(error);
    expect(f.calls()).toBe(3);
  });

  it.each([400, 401, 403, 404, 422, 501])('does not retry HTTP %i', async (status) => {
    const o = options();
    const f = failing([errorForStatus(status, READ, undefined, undefined)]);
    await expect(retryRead(f.attempt, o)).rejects.toBeInstanceOf(StatusPageApiError);
    expect(f.calls()).toBe(1);
  });

  it('waits exactly Retry-After on 429', async () => {
    const o = options();
    const f = failing([errorForStatus(429, READ, undefined, { waitMs: 3000, askedMs: 3000, now: 0 })]);
    await expect(retryRead(f.attempt, o)).resolves.toBe('ok');
    expect(o.slept).toEqual([3000]);
  });

  it('surfaces a 429 whose Retry-After is beyond the cap', async () => {
    const o = options({ maxRetryAfterMs: 1000 });
    const f = failing([errorForStatus(429, READ, undefined, { waitMs: 5000, askedMs: 5000, now: 0 })]);
    await expect(retryRead(f.attempt, o)).rejects.toMatchObject({ code: 'rate_limited', retryAfterMs: 5000 });
    expect(f.calls()).toBe(1);
  });

  it('does not retry non-API errors', async () => {
    const o = options();
    const f = failing([new Error('bug')]);
    await expect(retryRead(f.attempt, o)).rejects.toThrow('bug');
    expect(f.calls()).toBe(1);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.UTC(2024, 0, 1, 12, 0, 0);
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('5', now)).toBe(5000);
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter(new Date(now + 7000).toUTCString(), now)).toBe(7000);
    expect(parseRetryAfter(new Date(now - 7000).toUTCString(), now)).toBe(0);
  });

  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('-1', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});

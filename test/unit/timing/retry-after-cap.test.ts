import { describe, expect, it } from 'vitest';
import { errorForStatus } from '../../../electron/core/statuspal-client/errors';
import { RETRY_AFTER_CAP_MS, readRetryAfter } from '../../../electron/core/timing/retry-after';

/* One 429 with `Retry-After: 999999` froze an account for 11 days, until a restart. */

describe('a Retry-After longer than anyone should wait', () => {
  const now = Date.UTC(2026, 10, 27, 12, 0, 0);

  it.each([
    ['2', 2_000, 2_000],
    ['900', 900_000, 900_000],
    ['999999', RETRY_AFTER_CAP_MS, 999_999_000],
    ['Sat, 05 Dec 2026 12:00:00 GMT', RETRY_AFTER_CAP_MS, 8 * 86_400_000],
  ])('Retry-After: %s → waits %i ms (asked %i)', (header, waitMs, askedMs) => {
    expect(readRetryAfter(header, now)).toEqual({ waitMs, askedMs });
  });

  it('is absent when the header is', () => {
    expect(readRetryAfter(undefined, now)).toBeUndefined();
    expect(readRetryAfter('soon', now)).toBeUndefined();
  });

  it('says until when the server asked, and when the app tries again', () => {
    const context = { operation: 'createIncident', method: 'POST', path: '/status_pages/{subdomain}/incidents', kind: 'write' } as const;
    const error = errorForStatus(429, context, undefined, { ...readRetryAfter('999999', now)!, now });
    expect(error.retryAfterMs).toBe(RETRY_AFTER_CAP_MS);
    expect(error.message).toMatch(/the server asked to wait until 2026-12-09T01:46:39Z, Statusdesk tries again in 15 min/);
    const short = errorForStatus(429, context, undefined, { ...readRetryAfter('3', now)!, now });
    expect(short.message).toMatch(/Statusdesk tries again in 3 s/);
  });
});

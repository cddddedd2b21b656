import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors';
import { classifyForgetError } from '../../../electron/core/operations/classify-forget-error';
import { OperationsApiError } from '../../../electron/core/operations/operations-error';

const api = (code: ConstructorParameters<typeof OperationsApiError>[0], status?: number, extra: Record<string, unknown> = {}) =>
  new OperationsApiError(code, `Forgetting x: ${code}`, { ...(status === undefined ? {} : { status }), ...extra });

describe('classifyForgetError: what the outbox does after a queued forget failed', () => {
  it('waits for the service after network failures and timeouts, keeping whether the DELETE may have arrived', () => {
    expect(classifyForgetError(api('network', undefined, { networkCode: 'ECONNREFUSED', ambiguous: false }))).toMatchObject({
      type: 'retry',
      offline: true,
      ambiguous: false,
    });
    expect(classifyForgetError(api('network', undefined, { networkCode: 'ECONNRESET', ambiguous: true }))).toMatchObject({
      type: 'retry',
      offline: true,
      ambiguous: true,
    });
    expect(classifyForgetError(api('timeout', undefined, { ambiguous: true }))).toMatchObject({ type: 'retry', offline: true, ambiguous: true });
    expect(classifyForgetError(api('cancelled'))).toMatchObject({ type: 'retry', offline: false, ambiguous: true });
  });

  it('retries 429 (pausing every queued forget), 503 and 504 (which may have been applied)', () => {
    expect(classifyForgetError(api('rate_limited', 429, { retryAfterMs: 7_000 }))).toMatchObject({
      type: 'retry',
      rateLimited: true,
      retryAfterMs: 7_000,
      offline: false,
    });
    expect(classifyForgetError(api('http', 503))).toMatchObject({ type: 'retry', ambiguous: false, offline: false });
    expect(classifyForgetError(api('http', 504))).toMatchObject({ type: 'retry', ambiguous: true, offline: false });
  });

  it('fails for good on 401 after a refresh, 403, 400, 404, 501 and a certificate that fails, with the reason', () => {
    for (const [code, status] of [
      ['unauthorized', 401],
      ['forbidden', 403],
      ['http', 400],
      ['not_found', 404],
      ['unsupported', 501],
    ] as const) {
      expect(classifyForgetError(api(code, status))).toEqual({ type: 'permanent', error: { code, status, message: `Forgetting x: ${code}` } });
    }
    expect(classifyForgetError(api('network', undefined, { networkCode: 'DEPTH_ZERO_SELF_SIGNED_CERT' }))).toMatchObject({ type: 'permanent' });
    expect(classifyForgetError(new Error('bug'))).toMatchObject({ type: 'permanent', error: { code: 'internal' } });
  });

  it('waits (blocked) when there is no usable token here', () => {
    expect(classifyForgetError(new AppError('unauthorized', 'No access token for the operations service.'))).toMatchObject({
      type: 'blocked',
      error: { code: 'unauthorized' },
    });
  });
});

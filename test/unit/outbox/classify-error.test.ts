import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors';
import { classifyStatusPageError } from '../../../electron/core/outbox/statuspal/classify-error';
import {
  errorForNetworkFailure,
  errorForStatus,
  errorForTimeout,
  StatusPageApiError,
  type RequestContext,
} from '../../../electron/core/statuspal-client/errors';

const ctx: RequestContext = { operation: 'createIncident', method: 'POST', path: '/status_pages/{subdomain}/incidents', kind: 'write' };

describe('what the outbox does after a failed send', () => {
  it('retries network failures and timeouts as offline, ambiguous when the request may have arrived', () => {
    expect(classifyStatusPageError(errorForNetworkFailure({ cause: { code: 'ECONNREFUSED' } }, ctx))).toMatchObject({
      type: 'retry',
      offline: true,
      ambiguous: false,
    });
    expect(classifyStatusPageError(errorForNetworkFailure({ cause: { code: 'ECONNRESET' } }, ctx))).toMatchObject({
      type: 'retry',
      offline: true,
      ambiguous: true,
    });
    expect(classifyStatusPageError(errorForTimeout(ctx, 1000))).toMatchObject({ type: 'retry', offline: true, ambiguous: true });
  });

  it('pauses on 429 with Retry-After, retries 408 and 5xx, fails other 4xx and 501 for good', () => {
    expect(classifyStatusPageError(errorForStatus(429, ctx, { error: 429 }, { waitMs: 3000, askedMs: 3000, now: 0 }))).toMatchObject({
      type: 'retry',
      rateLimited: true,
      retryAfterMs: 3000,
    });
    expect(classifyStatusPageError(errorForStatus(408, ctx, undefined, undefined))).toMatchObject({ type: 'retry' });
    // Any 5xx can follow a commit (a crash after the insert, a proxy whose upstream acted): look before resending.
    for (const status of [500, 502, 503, 504, 599]) {
      expect(classifyStatusPageError(errorForStatus(status, ctx, undefined, undefined)), String(status)).toMatchObject({ type: 'retry', ambiguous: true });
    }
    for (const status of [400, 401, 403, 404, 409, 422, 501]) {
      expect(classifyStatusPageError(errorForStatus(status, ctx, { error: status }, undefined)), String(status)).toMatchObject({
        type: 'permanent',
        error: { status },
      });
    }
  });

  it('takes a 408 or 429 to a write as of unknown outcome (a gateway may answer it after the commit), not to a read', () => {
    const deleting: RequestContext = { operation: 'deleteIncident', method: 'DELETE', path: '/status_pages/{subdomain}/incidents/{incidentId}', kind: 'write' };
    const reading: RequestContext = { operation: 'getIncidents', method: 'GET', path: '/status_pages/{subdomain}/incidents', kind: 'read' };
    for (const context of [ctx, deleting]) {
      expect(classifyStatusPageError(errorForStatus(408, context, undefined, undefined)), context.method).toMatchObject({ type: 'retry', ambiguous: true });
      expect(classifyStatusPageError(errorForStatus(429, context, undefined, undefined)), context.method).toMatchObject({
        type: 'retry',
        rateLimited: true,
        ambiguous: true,
      });
    }
    // The look-up's own reads, and the GET before a PUT: nothing was written yet.
    expect(classifyStatusPageError(errorForStatus(408, reading, undefined, undefined))).toMatchObject({ type: 'retry', ambiguous: false });
    expect(classifyStatusPageError(errorForStatus(429, reading, undefined, undefined))).toMatchObject({ type: 'retry', ambiguous: false });
  });

  it('takes a redirect (a captive portal sending us to its login page) for offline, never for a refusal', () => {
    for (const status of [301, 302, 303, 307]) {
      expect(classifyStatusPageError(errorForStatus(status, ctx, undefined, undefined)), String(status)).toMatchObject({
        type: 'retry',
        offline: true,
        ambiguous: true,
      });
    }
  });

  it("keeps the server's reason, waits when no key is configured, and never leaks unknown errors", () => {
    const refused = classifyStatusPageError(errorForStatus(422, ctx, { error: 422, errors: { title: ['is too long'] } }, undefined));
    expect(refused).toMatchObject({ type: 'permanent', error: { code: 'http', status: 422, message: expect.stringMatching(/422.*title.*too long/) } });
    expect(classifyStatusPageError(new StatusPageApiError('unauthorized', 'no key configured', ctx))).toMatchObject({ type: 'blocked' });
    expect(classifyStatusPageError(new AppError('invalid_input', 'bad'))).toMatchObject({ type: 'permanent' });
    expect(classifyStatusPageError(new TypeError('secret detail'))).toEqual({
      type: 'permanent',
      error: { code: 'internal', message: expect.not.stringContaining('secret') },
    });
  });
});

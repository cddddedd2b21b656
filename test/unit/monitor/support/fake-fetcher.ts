import type { SummaryFetcher } from '../../../../electron/core/monitor/summary-fetcher';
import { StatusPageApiError } from '../../../../electron/core/statuspal-client/errors';

const CONTEXT = { operation: 'getPageSummary', method: 'GET' as const, path: '/status_pages/{subdomain}/summary', kind: 'read' as const };

export function networkFailure(): StatusPageApiError {
  return new StatusPageApiError('network', 'the connection was refused (ECONNREFUSED)', CONTEXT, { retryable: true, networkCode: 'ECONNREFUSED' });
}

export function rateLimited(retryAfterMs: number): StatusPageApiError {
  return new StatusPageApiError('rate_limited', 'rate limited (429)', CONTEXT, { status: 429, retryAfterMs, retryable: true });
}

/** Bodies per subdomain, set by the test; an Error value is thrown instead. */
export class FakeServer {
  readonly bodies = new Map<string, string | Error>();
  readonly calls: string[] = [];

  fetcher(): SummaryFetcher {
    return {
      fetchSummaryText: async (subdomain, options) => {
        this.calls.push(subdomain);
        if (options?.signal?.aborted) throw new StatusPageApiError('cancelled', 'cancelled', CONTEXT);
        const body = this.bodies.get(subdomain);
        if (body === undefined) throw new StatusPageApiError('not_found', 'not found (404)', CONTEXT, { status: 404 });
        if (body instanceof Error) throw body;
        return body;
      },
    };
  }

  count(subdomain: string): number {
    return this.calls.filter((c) => c === subdomain).length;
  }
}

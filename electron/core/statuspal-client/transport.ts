import { errorForCancel, errorForNetworkFailure, errorForTimeout, type RequestContext } from './errors';

import { timedExchange, type ExchangeFetch, type HeaderLookup } from '@core/http/timed-exchange';

/** fetch, or the command line's transport over node:http (its answers read in full, no WHATWG objects). */
export type FetchLike = ExchangeFetch;

interface HttpRequest {
  method: string;
  url: string;
  /** Built by the client: the key is only present for `auth: 'key'` operations. */
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface HttpResponse {
  status: number;
  headers: HeaderLookup;
  /** The whole body as text; empty string for none. */
  text: string;
}

export const JSON_HEADERS: Readonly<Record<string, string>> = {
  Accept: 'application/json',
  'Content-Type': 'application/json',
};

/**
 * One HTTP exchange with a per-request timeout covering headers and body. Throws
 * StatusPageApiError (network / timeout / cancelled); any HTTP status is returned, not thrown.
 */
export async function sendHttpRequest(fetchImpl: FetchLike, request: HttpRequest, context: RequestContext): Promise<HttpResponse> {
  return timedExchange(
    fetchImpl,
    request.url,
    { method: request.method, headers: { ...JSON_HEADERS, ...request.headers }, ...(request.body === undefined ? {} : { body: request.body }) },
    {
      timeoutMs: request.timeoutMs,
      signal: request.signal,
      fail: (failure) =>
        failure.kind === 'timeout'
          ? errorForTimeout(context, failure.timeoutMs, failure.status)
          : failure.kind === 'cancelled'
            ? errorForCancel(context)
            : errorForNetworkFailure(failure.error, context),
    },
  );
}

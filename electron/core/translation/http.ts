import { cancelledError, networkError, timeoutError, type TranslationCallContext } from './errors';

import { timedExchange, type FetchLike } from '@core/http/timed-exchange';

export type { FetchLike };

export interface HttpCall extends TranslationCallContext {
  /** Public query parameters. */
  query?: Record<string, string>;
  /** Query parameters that are secrets (the key): only ever placed in the URL handed to fetch. */
  secretQuery?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

interface HttpAnswer {
  status: number;
  text: string;
}

/**
 * The URL is composed inside the fetch call's argument list and never stored: nothing that lives longer than
 * the call (errors, logs, this module's state) can hold a URL with the key in it.
 */
function composeUrl(base: URL, call: HttpCall): string {
  const params = new URLSearchParams({ ...call.query, ...call.secretQuery }).toString();
  const basePath = base.pathname.replace(/\/+$/, '');
  return `${base.origin}${basePath}${call.path}${params === '' ? '' : `?${params}`}`;
}

/**
 * One exchange with a timeout covering headers and body. Any HTTP status is returned, not thrown; network
 * failures, timeouts and cancellation throw TranslationApiError with the secrets stripped from the cause.
 */
export async function sendHttp(fetchImpl: FetchLike, base: URL, call: HttpCall): Promise<HttpAnswer> {
  const context: TranslationCallContext = { method: call.method, path: call.path };
  const secrets = Object.values(call.secretQuery ?? {});
  const { status, text } = await timedExchange(
    fetchImpl,
    composeUrl(base, call),
    {
      method: call.method,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      ...(call.body === undefined ? {} : { body: call.body }),
    },
    {
      timeoutMs: call.timeoutMs,
      signal: call.signal,
      fail: (failure) =>
        failure.kind === 'timeout'
          ? timeoutError(context, failure.timeoutMs)
          : failure.kind === 'cancelled'
            ? cancelledError(context)
            : networkError(context, failure.error, secrets),
    },
  );
  return { status, text };
}

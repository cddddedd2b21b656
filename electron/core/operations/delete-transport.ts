import { errorForCancel, errorForNetworkFailure, errorForTimeout } from './network-failure';

import { timedExchange, type Exchange, type FetchLike } from '@core/http/timed-exchange';

export type { FetchLike };

export type DeleteExchange = Exchange;

/**
 * One `DELETE` with an empty body and a timeout covering headers and body. Any HTTP status is returned;
 * only network failure, timeout and cancellation throw (OperationsApiError).
 */
export async function sendDelete(
  fetchImpl: FetchLike,
  request: { url: string; token: string; timeoutMs: number; signal?: AbortSignal; what: string; quotaProject?: string },
): Promise<DeleteExchange> {
  const headers = {
    Authorization: `Bearer ${request.token}`,
    Accept: 'application/json',
    ...(request.quotaProject === undefined ? {} : { 'x-goog-user-project': request.quotaProject }),
  };
  return timedExchange(
    fetchImpl,
    request.url,
    { method: 'DELETE', headers },
    {
      timeoutMs: request.timeoutMs,
      signal: request.signal,
      fail: (failure) =>
        failure.kind === 'timeout'
          ? errorForTimeout(request.what, failure.timeoutMs)
          : failure.kind === 'cancelled'
            ? errorForCancel(request.what)
            : errorForNetworkFailure(failure.error, request.what),
    },
  );
}

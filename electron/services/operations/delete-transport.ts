import { errorForCancel, errorForNetworkFailure, errorForTimeout } from './network-failure';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface DeleteExchange {
  status: number;
  headers: Headers;
  /** The whole body as text; '' for none. */
  text: string;
}

/**
 * One `DELETE` with an empty body and a timeout covering headers and body. Any HTTP status is returned;
 * only network failure, timeout and cancellation throw (OperationsApiError).
 */
export async function sendDelete(
  fetchImpl: FetchLike,
  request: { url: string; token: string; timeoutMs: number; signal?: AbortSignal; what: string; quotaProject?: string },
): Promise<DeleteExchange> {
  if (request.signal?.aborted) throw errorForCancel(request.what);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeoutMs);
  const onCallerAbort = () => controller.abort();
  request.signal?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    const response = await fetchImpl(request.url, {
      method: 'DELETE',
      headers: {
        Authorization: `Bearer ${request.token}`,
        Accept: 'application/json',
        ...(request.quotaProject === undefined ? {} : { 'x-goog-user-project': request.quotaProject }),
      },
      signal: controller.signal,
      // A redirect could carry the token to another host; the API has no reason to redirect.
      redirect: 'manual',
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text };
  } catch (error) {
    if (timedOut) throw errorForTimeout(request.what, request.timeoutMs);
    if (request.signal?.aborted) throw errorForCancel(request.what);
    throw errorForNetworkFailure(error, request.what);
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onCallerAbort);
  }
}

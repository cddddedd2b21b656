import { errorForCancel, errorForNetworkFailure, errorForTimeout, type RequestContext } from './errors';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface HttpRequest {
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
  headers: Headers;
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
  if (request.signal?.aborted) throw errorForCancel(context);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeoutMs);
  const onCallerAbort = () => controller.abort();
  request.signal?.addEventListener('abort', onCallerAbort, { once: true });

  let status: number | undefined;
  try {
    const response = await fetchImpl(request.url, {
      method: request.method,
      headers: { ...JSON_HEADERS, ...request.headers },
      ...(request.body === undefined ? {} : { body: request.body }),
      signal: controller.signal,
      // A redirect could carry the key elsewhere; the API has no reason to redirect.
      redirect: 'manual',
    });
    status = response.status;
    const text = await response.text();
    return { status: response.status, headers: response.headers, text };
  } catch (error) {
    if (timedOut) throw errorForTimeout(context, request.timeoutMs, status);
    if (request.signal?.aborted) throw errorForCancel(context);
    throw errorForNetworkFailure(error, context);
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onCallerAbort);
  }
}

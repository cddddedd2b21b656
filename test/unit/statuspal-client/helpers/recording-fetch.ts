import type { FetchLike } from '../../../../electron/core/statuspal-client';

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

export type Responder = (request: RecordedRequest, signal: AbortSignal | undefined) => Response | Promise<Response>;

/** A fetch stand-in for unit tests: records each request and answers with `respond`. */
export function recordingFetch(respond: Responder): { fetch: FetchLike; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const fetchImpl: FetchLike = async (url, init) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const request = { url, method: init.method ?? 'GET', headers, body: typeof init.body === 'string' ? init.body : undefined };
    requests.push(request);
    return respond(request, init.signal ?? undefined);
  };
  return { fetch: fetchImpl, requests };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

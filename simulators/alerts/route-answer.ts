/** What a route answers, and whether the receiver acted on the request (posted it, opened an alert). */
export interface RouteAnswer {
  status: number;
  headers?: Record<string, string>;
  body: string;
  acted: boolean;
  error?: string;
}

export interface RouteRequest {
  path: string;
  headers: Record<string, string>;
  body: Buffer;
  now: number;
}

export function json(status: number, body: unknown, acted: boolean, extra: Partial<RouteAnswer> = {}): RouteAnswer {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...extra.headers },
    body: JSON.stringify(body),
    acted,
    ...(extra.error ? { error: extra.error } : {}),
  };
}

export function text(status: number, body: string, acted: boolean, extra: Partial<RouteAnswer> = {}): RouteAnswer {
  return { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...extra.headers }, body, acted, ...(extra.error ? { error: extra.error } : {}) };
}

export function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

import { StatusPageClient } from '@core/statuspal-client/client';

/** Answers whether a server can be reached; must not throw. */
export type ServerProbe = (baseUrl: string, signal: AbortSignal) => Promise<boolean>;

/**
 * The cheap probe of a status page API server: `GET /hello` (no key, one request, no read retries, short
 * timeout). Any HTTP error answer means the server is reachable, even a 429 or a 5xx: the sender deals with
 * those. A 2xx that is not the API's JSON (a captive portal's page) means it is not, nor does a redirect (a
 * captive portal's 302 to its login page: the API never redirects).
 * Uses a private rate limiter: a probe must not wait behind an account's queue of writes.
 */
const UNREACHABLE_CODES = new Set(['network', 'timeout', 'invalid_response', 'cancelled']);

export function createHelloProbe(options: { timeoutMs?: number } = {}): ServerProbe {
  const clients = new Map<string, StatusPageClient>();
  return async (baseUrl, signal) => {
    let client = clients.get(baseUrl);
    if (!client) {
      client = new StatusPageClient({ region: { baseUrl }, timeoutMs: options.timeoutMs ?? 5_000, retry: { retries: 0 } });
      clients.set(baseUrl, client);
    }
    try {
      await client.hello(undefined, { signal, retries: 0 });
      return true;
    } catch (error) {
      const { code, status } = error as { code?: unknown; status?: unknown };
      const redirected = typeof status === 'number' && status >= 300 && status < 400;
      return typeof code === 'string' && !UNREACHABLE_CODES.has(code) && !redirected;
    }
  };
}

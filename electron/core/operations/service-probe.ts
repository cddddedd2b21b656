import type { ServerProbe } from '@core/connectivity/hello-probe';
import { outboundFetch } from '@core/http/outbound';
import type { FetchLike } from './delete-transport';

/**
 * The outbox's reachability probe of an operations service: one GET of the service address, without a token
 * (a probe must never carry one), short timeout, no redirects followed. Any HTTP answer, even a 404, means the
 * service can be reached; only a failure to connect or a timeout means it cannot.
 */
export function createOperationsProbe(options: { timeoutMs?: number; fetch?: FetchLike } = {}): ServerProbe {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const fetchImpl: FetchLike = options.fetch ?? outboundFetch;
  return async (baseUrl, signal) => {
    try {
      const response = await fetchImpl(`${baseUrl}/`, {
        method: 'GET',
        headers: { Accept: 'application/json' },
        redirect: 'manual',
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      });
      // The body is of no interest: release the connection.
      await response.body?.cancel().catch(() => undefined);
      return true;
    } catch {
      return false;
    }
  };
}

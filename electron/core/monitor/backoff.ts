import { backoffDelay } from '@core/timing/backoff';

/**
 * Delay before the next poll of a failing page: exponential from `baseMs`, capped at `maxMs`,
 * with "equal jitter" (half fixed, half random) so pages that failed together do not retry
 * together, yet never sooner than half the step. The monitor caps it at the page's interval by
 * default, so a page that failed is re-checked within one interval once the server is back.
 * A server's Retry-After wins when it asks for longer.
 */
interface BackoffOptions {
  baseMs: number;
  maxMs: number;
  /** In [0, 1). */
  random: () => number;
}

export function pollBackoffMs(consecutiveFailures: number, options: BackoffOptions, retryAfterMs?: number): number {
  const delay = backoffDelay(consecutiveFailures - 1, { ...options, jitter: 'equal' });
  return retryAfterMs !== undefined && retryAfterMs > delay ? retryAfterMs : delay;
}

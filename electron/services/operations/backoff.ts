export interface BackoffOptions {
  /** Ceiling of the first wait; doubles per retry. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** In [0, 1); injected in tests. */
  random: () => number;
}

/**
 * Full jitter: uniform in [0, min(max, base · 2^retryIndex)), retryIndex from 0. Spreads the retries of many
 * clients that failed together instead of having them return in lockstep.
 */
export function backoffDelayMs(retryIndex: number, options: BackoffOptions): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** retryIndex);
  return Math.floor(options.random() * ceiling);
}

export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
  /** ± fraction of random spread. */
  jitter: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 1_000, maxMs: 60_000, jitter: 0.2 };

/** Delay before try number `failures + 1`: initial × 2^(failures−1), capped, spread so clients do not sync up. */
export function backoffDelay(failures: number, options: BackoffOptions = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const base = Math.min(options.maxMs, options.initialMs * 2 ** Math.max(0, failures - 1));
  return Math.max(0, Math.round(base * (1 + (random() * 2 - 1) * options.jitter)));
}

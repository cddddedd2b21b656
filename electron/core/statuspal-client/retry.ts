import { StatusPageApiError } from './errors';
import { retryDelayMs, type RetryPolicy } from '@core/timing/retry-policy';
import { realSleep } from '@core/timing/sleep';

/*
 * Automatic retries are for reads only: a write is never repeated here, the outbox decides.
 * p-retry was not used: it cannot take an injected sleep/random, has no full jitter and no
 * per-error delay (Retry-After).
 */

export interface RetryOptions extends RetryPolicy {
  /** A 429 asking to wait longer than this is surfaced instead of waited out. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_OPTIONS: RetryOptions = {
  retries: 3,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
  sleep: realSleep,
  random: Math.random,
};

/** The delay between reads: the clients' one retry delay, under the name this client's users know. */
export const backoffDelayMs = retryDelayMs;

/** Network errors, timeouts, 429, 408 and 5xx (except 501) are worth another read. */
function isRetryableRead(error: unknown): error is StatusPageApiError {
  return error instanceof StatusPageApiError && error.retryable && error.code !== 'cancelled';
}

interface RetryEvent {
  /** The attempt that failed, from 1. */
  attempt: number;
  delayMs: number;
  error: StatusPageApiError;
}

/** Delay before the next read, or null to give up. */
function nextReadDelay(error: unknown, retryIndex: number, options: RetryOptions): number | null {
  if (retryIndex >= options.retries || !isRetryableRead(error)) return null;
  if (error.retryAfterMs !== undefined) return error.retryAfterMs > options.maxRetryAfterMs ? null : error.retryAfterMs;
  return backoffDelayMs(retryIndex, options);
}

/**
 * Runs `attempt` until it succeeds or a failure is not worth retrying. The sleep may reject
 * (cancellation); that rejection propagates.
 */
export async function retryRead<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  options: RetryOptions,
  signal?: AbortSignal,
  onRetry?: (event: RetryEvent) => void,
): Promise<T> {
  for (let retryIndex = 0; ; retryIndex++) {
    try {
      return await attempt(retryIndex + 1);
    } catch (error) {
      const delayMs = nextReadDelay(error, retryIndex, options);
      if (delayMs === null) throw error;
      onRetry?.({ attempt: retryIndex + 1, delayMs, error: error as StatusPageApiError });
      await options.sleep(delayMs, signal);
    }
  }
}

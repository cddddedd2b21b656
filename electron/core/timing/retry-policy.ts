import { backoffDelay } from './backoff';
import type { SleepFn } from './sleep';

/**
 * How an HTTP client retries what is safe to repeat: how many times, the figures of its backoff and the
 * sleep and random source that tests inject. Each client keeps its own figures; the shape and the delay
 * (the app's backoff with full jitter) are the same for all.
 */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number;
  /** Cap of the first backoff window; doubles per retry. */
  baseDelayMs: number;
  maxDelayMs: number;
  sleep: SleepFn;
  /** In [0, 1). */
  random: () => number;
}

/** The delay before retry `retryIndex + 1` (from 0): uniform in [0, min(max, base · 2^retryIndex)). */
export function retryDelayMs(retryIndex: number, policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs' | 'random'>): number {
  return backoffDelay(retryIndex, { baseMs: policy.baseDelayMs, maxMs: policy.maxDelayMs, jitter: 'full', random: policy.random });
}

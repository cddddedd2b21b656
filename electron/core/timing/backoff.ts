/*
 * The one exponential backoff of the app. Every retrying part (read retries of the three HTTP clients, the
 * outbox's resends, connectivity probes, the monitor's polls of a failing page) takes its delay from here,
 * each with its own figures and spread:
 * - `full`: uniform in [0, step): many clients that failed together come back spread over the whole window;
 * - `equal`: half the step fixed, half random: spread, yet never sooner than half the step;
 * - a number f: step × (1 ± f): close to the step, slightly spread.
 */

export type Jitter = 'full' | 'equal' | number;

export interface BackoffPolicy {
  /** The first step. */
  baseMs: number;
  /** No step is longer. */
  maxMs: number;
  jitter: Jitter;
  /** In [0, 1); injected in tests. */
  random?: () => number;
}

/** The delay before retry number `retryIndex + 1` (retryIndex from 0): base · 2^retryIndex, capped, spread. */
export function backoffDelay(retryIndex: number, policy: BackoffPolicy): number {
  const random = policy.random ?? Math.random;
  const step = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(Math.max(0, retryIndex), 30));
  if (policy.jitter === 'full') return Math.floor(random() * step);
  if (policy.jitter === 'equal') return step / 2 + random() * (step / 2);
  return Math.max(0, Math.round(step * (1 + (random() * 2 - 1) * policy.jitter)));
}

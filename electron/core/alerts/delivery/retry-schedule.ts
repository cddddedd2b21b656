import { backoffDelay, type BackoffPolicy } from '@core/timing/backoff';
import { readRetryAfter } from '@core/timing/retry-after';

/*
 * When a message that failed is tried again, and when it is given up on. The delay is the app's backoff
 * (equal jitter: watchers that failed together come back spread, never sooner than half a step); a
 * Retry-After the receiver sent is waited out in full (capped as every Retry-After is). Failing for longer than
 * `giveUpAfterMs` since the first attempt ends it as not delivered: an alert a day late helps nobody.
 */

export interface RetrySchedule {
  backoff: Pick<BackoffPolicy, 'baseMs' | 'maxMs'>;
  giveUpAfterMs: number;
  random: () => number;
}

export const DEFAULT_RETRY_SCHEDULE: Omit<RetrySchedule, 'random'> = {
  backoff: { baseMs: 5_000, maxMs: 15 * 60_000 },
  giveUpAfterMs: 24 * 60 * 60_000,
};

type RetryDecision = { kind: 'retry'; at: number; retryAfterMs: number | null } | { kind: 'give_up' };

/** After failed attempt number `attempts` (from 1), first tried at `firstAttemptAt`. */
export function nextRetry(
  attempts: number,
  firstAttemptAt: number,
  now: number,
  retryAfter: string | null | undefined,
  schedule: RetrySchedule,
): RetryDecision {
  if (now - firstAttemptAt >= schedule.giveUpAfterMs) return { kind: 'give_up' };
  const backoff = backoffDelay(attempts - 1, { ...schedule.backoff, jitter: 'equal', random: schedule.random });
  const asked = readRetryAfter(retryAfter, now)?.waitMs ?? null;
  const at = now + Math.max(backoff, asked ?? 0);
  if (at - firstAttemptAt >= schedule.giveUpAfterMs) return { kind: 'give_up' };
  return { kind: 'retry', at, retryAfterMs: asked };
}

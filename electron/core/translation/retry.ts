import { cancelledError, TranslationApiError } from './errors';
import { retryDelayMs, type RetryPolicy } from '@core/timing/retry-policy';
import { realSleep } from '@core/timing/sleep';

export type { RetryPolicy };

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  retries: 2,
  baseDelayMs: 300,
  maxDelayMs: 3_000,
  sleep: realSleep,
  random: Math.random,
};

/** Which failures are tried again: by default any retryable one (reads); translate narrows it. */
type RetryWhen = (error: TranslationApiError) => boolean;

/**
 * A small loop rather than p-retry: tests inject the sleep and the random source (p-retry 7 takes neither),
 * and the give-up rule is ours (TranslationApiError.retryable: network, timeout, 5xx).
 *
 * Runs `attempt` until it succeeds, fails for good, or the retries are used up.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  policy: RetryPolicy,
  signal?: AbortSignal,
  when: RetryWhen = (error) => error.retryable,
): Promise<T> {
  for (let retryIndex = 0; ; retryIndex++) {
    try {
      return await attempt();
    } catch (error) {
      const again = error instanceof TranslationApiError && when(error) && retryIndex < policy.retries && !signal?.aborted;
      if (!again) throw error;
      try {
        await policy.sleep(retryDelayMs(retryIndex, policy), signal);
      } catch {
        throw cancelledError(error instanceof TranslationApiError && error.path && error.method ? { method: error.method, path: error.path } : null);
      }
    }
  }
}

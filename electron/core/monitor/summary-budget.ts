import { StatusPageApiError, errorForStatus, type RequestContext } from '@core/statuspal-client/errors';
import type { RateLimiter } from '@core/statuspal-client/rate-limiter';
import { readRetryAfter } from '@core/timing/retry-after';
import type { TextResponse } from '@core/http/get-text';

/*
 * A summary server's shared request budget, as both summary fetchers (own pages, providers' pages) use it:
 * a turn before each request, and everyone waiting after a 429, not only the page that met it.
 */

export interface SummaryBudget {
  limiter: RateLimiter;
  /** The pause after a 429 without a readable Retry-After. */
  pauseMs: number;
  /** Wall clock (epoch ms), for Retry-After dates. */
  now: () => number;
}

/** Waits for a turn; the release must be called when the request is over. */
export async function waitForTurn(budget: SummaryBudget, context: RequestContext, signal: AbortSignal | undefined): Promise<() => void> {
  try {
    return await budget.limiter.acquire(signal);
  } catch {
    throw new StatusPageApiError('cancelled', 'the request was cancelled while waiting for the rate limit', context);
  }
}

/** The error an answer with a failing status stands for; a 429 pauses the whole budget first. */
export function errorForAnswer(response: TextResponse, budget: SummaryBudget, context: RequestContext): StatusPageApiError {
  const { status, text } = response;
  const retryAfter = status === 429 || status === 503 ? readRetryAfter(response.header('retry-after'), budget.now()) : undefined;
  if (status === 429) budget.limiter.pauseFor(retryAfter?.waitMs ?? budget.pauseMs);
  let body: unknown;
  try {
    body = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  return errorForStatus(status, context, body, retryAfter && { ...retryAfter, now: budget.now() });
}

export { StatusPageClient } from './client';
export type { StatusPageClientEvent, StatusPageClientOptions } from './client';
export { StatusPageApiError } from './errors';
export { SlidingWindowRateLimiter, getRateLimiter, clearRateLimiters } from './rate-limiter';
export { backoffDelayMs, retryRead } from './retry';
export type { RetryOptions } from './retry';
export { parseRetryAfter } from '@core/timing/retry-after';
export { resolvePageLink } from './pagination';
export type { FetchLike } from './transport';

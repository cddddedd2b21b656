export { StatusPageClient } from './client';
export type {
  ApiKeySource,
  CallOptions,
  PaginateOptions,
  StatusPageClientEvent,
  StatusPageClientOptions,
  StatusPageOperationMethods,
} from './client';
export { StatusPageApiError, type RequestContext, type StatusPageErrorDetails } from './errors';
export { SlidingWindowRateLimiter, getRateLimiter, clearRateLimiters, DEFAULT_RATE_LIMIT } from './rate-limiter';
export type { RateLimiter, RateLimiterOptions, RateLimitDone } from './rate-limiter';
export { DEFAULT_RETRY_OPTIONS, backoffDelayMs, isRetryableRead, nextReadDelay, retryRead } from './retry';
export type { RetryOptions, RetryEvent } from './retry';
export { parseRetryAfter } from '../timing/retry-after';
export { resolvePageLink } from './pagination';
export type { FetchLike } from './transport';
export { STATUS_PAGE_OPERATIONS, STATUS_PAGE_OPERATION_TABLE, OPERATION_NAMES } from '../../../shared/statuspage/operations';

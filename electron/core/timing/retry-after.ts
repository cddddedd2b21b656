/**
 * `Retry-After` is either delay-seconds or an HTTP date. Returns milliseconds to wait
 * (never negative), or undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, nowEpochMs: number = Date.now()): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  // Only accept something that looks like a date, not any string Date.parse happens to take.
  if (!/[a-z]/i.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowEpochMs);
}

/**
 * The longest a single Retry-After holds anything back: a page's polls, an account's shared limiter, the
 * outbox's writes. A server (or a proxy in front of it) that answers `Retry-After: 999999` would otherwise
 * freeze an account for eleven days, until a restart; after this long the app asks again, and a server
 * still overloaded answers 429 again, at the cost of one request.
 */
export const RETRY_AFTER_CAP_MS = 15 * 60_000;

/** What a Retry-After asks (`askedMs`) and what the app waits (`waitMs`, capped). */
interface RetryAfterReading {
  waitMs: number;
  askedMs: number;
}

export function readRetryAfter(value: string | null | undefined, nowEpochMs: number = Date.now()): RetryAfterReading | undefined {
  const askedMs = parseRetryAfter(value, nowEpochMs);
  return askedMs === undefined ? undefined : { waitMs: Math.min(askedMs, RETRY_AFTER_CAP_MS), askedMs };
}

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

/** The Status Page API's documented rate: 100 requests per 10 seconds per key (FACTS.md; some plans 300). */
export const API_RATE_LIMIT = { limit: 100, windowMs: 10_000 } as const;

/**
 * How long the outbox takes to send `writes` one request each at the API's rate, in words: "about 1 h 12 min",
 * "about 14 min", "less than a minute". The outbox sends at that rate (its limiter is the API's), so this is
 * what the user waits once the server can be reached; other writes waiting on the same account come on top.
 */
export function sendingTimeWords(writes: number, rate: { limit: number; windowMs: number } = API_RATE_LIMIT): string {
  const seconds = Math.round((writes * rate.windowMs) / rate.limit / 1000);
  if (seconds < 60) return 'less than a minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min`;
  return `about ${Math.floor(minutes / 60)} h${minutes % 60 === 0 ? '' : ` ${minutes % 60} min`}`;
}

/**
 * Sliding-window limit per caller, like the service's documented 100 requests per 10 seconds.
 * A ring of the last `limit` accepted times per bucket: O(1) per request. Refused requests do not
 * count, so a client that waits `Retry-After` gets through. Uses real time, not the simulated clock:
 * the limit is about request rate, and tests freeze the simulated clock.
 */
export interface RateLimitConfig {
  limit: number;
  windowMs: number;
}

interface Bucket {
  ring: number[];
  next: number;
}

export class RateLimiter {
  readonly #buckets = new Map<string, Bucket>();
  readonly config: RateLimitConfig;
  readonly #nowMs: () => number;

  constructor(config: RateLimitConfig, nowMs: () => number = () => performance.now()) {
    this.config = config;
    this.#nowMs = nowMs;
    if (!(config.limit >= 1) || !(config.windowMs > 0)) throw new RangeError('rate limit needs limit >= 1 and windowMs > 0');
  }

  /** Returns 0 when accepted, else the seconds to wait (Retry-After, at least 1). */
  take(bucketKey: string): number {
    const now = this.#nowMs();
    let b = this.#buckets.get(bucketKey);
    if (!b) {
      b = { ring: [], next: 0 };
      this.#buckets.set(bucketKey, b);
    }
    if (b.ring.length < this.config.limit) {
      b.ring.push(now);
      return 0;
    }
    const oldest = b.ring[b.next] as number;
    const freeAt = oldest + this.config.windowMs;
    if (freeAt > now) return Math.max(1, Math.ceil((freeAt - now) / 1000));
    b.ring[b.next] = now;
    b.next = (b.next + 1) % this.config.limit;
    return 0;
  }

  reset(): void {
    this.#buckets.clear();
  }
}

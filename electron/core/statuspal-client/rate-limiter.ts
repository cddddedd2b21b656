import { API_RATE_LIMIT } from '@shared/statuspal/rate-limit';
import { monotonicNow, realSleep } from '@core/timing/sleep';

/*
 * Sliding-window limiter shared by everything that talks to one account: the first `limit`
 * requests go at once, after that each waits until the request `limit` places before it has
 * left the window. A 429 pauses every user of the account until Retry-After.
 *
 * The server counts a request when it arrives, which is somewhere between our send and the
 * answer. A slot is therefore stamped at send time and re-stamped when the answer comes
 * (`done()`): the window then runs from a moment never earlier than the server's, so latency
 * differences between bursts cannot push one request too many into the server's window.
 */

export interface RateLimiterOptions {
  /** Requests per window. The service documents 100 (300 on some plans). */
  limit?: number;
  windowMs?: number;
  /**
   * Extra time added to the window. Default 0: re-stamping on completion already keeps the
   * client behind the server's window.
   */
  safetyMarginMs?: number;
  now?: () => number;
  /** Must resolve after `ms` of the same clock as `now`. */
  sleep?: (ms: number) => Promise<void>;
}

/** Call when the answer (or the failure) of the request arrived; calling it is optional. */
export type RateLimitDone = () => void;

export interface RateLimiter {
  /**
   * Resolves when one request may be sent now, with a function to call once its answer has
   * arrived. Rejects with the signal's reason when aborted while waiting.
   */
  acquire(signal?: AbortSignal): Promise<RateLimitDone>;
  /** Nobody sends for `ms` (the server said 429). Extends, never shortens, a running pause. */
  pauseFor(ms: number): void;
}

/** The API's documented rate (shared, so the window can say how long a batch of writes takes to send). */
const DEFAULT_RATE_LIMIT = { ...API_RATE_LIMIT, safetyMarginMs: 0 } as const;

interface Grant {
  at: number;
}

interface Waiter {
  resolve: (done: RateLimitDone) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

export class SlidingWindowRateLimiter implements RateLimiter {
  #limitValue: number;
  #windowValue: number;
  #margin: number;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  /** Slots in the window, oldest stamp first; never more than `limit`. */
  #grants: Grant[] = [];
  readonly #waiters: Waiter[] = [];
  #pausedUntil = -Infinity;
  #pumping = false;

  constructor(options: RateLimiterOptions = {}) {
    this.#limitValue = DEFAULT_RATE_LIMIT.limit;
    this.#windowValue = DEFAULT_RATE_LIMIT.windowMs;
    this.#margin = DEFAULT_RATE_LIMIT.safetyMarginMs;
    this.#now = options.now ?? monotonicNow;
    this.#sleep = options.sleep ?? ((ms) => realSleep(ms));
    this.configure(options);
  }

  get limit(): number {
    return this.#limitValue;
  }

  get windowMs(): number {
    return this.#windowValue;
  }

  /** Requests waiting for a slot. */
  get pending(): number {
    return this.#waiters.length;
  }

  /** Changes the limit (plan upgrade) without dropping the history of the window. */
  configure(options: Pick<RateLimiterOptions, 'limit' | 'windowMs' | 'safetyMarginMs'>): void {
    const { limit, windowMs, safetyMarginMs } = options;
    if (limit !== undefined) {
      if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
      this.#limitValue = limit;
    }
    if (windowMs !== undefined) {
      if (!(windowMs > 0) || !Number.isFinite(windowMs)) throw new RangeError('windowMs must be positive');
      this.#windowValue = windowMs;
    }
    if (safetyMarginMs !== undefined) {
      if (!(safetyMarginMs >= 0) || !Number.isFinite(safetyMarginMs)) throw new RangeError('safetyMarginMs must be >= 0');
      this.#margin = safetyMarginMs;
    }
    if (this.#grants.length > this.#limitValue) this.#grants = this.#grants.slice(-this.#limitValue);
  }

  acquire(signal?: AbortSignal): Promise<RateLimitDone> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    // FIFO: nobody overtakes a waiter.
    if (this.#waiters.length === 0) {
      const done = this.#tryGrant();
      if (done) return Promise.resolve(done);
    }
    return new Promise<RateLimitDone>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal, onAbort: undefined };
      if (signal) {
        waiter.onAbort = () => {
          const index = this.#waiters.indexOf(waiter);
          if (index >= 0) this.#waiters.splice(index, 1);
          reject(signal.reason);
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.#waiters.push(waiter);
      void this.#pump();
    });
  }

  pauseFor(ms: number): void {
    if (!(ms > 0)) return;
    this.#pausedUntil = Math.max(this.#pausedUntil, this.#now() + ms);
  }

  /** When the next request may go, on the limiter's clock. */
  nextSlotAt(): number {
    const now = this.#now();
    let at = Math.max(now, this.#pausedUntil);
    if (this.#grants.length >= this.#limitValue) {
      at = Math.max(at, this.#grants[this.#grants.length - this.#limitValue]!.at + this.#windowValue + this.#margin);
    }
    return at;
  }

  #tryGrant(): RateLimitDone | null {
    const now = this.#now();
    if (now < this.#pausedUntil) return null;
    const horizon = now - this.#windowValue - this.#margin;
    while (this.#grants.length > 0 && this.#grants[0]!.at <= horizon) this.#grants.shift();
    if (this.#grants.length >= this.#limitValue) return null;
    const grant: Grant = { at: now };
    this.#grants.push(grant);
    let finished = false;
    return () => {
      if (finished) return;
      finished = true;
      const index = this.#grants.indexOf(grant);
      if (index < 0) return; // already left the window
      // Re-stamp at completion; "now" is the latest stamp, so moving it last keeps the order.
      this.#grants.splice(index, 1);
      grant.at = Math.max(grant.at, this.#now());
      this.#grants.push(grant);
    };
  }

  async #pump(): Promise<void> {
    if (this.#pumping) return;
    this.#pumping = true;
    try {
      while (this.#waiters.length > 0) {
        const done = this.#tryGrant();
        if (done) {
          const waiter = this.#waiters.shift()!;
          if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener('abort', waiter.onAbort);
          waiter.resolve(done);
          continue;
        }
        await this.#sleep(Math.max(0, this.nextSlotAt() - this.#now()));
      }
    } finally {
      this.#pumping = false;
    }
  }
}

const registry = new Map<string, SlidingWindowRateLimiter>();

/**
 * The one limiter of an account (an API key's id, never the key itself). Options apply on
 * creation; later calls with limit/window options reconfigure the shared instance.
 */
export function getRateLimiter(accountKeyId: string, options: RateLimiterOptions = {}): SlidingWindowRateLimiter {
  let limiter = registry.get(accountKeyId);
  if (!limiter) {
    limiter = new SlidingWindowRateLimiter(options);
    registry.set(accountKeyId, limiter);
  } else if (options.limit !== undefined || options.windowMs !== undefined || options.safetyMarginMs !== undefined) {
    limiter.configure(options);
  }
  return limiter;
}

/** Forgets every shared limiter (tests, account removal). */
export function clearRateLimiters(accountKeyId?: string): void {
  if (accountKeyId === undefined) registry.clear();
  else registry.delete(accountKeyId);
}

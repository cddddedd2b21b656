import { afterEach, describe, expect, it } from 'vitest';
import { SlidingWindowRateLimiter, clearRateLimiters, getRateLimiter } from '../../../electron/core/statuspal-client';
import { FakeClock, flush } from './helpers/fake-clock';

function limiter(clock: FakeClock, limit = 5, windowMs = 1000, safetyMarginMs = 0) {
  return new SlidingWindowRateLimiter({ limit, windowMs, safetyMarginMs, now: clock.now, sleep: clock.sleep });
}

function grantTimes(clock: FakeClock, l: SlidingWindowRateLimiter, count: number): number[] {
  const times: number[] = [];
  for (let i = 0; i < count; i++) void l.acquire().then(() => times.push(clock.now()));
  return times;
}

afterEach(() => clearRateLimiters());

describe('SlidingWindowRateLimiter', () => {
  it('lets a burst up to the limit through at once, then paces at the window bound', async () => {
    const clock = new FakeClock();
    const l = limiter(clock);
    const times = grantTimes(clock, l, 12);
    await flush();
    expect(times).toEqual([0, 0, 0, 0, 0]);
    await clock.advance(999);
    expect(times).toHaveLength(5);
    await clock.advance(1);
    expect(times).toEqual([0, 0, 0, 0, 0, 1000, 1000, 1000, 1000, 1000]);
    await clock.advance(1000);
    expect(times.slice(10)).toEqual([2000, 2000]);
  });

  it('uses the default 100 per 10 s', async () => {
    const clock = new FakeClock();
    const l = new SlidingWindowRateLimiter({ now: clock.now, sleep: clock.sleep });
    expect(l.limit).toBe(100);
    expect(l.windowMs).toBe(10_000);
    const times = grantTimes(clock, l, 250);
    await clock.advance(30_000);
    expect(times.filter((t) => t === 0)).toHaveLength(100);
    expect(times.filter((t) => t === 10_000)).toHaveLength(100);
    expect(times.filter((t) => t === 20_000)).toHaveLength(50);
    // The flush time of 250 requests stays within 1.1x of the bound the rate limit sets (20 s).
    expect(Math.max(...times)).toBeLessThanOrEqual(20_000 * 1.1);
  });

  it('slides: slots free up one by one as old requests leave the window', async () => {
    const clock = new FakeClock();
    const l = limiter(clock);
    grantTimes(clock, l, 3);
    await clock.advance(500);
    grantTimes(clock, l, 2);
    await clock.advance(100);
    const later = grantTimes(clock, l, 3);
    await flush();
    expect(later).toEqual([]);
    await clock.advance(400); // t = 1000: the three from t = 0 leave the window
    expect(later).toEqual([1000, 1000, 1000]);
  });

  it('never has more than the limit inside any window', async () => {
    const clock = new FakeClock();
    const l = limiter(clock, 7, 1000);
    const times: number[] = [];
    for (let i = 0; i < 40; i++) {
      void l.acquire().then(() => times.push(clock.now()));
      await clock.advance(37);
    }
    await clock.advance(10_000);
    expect(times).toHaveLength(40);
    for (const t of times) expect(times.filter((u) => u > t - 1000 && u <= t).length).toBeLessThanOrEqual(7);
  });

  it('restarts the window of a slot when its answer arrives (the server counts arrival, not send)', async () => {
    const clock = new FakeClock();
    const l = limiter(clock, 2, 1000);
    const first = await l.acquire();
    const second = await l.acquire();
    await clock.advance(300);
    first(); // answered at t = 300
    first(); // twice is harmless
    await clock.advance(100);
    second(); // answered at t = 400
    const times = grantTimes(clock, l, 2);
    await clock.advance(899);
    expect(times).toEqual([]);
    await clock.advance(1); // t = 1300
    expect(times).toEqual([1300]);
    await clock.advance(100);
    expect(times).toEqual([1300, 1400]);
  });

  it('applies a safety margin when configured', async () => {
    const clock = new FakeClock();
    const l = limiter(clock, 1, 1000, 50);
    const times = grantTimes(clock, l, 2);
    await clock.advance(2000);
    expect(times).toEqual([0, 1050]);
  });

  it('pauses everyone after a 429 and never shortens a pause', async () => {
    const clock = new FakeClock();
    const l = limiter(clock);
    l.pauseFor(2000);
    l.pauseFor(500);
    const times = grantTimes(clock, l, 2);
    await clock.advance(1999);
    expect(times).toEqual([]);
    await clock.advance(1);
    expect(times).toEqual([2000, 2000]);
  });

  it('serves waiters in order and drops aborted ones', async () => {
    const clock = new FakeClock();
    const l = limiter(clock, 1, 100);
    await l.acquire();
    const order: string[] = [];
    const controller = new AbortController();
    const aborted = l.acquire(controller.signal).then(
      () => order.push('aborted-one'),
      () => order.push('rejected'),
    );
    void l.acquire().then(() => order.push('second'));
    void l.acquire().then(() => order.push('third'));
    controller.abort();
    await aborted;
    await clock.advance(100);
    await clock.advance(100);
    expect(order).toEqual(['rejected', 'second', 'third']);
  });

  it('validates its options', () => {
    expect(() => new SlidingWindowRateLimiter({ limit: 0 })).toThrow(RangeError);
    expect(() => new SlidingWindowRateLimiter({ windowMs: -1 })).toThrow(RangeError);
  });
});

describe('getRateLimiter', () => {
  it('returns one shared limiter per account', () => {
    const a = getRateLimiter('account-a', { limit: 100 });
    expect(getRateLimiter('account-a')).toBe(a);
    expect(getRateLimiter('account-b')).not.toBe(a);
  });

  it('reconfigures the shared limiter (plan with 300 per 10 s)', () => {
    const a = getRateLimiter('account-a');
    getRateLimiter('account-a', { limit: 300 });
    expect(a.limit).toBe(300);
  });
});

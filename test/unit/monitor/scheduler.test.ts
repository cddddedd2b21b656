import { describe, expect, it } from 'vitest';
import { PollScheduler, type PollOutcome } from '../../../electron/core/monitor/scheduler';
import { pollBackoffMs } from '../../../electron/core/monitor/backoff';
import { FakeClock, flushAsync } from './support/fake-clock';

const SEC = 1000;
const MIN = 60 * SEC;

interface Call {
  id: string;
  at: number;
  signal: AbortSignal;
}

function setup(
  options: {
    outcome?: (id: string, n: number) => PollOutcome | Promise<PollOutcome>;
    maxConcurrent?: number;
    jitterRatio?: number;
    random?: () => number;
    backoffMaxMs?: number;
    coalesceMs?: number;
  } = {},
) {
  const clock = new FakeClock();
  const calls: Call[] = [];
  const counts = new Map<string, number>();
  const scheduler = new PollScheduler({
    clock,
    maxConcurrent: options.maxConcurrent ?? 6,
    jitterRatio: options.jitterRatio ?? 0,
    random: options.random ?? (() => 0.5),
    coalesceMs: options.coalesceMs ?? 0,
    startSpreadMs: 0,
    ...(options.backoffMaxMs === undefined ? {} : { backoffMaxMs: options.backoffMaxMs }),
    run: async (id, signal) => {
      const n = (counts.get(id) ?? 0) + 1;
      counts.set(id, n);
      calls.push({ id, at: clock.now(), signal });
      return options.outcome ? options.outcome(id, n) : { ok: true };
    },
  });
  const starts = (id: string) => calls.filter((c) => c.id === id).map((c) => c.at - calls[0]!.at);
  return { clock, scheduler, calls, starts };
}

/** A run whose answers the test releases by hand. */
function gate() {
  const pending: Array<{ id: string; signal: AbortSignal; resolve: (o: PollOutcome) => void }> = [];
  let active = 0;
  let maxActive = 0;
  const run = (id: string, signal: AbortSignal) =>
    new Promise<PollOutcome>((resolve) => {
      active++;
      maxActive = Math.max(maxActive, active);
      const entry = {
        id,
        signal,
        resolve: (o: PollOutcome) => {
          active--;
          resolve(o);
        },
      };
      pending.push(entry);
      signal.addEventListener('abort', () => {
        const i = pending.indexOf(entry);
        if (i >= 0) pending.splice(i, 1);
        entry.resolve({ ok: false, cancelled: true });
      });
    });
  return { pending, run, stats: () => ({ active, maxActive }) };
}

describe('PollScheduler', () => {
  it('polls each page at once on start, then every interval', async () => {
    const { clock, scheduler, starts } = setup();
    scheduler.setPages([{ id: 'a', intervalMs: MIN }]);
    scheduler.start();
    await clock.advance(5 * MIN);
    expect(starts('a')).toEqual([0, MIN, 2 * MIN, 3 * MIN, 4 * MIN, 5 * MIN]);
  });

  function lcg(seed: number): () => number {
    return () => {
      seed = (seed * 16807) % 2147483647;
      return (seed - 1) / 2147483646;
    };
  }

  it('keeps jitter within ±ratio of the interval and the mean rate at one per interval', async () => {
    const { clock, scheduler, starts } = setup({ jitterRatio: 0.1, random: lcg(7) });
    scheduler.setPages([{ id: 'a', intervalMs: MIN }]);
    scheduler.start();
    await clock.advance(200 * MIN);
    const times = starts('a');
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(gaps.length).toBeGreaterThan(190);
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(54 * SEC);
      expect(gap).toBeLessThanOrEqual(66 * SEC);
    }
    const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
    expect(Math.abs(mean - MIN)).toBeLessThan(1.5 * SEC);
    expect(new Set(gaps).size).toBeGreaterThan(100); // really jittered
  });

  it('coalesces wake-ups (polls start up to 1 s early, never late) without changing the mean rate', async () => {
    const { clock, scheduler, starts, calls } = setup({ jitterRatio: 0.1, random: lcg(11), coalesceMs: SEC });
    scheduler.setPages(Array.from({ length: 500 }, (_, i) => ({ id: `p${i}`, intervalMs: MIN })));
    scheduler.start();
    await clock.advance(30 * MIN);
    // ~15,000 polls; without coalescing nearly each would have its own wake-up, here about one a second.
    const wakeUps = new Set(calls.map((c) => c.at)).size;
    expect(wakeUps).toBeLessThanOrEqual(30 * 60 * 1.05);
    const times = starts('p3');
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    for (const gap of gaps) {
      // ±10 % jitter, and each of the two starts up to 1 s early.
      expect(gap).toBeGreaterThanOrEqual(53 * SEC);
      expect(gap).toBeLessThanOrEqual(67 * SEC);
    }
    // 500 pages × 30 intervals (+ the first poll each), within a fraction of a percent.
    expect(calls.length).toBeGreaterThanOrEqual(500 * 30 - 100);
    expect(calls.length).toBeLessThanOrEqual(500 * 31 + 100);
  });

  it('never runs more than maxConcurrent polls at once, and runs them all', async () => {
    const clock = new FakeClock();
    const g = gate();
    const scheduler = new PollScheduler({ clock, run: g.run, maxConcurrent: 3, jitterRatio: 0, startSpreadMs: 0 });
    scheduler.setPages(Array.from({ length: 20 }, (_, i) => ({ id: `p${i}`, intervalMs: MIN })));
    scheduler.start();
    await clock.advance(0);
    const seen = new Set<string>();
    while (seen.size < 20) {
      expect(g.pending.length).toBeLessThanOrEqual(3);
      const next = g.pending.shift();
      expect(next).toBeDefined();
      seen.add(next!.id);
      next!.resolve({ ok: true });
      await flushAsync();
    }
    expect(g.stats().maxActive).toBe(3);
  });

  it('backs off exponentially on failures, capped at the interval, and resets after a success', async () => {
    const { clock, scheduler, starts } = setup({ outcome: (_id, n) => ({ ok: n >= 8 }), random: () => 0.999999 });
    scheduler.setPages([{ id: 'a', intervalMs: MIN }]);
    scheduler.start();
    await clock.advance(10 * MIN);
    const times = starts('a');
    const gaps = times.slice(1, 9).map((t, i) => Math.round((t - times[i]!) / SEC));
    // Failures 1..7 then a success: 5, 10, 20, 40, then the 60 s cap; then the normal interval.
    expect(gaps).toEqual([5, 10, 20, 40, 60, 60, 60, 60]);
  });

  it('the backoff never goes below half its step and honours a longer Retry-After', () => {
    const options = { baseMs: 5 * SEC, maxMs: MIN, random: () => 0 };
    expect(pollBackoffMs(1, options)).toBe(2.5 * SEC);
    expect(pollBackoffMs(3, options)).toBe(10 * SEC);
    expect(pollBackoffMs(30, options)).toBe(30 * SEC);
    expect(pollBackoffMs(1, options, 120 * SEC)).toBe(120 * SEC);
    expect(pollBackoffMs(1, options, 100)).toBe(2.5 * SEC);
  });

  it('waits for the server Retry-After after a 429', async () => {
    const { clock, scheduler, starts } = setup({ outcome: (_id, n) => (n === 1 ? { ok: false, retryAfterMs: 3 * MIN } : { ok: true }) });
    scheduler.setPages([{ id: 'a', intervalMs: MIN }]);
    scheduler.start();
    await clock.advance(4 * MIN);
    expect(starts('a')).toEqual([0, 3 * MIN, 4 * MIN]);
  });

  it('pauses while suspended (aborting the poll in flight) and polls everything at once on resume', async () => {
    const clock = new FakeClock();
    const g = gate();
    const scheduler = new PollScheduler({ clock, run: g.run, jitterRatio: 0, startSpreadMs: 0 });
    scheduler.setPages([
      { id: 'a', intervalMs: MIN },
      { id: 'b', intervalMs: 5 * MIN },
    ]);
    scheduler.start();
    await clock.advance(0);
    expect(g.pending.map((p) => p.id)).toEqual(['a', 'b']);
    g.pending.shift()!.resolve({ ok: true }); // a done; b still in flight
    await flushAsync();
    const inFlight = g.pending[0]!;
    scheduler.pause('suspended');
    expect(inFlight.signal.aborted).toBe(true);
    expect(scheduler.nextDueAt('a')).toBeNull();
    await clock.advance(30 * MIN);
    expect(g.pending).toHaveLength(0); // nothing ran while asleep
    scheduler.resume();
    await flushAsync();
    expect(g.pending.map((p) => p.id).sort()).toEqual(['a', 'b']);
  });

  it('offline: timers stop, but "poll now" still tries; suspended: it does not', async () => {
    const { clock, scheduler, starts, calls } = setup();
    scheduler.setPages([{ id: 'a', intervalMs: MIN }]);
    scheduler.start();
    await clock.advance(0);
    scheduler.pause('offline');
    await clock.advance(10 * MIN);
    expect(calls).toHaveLength(1);
    await scheduler.pollNow('a');
    expect(calls).toHaveLength(2);
    scheduler.pause('suspended');
    await scheduler.pollNow('a');
    expect(calls).toHaveLength(2);
    scheduler.resume();
    await flushAsync();
    expect(starts('a')).toEqual([0, 10 * MIN, 10 * MIN]);
  });

  it('poll now: one page jumps the queue; all pages; resolves when done', async () => {
    const { clock, scheduler, starts, calls } = setup();
    scheduler.setPages([
      { id: 'a', intervalMs: MIN },
      { id: 'b', intervalMs: MIN },
    ]);
    scheduler.start();
    await clock.advance(10 * SEC);
    await scheduler.pollNow('b');
    expect(starts('b')).toEqual([0, 10 * SEC]);
    expect(starts('a')).toEqual([0]);
    await scheduler.pollNow();
    expect(
      calls
        .slice(-2)
        .map((c) => c.id)
        .sort(),
    ).toEqual(['a', 'b']);
    // The schedule continues one interval after the manual poll.
    await clock.advance(MIN);
    expect(starts('a')).toEqual([0, 10 * SEC, 70 * SEC]);
  });

  it('poll now before start works (one-shot check) and settled() waits for it', async () => {
    const { scheduler, calls } = setup();
    scheduler.setPages([{ id: 'a', intervalMs: MIN }]);
    const done = scheduler.pollNow();
    await scheduler.settled();
    await done;
    expect(calls).toHaveLength(1);
    expect(scheduler.nextDueAt('a')).toBeNull(); // not running: nothing scheduled
  });

  it('hot reconfiguration: added pages poll at once, removed ones stop, a shorter interval applies now', async () => {
    const clock = new FakeClock();
    const g = gate();
    const scheduler = new PollScheduler({ clock, run: g.run, jitterRatio: 0, startSpreadMs: 0 });
    const answer = async () => {
      await flushAsync();
      for (const p of g.pending.splice(0)) p.resolve({ ok: true });
      await flushAsync();
    };
    scheduler.setPages([{ id: 'a', intervalMs: 10 * MIN }]);
    scheduler.start();
    await clock.advance(0);
    await answer();
    expect(scheduler.nextDueAt('a')).toBe(clock.now() + 10 * MIN);
    scheduler.setPages([
      { id: 'a', intervalMs: MIN },
      { id: 'b', intervalMs: MIN },
    ]);
    expect(scheduler.nextDueAt('a')).toBe(clock.now() + MIN);
    await clock.advance(0);
    expect(g.pending.map((p) => p.id)).toEqual(['b']);
    const b = g.pending[0]!;
    scheduler.setPages([{ id: 'a', intervalMs: MIN }]);
    expect(b.signal.aborted).toBe(true);
    expect(scheduler.nextDueAt('b')).toBeNull();
    await answer();
    await clock.advance(MIN);
    expect(g.pending.map((p) => p.id)).toEqual(['a']);
  });

  it('stop() aborts polls and leaves no timer behind', async () => {
    const clock = new FakeClock();
    const g = gate();
    const scheduler = new PollScheduler({ clock, run: g.run, startSpreadMs: 0 });
    scheduler.setPages([{ id: 'a', intervalMs: MIN }]);
    scheduler.start();
    await clock.advance(0);
    const p = g.pending[0]!;
    scheduler.stop();
    expect(p.signal.aborted).toBe(true);
    await flushAsync();
    expect(clock.pendingTimers).toBe(0);
    await clock.advance(10 * MIN);
    expect(g.pending).toHaveLength(0);
  });

  it('spreads the first polls of a big batch over at most one interval; a few start at once', async () => {
    const clock = new FakeClock();
    const calls: number[] = [];
    const scheduler = new PollScheduler({ clock, coalesceMs: 0, jitterRatio: 0, run: async () => (calls.push(clock.now()), { ok: true }) });
    scheduler.setPages(Array.from({ length: 500 }, (_, i) => ({ id: `p${i}`, intervalMs: MIN })));
    scheduler.start();
    await clock.advance(MIN - 1);
    const start = clock.now() - (MIN - 1);
    expect(calls).toHaveLength(500);
    // 500 × 200 ms would be 100 s: capped at the 60 s interval, about 8 per second.
    const perSecond = new Map<number, number>();
    for (const at of calls) perSecond.set(Math.floor((at - start) / SEC), (perSecond.get(Math.floor((at - start) / SEC)) ?? 0) + 1);
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(9);
    scheduler.stop();
    const few = new PollScheduler({ clock, coalesceMs: 0, run: async () => (calls.push(clock.now()), { ok: true }) });
    calls.length = 0;
    few.setPages([
      { id: 'a', intervalMs: MIN },
      { id: 'b', intervalMs: MIN },
      { id: 'c', intervalMs: MIN },
    ]);
    few.start();
    await clock.advance(SEC);
    expect(calls).toHaveLength(3);
    expect(calls[2]! - calls[0]!).toBeLessThanOrEqual(400);
    few.stop();
  });

  it('a poll that started late (queued) starts a new rhythm, so a burst spreads out', async () => {
    const clock = new FakeClock();
    const g = gate();
    const scheduler = new PollScheduler({ clock, run: g.run, maxConcurrent: 1, jitterRatio: 0, startSpreadMs: 0, coalesceMs: 0 });
    scheduler.setPages([
      { id: 'a', intervalMs: MIN },
      { id: 'b', intervalMs: MIN },
    ]);
    scheduler.start();
    await clock.advance(0);
    await clock.advance(10 * SEC);
    g.pending.shift()!.resolve({ ok: true }); // a answered after 10 s; b starts only now
    await flushAsync();
    expect(scheduler.nextDueAt('a')).toBe(clock.now() - 10 * SEC + MIN);
    await clock.advance(0);
    g.pending.shift()!.resolve({ ok: true });
    await flushAsync();
    expect(scheduler.nextDueAt('b')).toBe(clock.now() + MIN);
  });

  it('a page polled early keeps its rhythm, and the timer left for its old time wakes to nothing', async () => {
    const { clock, scheduler, starts } = setup();
    scheduler.setPages([
      { id: 'a', intervalMs: MIN },
      { id: 'b', intervalMs: 2 * MIN },
    ]);
    scheduler.start();
    await clock.advance(30 * SEC);
    await scheduler.pollNow('a');
    await clock.advance(4 * MIN);
    expect(starts('a')).toEqual([0, 30 * SEC, 90 * SEC, 150 * SEC, 210 * SEC, 270 * SEC]);
    expect(starts('b')).toEqual([0, 2 * MIN, 4 * MIN]);
    expect(clock.pendingTimers).toBe(1);
  });

  it("takes a page's finished poll's signal again, and a new one after an abort", async () => {
    const clock = new FakeClock();
    const g = gate();
    const signals: AbortSignal[] = [];
    const scheduler = new PollScheduler({
      clock,
      run: (id, signal) => {
        signals.push(signal);
        return g.run(id, signal);
      },
      jitterRatio: 0,
      startSpreadMs: 0,
    });
    scheduler.setPages([{ id: 'a', intervalMs: MIN }]);
    scheduler.start();
    for (let i = 0; i < 3; i++) {
      await clock.advance(i === 0 ? 0 : MIN);
      g.pending.shift()!.resolve({ ok: true });
    }
    expect(new Set(signals).size).toBe(1);
    await clock.advance(MIN);
    scheduler.restart('a'); // aborts the poll in flight
    expect(signals.at(-1)!.aborted).toBe(true);
    await clock.advance(0);
    expect(signals).toHaveLength(5);
    expect(signals.at(-1)!.aborted).toBe(false);
  });

  it('uses one timer for many pages', async () => {
    const { clock, scheduler } = setup({ jitterRatio: 0.1, random: Math.random });
    scheduler.setPages(Array.from({ length: 500 }, (_, i) => ({ id: `p${i}`, intervalMs: MIN })));
    scheduler.start();
    await clock.advance(3 * MIN);
    expect(clock.pendingTimers).toBe(1);
  });
});

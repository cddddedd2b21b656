import { describe, expect, it } from 'vitest';
import type { EntryHeader, OutboxEntry } from '../../../electron/core/outbox/entry';
import { flushSettled, FlushWaiters, type FlushView, type FlushWaiter } from '../../../electron/core/outbox/flush-waiters';
import type { OutboxFlushReport } from '../../../shared/outbox/status';

const timeouts = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
const report: OutboxFlushReport = { settled: true, sent: 1, pending: 0, inFlight: 0, failed: 0, conflicts: 0, waiting: {}, unreachable: [] };

describe('callers awaiting a flush', () => {
  it('keep the process alive exactly while they wait (the outbox own timers are unref’d)', async () => {
    const waiters = new FlushWaiters();
    const before = timeouts();
    const first = waiters.wait(
      () => true,
      { sent: 0, found: 0 },
      undefined,
      () => undefined,
    );
    const second = waiters.wait(
      () => true,
      { sent: 0, found: 0 },
      undefined,
      () => undefined,
    );
    expect(timeouts()).toBe(before + 1);
    const [w1, w2] = waiters.all();
    expect(waiters.finish(w1!, report)).toBe(true);
    expect(waiters.finish(w1!, report)).toBe(false);
    expect(timeouts()).toBe(before + 1);
    waiters.finish(w2!, { ...report, sent: 2 });
    expect(timeouts()).toBe(before);
    await expect(first).resolves.toMatchObject({ sent: 1 });
    await expect(second).resolves.toMatchObject({ sent: 2 });
  });

  it('calls the time-out with the waiter, which the outbox then answers as not settled', async () => {
    const waiters = new FlushWaiters();
    const answer = waiters.wait(
      () => true,
      { sent: 0, found: 0 },
      10,
      (w) => waiters.finish(w, { ...report, settled: false }),
    );
    await expect(answer).resolves.toMatchObject({ settled: false });
    expect(waiters.size).toBe(0);
  });
});

describe('whether a flush has settled', () => {
  const write = (seq: number): OutboxEntry => ({
    id: `w${seq}`,
    seq,
    kind: 'k',
    accountId: 'a',
    operation: 'create',
    input: {},
    resourceKey: `own-${seq}`,
    dependsOn: [],
    createdAt: '',
    attempts: 0,
    state: 'pending',
  });
  const writes = Array.from({ length: 1_000 }, (_, i) => write(i + 1));
  const waiter = { inScope: () => true } as unknown as FlushWaiter;
  function view(options: { busy?: OutboxEntry[]; quiet: boolean; reason: (id: string) => 'offline' | 'concurrency' }) {
    const asked: string[] = [];
    const busy = new Set<EntryHeader>(options.busy ?? []);
    const flushView: FlushView = {
      entries: writes,
      // The pass looked at the first write only: every later one waits for a server that cannot take it.
      plan: {
        start: [],
        wakeAt: null,
        passedOverFrom: 2,
        waiting: { of: (e: EntryHeader) => (asked.push(e.id), options.reason(e.id)) } as unknown as FlushView['plan']['waiting'],
      },
      busy: (e) => busy.has(e),
      busyEntries: () => busy,
      serverOf: () => 'https://down.example',
      settling: () => false,
      quietFrom: () => options.quiet,
    };
    return { flushView, asked };
  }

  it('does not look at each write a pass stopped before when their servers are quietly unreachable', () => {
    const quiet = view({ quiet: true, reason: () => 'offline' });
    expect(flushSettled(waiter, quiet.flushView)).toBe(true);
    expect(quiet.asked).toEqual(['w1']);
  });

  it('is not settled while one of them is being sent, or when one may move by itself', () => {
    expect(flushSettled(waiter, view({ quiet: true, busy: [writes[500]!], reason: () => 'offline' }).flushView)).toBe(false);
    const scouting = view({ quiet: false, reason: (id) => (id === 'w700' ? 'concurrency' : 'offline') });
    expect(flushSettled(waiter, scouting.flushView)).toBe(false);
    expect(scouting.asked).toHaveLength(700);
  });
});

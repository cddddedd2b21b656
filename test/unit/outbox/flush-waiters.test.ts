import { describe, expect, it } from 'vitest';
import { FlushWaiters } from '../../../electron/core/outbox/flush-waiters';
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

import { describe, expect, it } from 'vitest';
import type { OutboxChange, OutboxStatus } from '../../../shared/outbox/status';
import { OutboxChanges } from '../../../electron/core/outbox/change-emitter';

const status = { pending: 3, inFlight: 0, failed: 0, conflicts: 0, needsLook: 0, sent: 1, connectivity: 'online' } as unknown as OutboxStatus;
const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe("the outbox's listeners", () => {
  it('count the writes only for a listener that wants the status: once a tick, however many changes', async () => {
    let counted = 0;
    const changes = new OutboxChanges(() => (counted++, status));
    const log: OutboxChange[] = [];
    const offLog = changes.subscribe((change) => log.push(change), { status: false });
    changes.emit({ type: 'removed', id: 'a' });
    changes.queueStatus();
    await tick();
    expect(counted).toBe(0);
    expect(log).toEqual([{ type: 'removed', id: 'a' }]);

    const window: OutboxChange[] = [];
    const offWindow = changes.subscribe((change) => window.push(change));
    changes.queueStatus();
    changes.queueStatus();
    changes.emit({ type: 'removed', id: 'b' });
    await tick();
    expect(counted).toBe(1);
    expect(window).toEqual([
      { type: 'removed', id: 'b' },
      { type: 'status', status },
    ]);
    expect(log.map((change) => change.type)).toEqual(['removed', 'removed']);

    offWindow();
    changes.queueStatus();
    await tick();
    expect(counted).toBe(1);
    offLog();
    changes.emit({ type: 'removed', id: 'c' });
    expect(changes.listening).toBe(false);
    expect(log).toHaveLength(2);
  });
});

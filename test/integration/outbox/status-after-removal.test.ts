import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxChange } from '../../../shared/outbox/status';
import { ManualNetworkSignals } from '../../../electron/core/connectivity/network-signals';
import type { OutboxService } from '../../../electron/core/outbox/outbox-service';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { makeTempDir } from '../../support/temp-dir';
import { openTestOutbox, resetLimiters, simAccounts, until } from './support/harness';

/*
 * The window's Outbox badge counts failed writes and conflicts from the outbox's status
 * changes. Settling a conflict with "take theirs" (or dropping a failed write) removes the entry; the counts
 * must follow without a reload.
 */

let sim: StatusPageSimulator | undefined;
let outbox: OutboxService | undefined;
let home: ReturnType<typeof makeTempDir> | undefined;
afterEach(async () => {
  await outbox?.stop({ abortAfterMs: 0 });
  await sim?.close();
  resetLimiters();
  home?.remove();
});

describe('the outbox status after a removal', () => {
  it('take theirs on a conflict sends a status with no conflict left', async () => {
    sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
    home = makeTempDir('statusdesk-badge-');
    const { accountId, accounts } = simAccounts(sim);
    outbox = await openTestOutbox(home.dir, accounts, { signals: new ManualNetworkSignals(true) });
    const changes: OutboxChange[] = [];
    outbox.onChange((change) => changes.push(change));
    outbox.start();
    const incident = sim.openIncident({ page: 'acme', title: 'Elevated errors', type: 'minor', message: 'Looking into it' }) as unknown as {
      id: number;
      updated_at: string;
    };
    // An edit of an older version than the server's: held as a conflict.
    const { id } = await outbox.enqueue({
      kind: 'statuspal',
      accountId,
      operation: 'updateIncident',
      input: { subdomain: 'acme', incidentId: incident.id, incident: { title: 'Mine' } },
      baseUpdatedAt: '2020-01-01T00:00:00Z',
    });
    await until(() => outbox!.get(id)?.state === 'conflict', 'the conflict');
    await until(() => changes.some((c) => c.type === 'status' && c.status.conflicts === 1), 'a status counting the conflict');
    changes.length = 0;
    await outbox.resolveConflict(id, 'take_theirs');
    await until(() => changes.some((c) => c.type === 'status'), 'a status after the removal');
    const status = changes.filter((c) => c.type === 'status').at(-1)!;
    expect(status.type === 'status' && status.status.conflicts).toBe(0);
    expect(changes.some((c) => c.type === 'removed' && c.id === id)).toBe(true);
  });
});

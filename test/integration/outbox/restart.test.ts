import { afterEach, describe, expect, it } from 'vitest';
import type { StatusPageSimulator } from '../../../simulators/statuspal';
import { makeTempDir } from '../../support/temp-dir';
import { openTestOutbox, simAccounts, flushOnceReachable } from './support/harness';
import { shareSimulator } from './support/shared-simulator';

let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir>;

shareSimulator((started) => (sim = started));
afterEach(async () => {
  home?.remove();
});

describe('outbox end to end (services level)', () => {
  it('queues a create and two updates offline, survives a restart, and sends them once, in order, on the server id', async () => {
    home = makeTempDir('statusdesk-outbox-');
    const { accountId, accounts } = simAccounts(sim);
    await sim.goOffline();

    const first = await openTestOutbox(home.dir, accounts);
    first.start();
    const created = await first.enqueue({
      accountId,
      operation: 'createIncident',
      input: { subdomain: 'acme', incident: { type: 'major', title: 'Checkout failing', updates: [{ type: 'issue', description: 'Investigating' }] } },
    });
    expect(created.tempId).toMatch(/^tmp-/);
    const u1 = await first.enqueue({
      accountId,
      operation: 'addIncidentUpdate',
      input: { subdomain: 'acme', incidentId: created.tempId, update: { type: 'update', description: 'Fix in progress' } },
    });
    const u2 = await first.enqueue({
      accountId,
      operation: 'addIncidentUpdate',
      input: { subdomain: 'acme', incidentId: created.tempId, update: { type: 'resolved', description: 'Fixed' } },
    });
    const report = await first.flush();
    expect(report.pending).toBe(3);
    expect(report.unreachable).toEqual([sim.baseUrl]);
    expect(first.list().map((e) => e.state)).toEqual(['pending', 'pending', 'pending']);
    await first.stop();

    // The services restart over the same file; the simulator comes back.
    const second = await openTestOutbox(home.dir, accounts);
    expect(second.pendingCount()).toBe(3);
    await sim.goOnline();
    second.start();
    const done = await flushOnceReachable(second);
    expect(done).toMatchObject({ settled: true, pending: 0, failed: 0 });

    const writes = sim.writeLog().filter((w) => w.path.includes('/incidents'));
    expect(writes.map((w) => w.op)).toEqual(['incidents.create', 'incidents.updates.create', 'incidents.updates.create']);
    const serverId = writes[0]!.resultId as number;
    expect(writes[1]!.path).toBe(`/api/v2/status_pages/acme/incidents/${serverId}/updates`);
    expect(writes[2]!.path).toBe(`/api/v2/status_pages/acme/incidents/${serverId}/updates`);
    expect((writes[1]!.body as { update: { description: string } }).update.description).toBe('Fix in progress');
    expect((writes[2]!.body as { update: { description: string } }).update.description).toBe('Fixed');

    const views = second.list();
    expect(views.find((v) => v.id === created.id)).toMatchObject({ state: 'sent', serverId });
    expect(views.find((v) => v.id === u1.id)?.input.incidentId).toBe(serverId);
    expect(views.find((v) => v.id === u2.id)?.state).toBe('sent');
    await second.stop();
  });
});

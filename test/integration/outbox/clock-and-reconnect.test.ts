import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxService } from '../../../electron/core/outbox/outbox-service';
import type { StatusPageSimulator } from '../../../simulators/statuspal';
import { apiDateTimeToEpochMs } from '../../../shared/statuspal/datetime';
import { makeTempDir } from '../../support/temp-dir';
import { openTestOutbox, simAccounts, until, flushOnceReachable } from './support/harness';
import { shareSimulator } from './support/shared-simulator';

/*
 * What the world does to a queued write besides failing it: the computer's clock is wrong by an hour, the
 * write waits minutes before the network is back, and someone else acts on the incident meanwhile.
 */

const HOUR = 3_600_000;
let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir>;
let outbox: OutboxService | undefined;

shareSimulator((started) => (sim = started));
afterEach(async () => {
  await outbox?.stop();
  outbox = undefined;
  home.remove();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const epoch = (value: unknown) => (typeof value === 'string' ? apiDateTimeToEpochMs(value) : null);

/**
 * A colleague resolves the incident a minute after our update was written, on the server's clock: the server's
 * clock goes a minute ahead for the resolution and back. Waiting a second instead left a margin that the clock
 * reading of a busy machine (a slow round trip, whole-second times) could eat.
 */
function resolveAMinuteLater(incidentId: number, message?: string) {
  sim.setClock(sim.now().getTime() + 60_000);
  sim.resolveIncident({ page: 'acme', incidentId, ...(message === undefined ? {} : { message }) });
  sim.setClock(sim.now().getTime() - 60_000);
}

async function open(options: Parameters<typeof openTestOutbox>[2] = {}) {
  home = makeTempDir('statusdesk-clock-');
  const { accountId, accounts } = simAccounts(sim);
  outbox = await openTestOutbox(home.dir, accounts, options);
  outbox.start();
  return { accountId, outbox };
}

function createIncident(accountId: string, title: string) {
  return {
    kind: 'statuspal' as const,
    accountId,
    operation: 'createIncident',
    input: { subdomain: 'acme', incident: { type: 'major', title, updates: [{ type: 'issue', description: `${title}: investigating` }] } },
  };
}

describe.each([
  ['an hour ahead of', -HOUR],
  ['an hour behind', HOUR],
])('a computer clock %s the server', (_name, serverOffset) => {
  it('finds a create whose answer was lost after the commit, and sends nothing twice', async () => {
    sim.setClock(Date.now() + serverOffset);
    const { accountId, outbox } = await open();
    sim.setFaults({ method: 'POST', pathPrefix: '/status_pages/acme/incidents', times: 1, dropAfterCommitRate: 1 });
    const { id } = await outbox.enqueue(createIncident(accountId, 'Clock skew'));
    const report = await outbox.flush({ timeoutMs: 10_000 });
    expect(report).toMatchObject({ settled: true, sent: 1, pending: 0, failed: 0 });
    const creates = sim.writeLog({ op: 'incidents.create' });
    expect(creates).toHaveLength(1);
    expect(outbox.get(id)).toMatchObject({ state: 'sent', serverId: creates[0]!.resultId });
  });
});

describe('writes that waited in the outbox', () => {
  it('an incident created offline starts when the user wrote it, on the server clock; queued updates keep their own times, in order', async () => {
    sim.setClock(Date.now() + HOUR); // the server's clock is an hour ahead: times must be moved onto it
    const { accountId, outbox } = await open({ queuedAfterMs: 500 });
    await sim.goOffline();
    const writtenAt = sim.now().getTime();
    const created = await outbox.enqueue(createIncident(accountId, 'Written on a train'));
    await sleep(1_100);
    const second = await outbox.enqueue({
      kind: 'statuspal',
      accountId,
      operation: 'addIncidentUpdate',
      input: { subdomain: 'acme', incidentId: created.tempId!, update: { type: 'update', description: 'Second' } },
    });
    await sleep(1_100);
    const third = await outbox.enqueue({
      kind: 'statuspal',
      accountId,
      operation: 'addIncidentUpdate',
      input: { subdomain: 'acme', incidentId: created.tempId!, update: { type: 'monitoring', description: 'Third' } },
    });
    await sleep(2_000);
    await sim.goOnline();
    const sentAt = sim.now().getTime();
    await flushOnceReachable(outbox);
    // A busy machine may answer the flush's first reachability probe late: the outbox then sends when it next
    // finds the server. What matters is that all three are sent, once, with the times they were written.
    await until(() => [created, second, third].every((write) => outbox.get(write.id)?.state === 'sent'), 'all three sent');

    const serverId = outbox.get(created.id)!.serverId as number;
    const incident = await fetch(`${sim.baseUrl}/status_pages/acme/incidents/${serverId}`, { headers: { Authorization: sim.keys.demoReadWrite } }).then(
      (r) => r.json() as Promise<{ incident: Record<string, unknown> }>,
    );
    const startsAt = epoch(incident.incident.starts_at)!;
    expect(Math.abs(startsAt - writtenAt)).toBeLessThan(2_500);
    expect(sentAt - startsAt).toBeGreaterThan(3_000);
    const updates = (incident.incident.updates as { description: string; posted_at: string }[]).map((u) => ({
      description: u.description,
      at: epoch(u.posted_at)!,
    }));
    const byTime = [...updates].sort((a, b) => a.at - b.at).map((u) => u.description);
    expect(byTime).toEqual(['Written on a train: investigating', 'Second', 'Third']);
    expect(new Set(updates.map((u) => u.at)).size).toBe(3);
    for (const update of updates) expect(update.at).toBeLessThan(sentAt - 1_000);
  });

  it('a queued update on an incident someone else resolved meanwhile is held as a conflict; keep mine posts it', async () => {
    const { accountId, outbox } = await open({ queuedAfterMs: 300 });
    const incidentId = sim.openIncident({ page: 'acme', title: 'Payments failing', type: 'major' }).id;
    await sim.goOffline();
    const { id } = await outbox.enqueue({
      kind: 'statuspal',
      accountId,
      operation: 'addIncidentUpdate',
      input: { subdomain: 'acme', incidentId, update: { type: 'monitoring', description: 'Fix deployed, watching' } },
    });
    await sleep(400); // past queuedAfterMs: the update waited
    resolveAMinuteLater(incidentId, 'Resolved by a colleague');
    sim.clearWriteLog();
    await sim.goOnline();
    const report = await flushOnceReachable(outbox);
    expect(report).toMatchObject({ conflicts: 1, sent: 0 });
    const entry = outbox.get(id)!;
    expect(entry.state).toBe('conflict');
    expect(entry.conflict?.reason).toMatch(/resolved on the server after you wrote/);
    expect(sim.writeLog()).toEqual([]);

    await outbox.resolveConflict(id, 'keep_mine');
    await until(() => outbox.get(id)?.state === 'sent', 'the kept update to be sent');
    expect(sim.writeLog({ op: 'incidents.updates.create' })).toHaveLength(1);
  });

  it('take theirs drops the update; the public timeline still ends Resolved', async () => {
    const { accountId, outbox } = await open({ queuedAfterMs: 300 });
    const incidentId = sim.openIncident({ page: 'acme', title: 'Search slow', type: 'minor' }).id;
    await sim.goOffline();
    const { id } = await outbox.enqueue({
      kind: 'statuspal',
      accountId,
      operation: 'addIncidentUpdate',
      input: { subdomain: 'acme', incidentId, update: { type: 'monitoring', description: 'Watching' } },
    });
    await sleep(400); // past queuedAfterMs: the update waited
    resolveAMinuteLater(incidentId);
    await sim.goOnline();
    await flushOnceReachable(outbox);
    expect(outbox.get(id)?.state).toBe('conflict');
    await outbox.resolveConflict(id, 'take_theirs');
    expect(outbox.get(id)).toBeUndefined();
    expect(sim.writeLog({ op: 'incidents.updates.create' })).toEqual([]);
  });

  it('our own queued resolution is no conflict for the update queued after it', async () => {
    const { accountId, outbox } = await open({ queuedAfterMs: 300 });
    const incidentId = sim.openIncident({ page: 'acme', title: 'Login errors', type: 'major' }).id;
    await sim.goOffline();
    await outbox.enqueue({
      kind: 'statuspal',
      accountId,
      operation: 'addIncidentUpdate',
      input: { subdomain: 'acme', incidentId, update: { type: 'resolved', description: 'Fixed' } },
    });
    await outbox.enqueue({
      kind: 'statuspal',
      accountId,
      operation: 'addIncidentUpdate',
      input: { subdomain: 'acme', incidentId, update: { type: 'update', description: 'Post-mortem to follow' } },
    });
    await sleep(1_000);
    await sim.goOnline();
    const report = await flushOnceReachable(outbox);
    expect(report).toMatchObject({ sent: 2, conflicts: 0, failed: 0 });
    expect(sim.writeLog({ op: 'incidents.updates.create' }).map((w) => (w.body as { update: { type: string } }).update.type)).toEqual(['resolved', 'update']);
  });
});

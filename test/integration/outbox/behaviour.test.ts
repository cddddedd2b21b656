import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualNetworkSignals } from '../../../electron/core/connectivity/network-signals';
import type { OutboxService } from '../../../electron/core/outbox/outbox-service';
import type { StatusPageSimulator } from '../../../simulators/statuspal';
import type { FetchLike } from '../../../electron/core/statuspal-client/transport';
import { makeTempDir } from '../../support/temp-dir';
import { openTestOutbox, simAccounts, until, flushOnceReachable } from './support/harness';
import { shareSimulator } from './support/shared-simulator';

let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir>;
let outbox: OutboxService | undefined;

shareSimulator((started) => (sim = started));
afterEach(async () => {
  await outbox?.stop({ abortAfterMs: 100 });
  outbox = undefined;
  home.remove();
});

function setup() {
  home = makeTempDir('statusdesk-outbox-');
  return simAccounts(sim);
}

type Body<K extends string> = Record<K, Record<string, unknown>>;
const incidentWrites = () => sim.writeLog({ pathPrefix: '/status_pages/acme/incidents' });

describe('outbox behaviour against the simulator', () => {
  it('sends writes of one resource strictly in order, and independent resources in parallel', async () => {
    const { accountId, accounts } = setup();
    sim.setFaults({ method: 'POST', latencyMs: 40 });
    let inFlight = 0;
    let maxInFlight = 0;
    const fetchSpy: FetchLike = async (url, init) => {
      const write = init.method !== 'GET';
      if (write) maxInFlight = Math.max(maxInFlight, ++inFlight);
      try {
        return await fetch(url, init);
      } finally {
        if (write) inFlight--;
      }
    };
    outbox = await openTestOutbox(home.dir, accounts, { fetch: fetchSpy });
    const tempIds: string[] = [];
    for (let i = 0; i < 12; i++) {
      const created = await outbox.enqueue({
        accountId,
        operation: 'createIncident',
        input: { subdomain: 'acme', incident: { type: 'minor', title: `Parallel ${i}` } },
      });
      tempIds.push(created.tempId!);
      for (let u = 0; u < 3; u++) {
        await outbox.enqueue({
          accountId,
          operation: 'addIncidentUpdate',
          input: { subdomain: 'acme', incidentId: created.tempId, update: { type: 'update', description: `P${i} U${u}` } },
        });
      }
    }
    outbox.start();
    const report = await outbox.flush();
    expect(report).toMatchObject({ settled: true, pending: 0, failed: 0, sent: 48 });
    expect(maxInFlight).toBeGreaterThan(1);
    expect(maxInFlight).toBeLessThanOrEqual(8);

    const log = incidentWrites();
    for (let i = 0; i < 12; i++) {
      const create = log.find((w) => w.op === 'incidents.create' && (w.body as Body<'incident'>).incident.title === `Parallel ${i}`)!;
      const updates = log.filter((w) => w.path.endsWith(`/incidents/${create.resultId}/updates`));
      expect(updates.map((w) => (w.body as Body<'update'>).update.description)).toEqual([`P${i} U0`, `P${i} U1`, `P${i} U2`]);
      expect(updates.every((w) => w.seq > create.seq)).toBe(true);
    }
  });

  it('rewrites temp ids anywhere in later writes (a service created offline, then an incident on it)', async () => {
    const { accountId, accounts } = setup();
    await sim.goOffline();
    outbox = await openTestOutbox(home.dir, accounts);
    outbox.start();
    const service = await outbox.enqueue({ accountId, operation: 'addService', input: { subdomain: 'acme', service: { name: 'Payments' } } });
    const incident = await outbox.enqueue({
      accountId,
      operation: 'createIncident',
      input: { subdomain: 'acme', incident: { type: 'major', title: 'Payments down', service_ids: [service.tempId, 2] } },
    });
    expect(outbox.get(incident.id)?.dependsOn).toEqual([service.id]);
    expect((await outbox.flush()).pending).toBe(2);
    await sim.goOnline();
    expect(await flushOnceReachable(outbox)).toMatchObject({ pending: 0, failed: 0 });
    const serviceId = sim.writeLog({ op: 'services.create' })[0]!.resultId;
    const created = sim.writeLog({ op: 'incidents.create' })[0]!;
    expect((created.body as Body<'incident'>).incident.service_ids).toEqual([serviceId, 2]);
    expect(outbox.get(service.id)).toMatchObject({ state: 'sent', serverId: serviceId });
    // A write queued later with the temp id goes to the server id at once.
    const later = await outbox.enqueue({
      accountId,
      operation: 'updateService',
      input: { subdomain: 'acme', serviceId: service.tempId, service: { name: 'Payments EU' } },
    });
    expect(outbox.get(later.id)?.input.serviceId).toBe(serviceId);
  });

  it('does not create twice when the answer to a create, an update or a delete is lost after the server applied it', async () => {
    const { accountId, accounts } = setup();
    outbox = await openTestOutbox(home.dir, accounts);
    outbox.start();
    sim.setFaults({ method: 'POST', pathPrefix: '/status_pages/acme/incidents', dropAfterCommitRate: 1, times: 2 });
    const created = await outbox.enqueue({
      accountId,
      operation: 'createIncident',
      input: { subdomain: 'acme', incident: { type: 'major', title: 'Lost answer', updates: [{ type: 'issue', description: 'Looking' }] } },
    });
    await outbox.enqueue({
      accountId,
      operation: 'addIncidentUpdate',
      input: { subdomain: 'acme', incidentId: created.tempId, update: { type: 'monitoring', description: 'Watching' } },
    });
    expect(await outbox.flush()).toMatchObject({ pending: 0, failed: 0 });
    const log = incidentWrites();
    expect(log.map((w) => [w.op, w.dropped])).toEqual([
      ['incidents.create', true],
      ['incidents.updates.create', true],
    ]);
    expect(outbox.get(created.id)).toMatchObject({ state: 'sent', serverId: log[0]!.resultId, attempts: 2 });

    // DELETE: the answer is lost, the retry meets 404: done, not failed.
    sim.setFaults({ method: 'DELETE', dropAfterCommitRate: 1, times: 1 });
    const removed = await outbox.enqueue({ accountId, operation: 'deleteIncident', input: { subdomain: 'acme', incidentId: log[0]!.resultId as number } });
    await outbox.flush();
    expect(outbox.get(removed.id)).toMatchObject({ state: 'sent', result: { alreadyDone: true } });
    expect(sim.writeLog({ method: 'DELETE' })).toHaveLength(1);
  });

  it('holds an edit of a changed incident as a conflict: keep mine re-bases and sends, take theirs drops it', async () => {
    const { accountId, accounts } = setup();
    outbox = await openTestOutbox(home.dir, accounts);
    outbox.start();
    const incident = sim.openIncident({ page: 'acme', title: 'Original', type: 'minor' });
    const base = String(incident.updated_at);
    await new Promise((r) => setTimeout(r, 1100)); // a different second on the server
    sim.addUpdate({ page: 'acme', incidentId: incident.id, message: 'Someone else wrote' });

    const mine = await outbox.enqueue({
      accountId,
      operation: 'updateIncident',
      baseUpdatedAt: base,
      input: { subdomain: 'acme', incidentId: incident.id, incident: { title: 'Mine' } },
    });
    expect(await outbox.flush()).toMatchObject({ conflicts: 1 });
    const held = outbox.get(mine.id)!;
    expect(held.state).toBe('conflict');
    expect(held.conflict?.theirs).toMatchObject({ title: 'Original' });
    expect(sim.writeLog({ method: 'PUT' })).toHaveLength(0);
    // Later writes on the same incident wait behind it.
    const after = await outbox.enqueue({
      accountId,
      operation: 'addIncidentUpdate',
      input: { subdomain: 'acme', incidentId: incident.id, update: { type: 'update', description: 'After the edit' } },
    });
    expect(outbox.get(after.id)?.waiting).toBe('order');

    const kept = await outbox.resolveConflict(mine.id, 'keep_mine');
    expect(kept.entry?.state).toBe('pending');
    await outbox.flush();
    expect(outbox.get(mine.id)?.state).toBe('sent');
    expect(outbox.get(after.id)?.state).toBe('sent');
    expect((sim.writeLog({ method: 'PUT' })[0]!.body as Body<'incident'>).incident.title).toBe('Mine');

    // take theirs
    const second = sim.openIncident({ page: 'acme', title: 'Theirs stays', type: 'minor' });
    const secondBase = String(second.updated_at);
    await new Promise((r) => setTimeout(r, 1100));
    sim.addUpdate({ page: 'acme', incidentId: second.id, message: 'Changed meanwhile' });
    const edit = await outbox.enqueue({
      accountId,
      operation: 'updateIncident',
      baseUpdatedAt: secondBase,
      input: { subdomain: 'acme', incidentId: second.id, incident: { title: 'Not mine' } },
    });
    await outbox.flush();
    const taken = await outbox.resolveConflict(edit.id, 'take_theirs');
    expect(taken.theirs).toMatchObject({ id: second.id, title: 'Theirs stays' });
    expect(outbox.get(edit.id)).toBeUndefined();
    expect(sim.writeLog({ method: 'PUT' })).toHaveLength(1);
  });

  it('does not take its own earlier writes for a conflict (queued update, then an edit on the old base)', async () => {
    const { accountId, accounts } = setup();
    const incident = sim.openIncident({ page: 'acme', title: 'Before', type: 'minor' });
    await sim.goOffline();
    outbox = await openTestOutbox(home.dir, accounts);
    outbox.start();
    await outbox.enqueue({
      accountId,
      operation: 'addIncidentUpdate',
      input: { subdomain: 'acme', incidentId: incident.id, update: { type: 'update', description: 'First' } },
    });
    const edit = await outbox.enqueue({
      accountId,
      operation: 'updateIncident',
      baseUpdatedAt: String(incident.updated_at),
      input: { subdomain: 'acme', incidentId: incident.id, incident: { title: 'After' } },
    });
    await outbox.flush();
    await sim.goOnline();
    await flushOnceReachable(outbox);
    // A busy machine may answer the flush's reachability probe late: the outbox then sends when it next finds the
    // server, and the edit is still never held as a conflict on its own update.
    await until(() => outbox!.get(edit.id)?.state !== 'pending', 'the edit sent once the server answers');
    // The queued update moved the incident's updated_at; the edit was re-based on it, not held.
    expect(outbox.get(edit.id)?.state).toBe('sent');
    expect(outbox.get(edit.id)?.baseUpdatedAt).not.toBe(String(incident.updated_at));
  });

  it('puts a permanent refusal (422) in the failed list; edit + retry sends it; discard removes it', async () => {
    const { accountId, accounts } = setup();
    outbox = await openTestOutbox(home.dir, accounts);
    outbox.start();
    const bad = await outbox.enqueue({
      accountId,
      operation: 'createIncident',
      input: { subdomain: 'acme', incident: { type: 'no-such-type', title: 'Typo' } },
    });
    const behind = await outbox.enqueue({
      accountId,
      operation: 'addIncidentUpdate',
      input: { subdomain: 'acme', incidentId: bad.tempId, update: { type: 'update', description: 'Waits' } },
    });
    expect(await outbox.flush()).toMatchObject({ failed: 1, pending: 1, settled: true });
    expect(outbox.get(bad.id)).toMatchObject({ state: 'failed', lastError: { code: 'http', status: 422 } });
    expect(outbox.get(behind.id)?.waiting).toBe('order');

    await outbox.retry(bad.id, { subdomain: 'acme', incident: { type: 'major', title: 'Fixed typo' } });
    expect(await outbox.flush()).toMatchObject({ failed: 0, pending: 0 });
    expect(outbox.get(bad.id)?.state).toBe('sent');
    expect(outbox.get(behind.id)?.state).toBe('sent');
    expect(sim.writeLog({ op: 'incidents.create' }).map((w) => (w.body as Body<'incident'>).incident.title)).toEqual(['Fixed typo']);

    const doomed = await outbox.enqueue({
      accountId,
      operation: 'createIncident',
      input: { subdomain: 'acme', incident: { type: 'no-such-type', title: 'Discard me' } },
    });
    const child = await outbox.enqueue({
      accountId,
      operation: 'addIncidentUpdate',
      input: { subdomain: 'acme', incidentId: doomed.tempId, update: { type: 'update', description: 'Orphan' } },
    });
    await outbox.flush();
    const dropped = await outbox.drop(doomed.id);
    expect(dropped.failedDependents).toEqual([child.id]);
    expect(outbox.get(doomed.id)).toBeUndefined();
    expect(outbox.get(child.id)).toMatchObject({ state: 'failed', lastError: { message: expect.stringMatching(/discarded/) } });
    expect(sim.writeLog({ op: 'incidents.create' })).toHaveLength(1);
  });

  it('rides out a 429 burst: pauses the account, sends everything once', async () => {
    const { accountId, accounts } = setup();
    outbox = await openTestOutbox(home.dir, accounts);
    sim.rateLimitBurst(6, 1);
    for (let i = 0; i < 10; i++) {
      await outbox.enqueue({ accountId, operation: 'createIncident', input: { subdomain: 'acme', incident: { type: 'minor', title: `Burst ${i}` } } });
    }
    const started = Date.now();
    outbox.start();
    expect(await outbox.flush()).toMatchObject({ pending: 0, failed: 0 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900); // Retry-After: 1 s was honoured
    const titles = sim.writeLog({ op: 'incidents.create' }).map((w) => (w.body as Body<'incident'>).incident.title);
    expect(titles.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `Burst ${i}`).sort());
  });

  it('sends on its own when the network returns and when the server answers again', async () => {
    const { accountId, accounts } = setup();
    const signals = new ManualNetworkSignals(false);
    outbox = await openTestOutbox(home.dir, accounts, { signals });
    outbox.start();
    const first = await outbox.enqueue({
      accountId,
      operation: 'createIncident',
      input: { subdomain: 'acme', incident: { type: 'minor', title: 'While offline' } },
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(outbox.get(first.id)).toMatchObject({ state: 'pending', waiting: 'offline', attempts: 0 });
    expect(outbox.status().connectivity.overall).toBe('offline');
    signals.set(true);
    await until(() => outbox!.get(first.id)?.state === 'sent', 'send on network return');

    await sim.goOffline();
    const second = await outbox.enqueue({
      accountId,
      operation: 'createIncident',
      input: { subdomain: 'acme', incident: { type: 'minor', title: 'Server away' } },
    });
    // The failed attempt marks the server unreachable a moment before the entry settles back to waiting.
    await until(
      () => outbox!.status().connectivity.servers.some((s) => s.reachable === 'no') && outbox!.get(second.id)?.waiting === 'offline',
      'server marked unreachable and the write waiting for it',
    );
    expect(outbox.get(second.id)).toMatchObject({ state: 'pending', waiting: 'offline' });
    await sim.goOnline();
    await until(() => outbox!.get(second.id)?.state === 'sent', 'send when the probe succeeds');
    expect(sim.writeLog({ op: 'incidents.create' })).toHaveLength(2);
  });

  it('keeps the valid records of a damaged file, moves it aside and says so; tolerates a torn last line', async () => {
    const { accountId, accounts } = setup();
    await sim.goOffline();
    outbox = await openTestOutbox(home.dir, accounts);
    const a = await outbox.enqueue({ accountId, operation: 'createIncident', input: { subdomain: 'acme', incident: { type: 'minor', title: 'Kept A' } } });
    const b = await outbox.enqueue({ accountId, operation: 'createIncident', input: { subdomain: 'acme', incident: { type: 'minor', title: 'Kept B' } } });
    await outbox.stop();
    outbox = undefined;
    const file = path.join(home.dir, 'outbox.jsonl');

    // A torn last line (a crash mid-append): tolerated, nothing moved aside.
    fs.appendFileSync(file, '{"t":"add","entry":{"id":"');
    let problems: string[] = [];
    outbox = await openTestOutbox(home.dir, accounts, { onProblem: (p) => problems.push(p.message) });
    expect(outbox.loadReport).toMatchObject({ tornTail: true, quarantinedTo: null, entries: 2 });
    expect(problems).toEqual([]);
    await outbox.stop();
    outbox = undefined;

    // Garbage in the middle: moved aside, both entries kept.
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    lines.splice(2, 0, 'this is not json', '{"t":"mystery"}');
    fs.writeFileSync(file, lines.join('\n'));
    problems = [];
    outbox = await openTestOutbox(home.dir, accounts, { onProblem: (p) => problems.push(p.message) });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/damaged \(2 unreadable lines\).*2 queued writes were kept/);
    expect(outbox.loadReport.quarantinedTo).toMatch(/outbox\.corrupt-.*\.jsonl$/);
    expect(fs.existsSync(outbox.loadReport.quarantinedTo!)).toBe(true);
    expect(outbox.list().map((e) => e.id)).toEqual([a.id, b.id]);
    await sim.goOnline();
    outbox.start();
    await flushOnceReachable(outbox);
    expect(sim.writeLog({ op: 'incidents.create' })).toHaveLength(2);
  });

  it('waits (not fails) when no key is available in this process, and sends once there is one', async () => {
    home = makeTempDir('statusdesk-outbox-');
    let key: string | null = null;
    const { accountId } = simAccounts(sim);
    const accounts = { account: (id: string) => (id === accountId ? { id, region: 'custom' as const, baseUrl: sim.baseUrl } : null), apiKey: async () => key };
    outbox = await openTestOutbox(home.dir, accounts);
    outbox.start();
    const entry = await outbox.enqueue({ accountId, operation: 'createIncident', input: { subdomain: 'acme', incident: { type: 'minor', title: 'Keyless' } } });
    expect(await outbox.flush()).toMatchObject({ pending: 1, waiting: { no_key: 1 } });
    expect(outbox.get(entry.id)).toMatchObject({ state: 'pending', attempts: 0, lastError: { code: 'unauthorized' } });
    key = sim.keys.demoReadWrite;
    await new Promise((r) => setTimeout(r, 10));
    expect(await outbox.flush()).toMatchObject({ pending: 0 });
  });

  it('refuses what it cannot send: reads, invalid bodies, unknown temp ids, unknown accounts', async () => {
    const { accountId, accounts } = setup();
    outbox = await openTestOutbox(home.dir, accounts);
    await expect(outbox.enqueue({ accountId, operation: 'getIncident', input: { subdomain: 'acme', incidentId: 1 } })).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await expect(outbox.enqueue({ accountId, operation: 'createIncident', input: { subdomain: 'acme', incident: { title: '' } } })).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await expect(
      outbox.enqueue({
        accountId,
        operation: 'addIncidentUpdate',
        input: { subdomain: 'acme', incidentId: 'tmp-00000000-0000-4000-8000-000000000000', update: { type: 'update', description: 'x' } },
      }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(outbox.enqueue({ accountId: 'nobody', operation: 'deleteIncident', input: { subdomain: 'acme', incidentId: 1 } })).rejects.toMatchObject({
      code: 'invalid_input',
    });
    expect(outbox.list()).toEqual([]);
    // The same client mutation id twice is one entry.
    const id = '11111111-2222-4333-8444-555555555555';
    await outbox.enqueue({ id, accountId, operation: 'deleteIncident', input: { subdomain: 'acme', incidentId: 1 } });
    await outbox.enqueue({ id, accountId, operation: 'deleteIncident', input: { subdomain: 'acme', incidentId: 1 } });
    expect(outbox.list()).toHaveLength(1);
  });
});

// The renderer's global `window.api` type, for the window's stores driven here (tsconfig.json holds no renderer types).
import type {} from '../../../renderer/src/env.d.ts';
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { groupOf, type LinkedGroup } from '../../../shared/incidents/linked-incidents';
import { memberState } from '../../../shared/incidents/linked-member-state';
import type { OutboxEntryView } from '../../../shared/outbox/entry-view';
import { tempIdFor } from '../../../shared/outbox/temp-id';
import { createPinia, setActivePinia } from 'pinia';
import { AppError } from '../../../shared/errors';
import { ipcChannels } from '../../../shared/ipc/contract';
import { buildApi } from '../../../shared/ipc/define';
import { emptyProgress, PartialPostError } from '../../../renderer/src/lib/linked-post-progress';
import { useAccountsStore } from '../../../renderer/src/stores/accounts';
import { useIncidentsStore } from '../../../renderer/src/stores/incidents';
import { useLinkedIncidents } from '../../../renderer/src/stores/linked-incidents';
import { LinkedIncidents } from '../../../electron/core/incidents/linked-incidents';
import { appCoreOnSimulator } from '../../support/app-core-on-simulator';

/*
 * One incident on two pages (the simulator's acme and acme-eu), through the window's IPC on the
 * real core: each page's create goes through the real outbox as its own write, the group is recorded with the
 * temp ids and follows them to the server's ids once sent (and again after a restart), an update and the
 * resolve go to both, and a page that refuses the resolve leaves the other sent and its member failed.
 */

const app = appCoreOnSimulator({ home: 'statusdesk-linked-' });
const { ask } = app;

interface Page {
  accountId: string;
  subdomain: string;
}

async function addPage(name: string, subdomain: string): Promise<Page> {
  return { accountId: await app.addAccount({ name, subdomain }), subdomain };
}

/** As the window queues a write: the entry id chosen here, so a create's temp id is known at once. */
async function queue(page: Page, operation: string, input: Record<string, unknown>): Promise<string> {
  const id = randomUUID();
  await ask('outbox.enqueue', { id, accountId: page.accountId, operation, input: { subdomain: page.subdomain, ...input } });
  return id;
}

const incidentsOf = (subdomain: string) => app.sim.writeLog({ op: 'incidents.create' }).filter((w) => w.path.includes(`/status_pages/${subdomain}/`));
/** The updates the server took for one incident, by their type. */
const updatesOf = (subdomain: string, id: number | string) =>
  app.sim
    .writeLog({ method: 'POST' })
    .filter((w) => w.path.endsWith(`/status_pages/${subdomain}/incidents/${id}/updates`))
    .map((w) => (w.body as { update: { type: string } }).update.type);

describe('one incident on two pages', () => {
  it('is created on each through the outbox, reconciled to server ids, updated and resolved on both; a refused resolve fails only its page', async () => {
    app.open();
    const us = await addPage('Acme US', 'acme');
    const eu = await addPage('Acme EU', 'acme-eu');

    const usCreate = await queue(us, 'createIncident', {
      incident: { type: 'major', title: 'Checkout failing', service_ids: [2], updates: [{ type: 'issue', description: 'Looking.' }] },
    });
    const euCreate = await queue(eu, 'createIncident', {
      incident: { type: 'major', title: 'Checkout failing', service_ids: [8], updates: [{ type: 'issue', description: 'Looking.' }] },
    });
    const group = await ask<LinkedGroup>('linked.record', {
      title: 'Checkout failing',
      members: [
        { ...us, incidentId: tempIdFor(usCreate), serviceIds: [2] },
        { ...eu, incidentId: tempIdFor(euCreate), serviceIds: [8] },
      ],
    });
    // An update queued before anything was sent names each page's temp id, as the window's "Post to all" does.
    await queue(us, 'addIncidentUpdate', { incidentId: tempIdFor(usCreate), update: { type: 'update', description: 'A fix is rolling out.' } });
    await queue(eu, 'addIncidentUpdate', { incidentId: tempIdFor(euCreate), update: { type: 'update', description: 'A fix is rolling out.' } });
    expect(await ask('linked.mapping', { from: us, to: eu })).toEqual({});
    await ask('linked.saveMapping', { from: us, to: eu, map: { '2': [8] } });

    await ask('outbox.flush');
    expect(incidentsOf('acme')).toHaveLength(1);
    expect(incidentsOf('acme-eu')).toHaveLength(1);
    const usId = (await ask<OutboxEntryView[]>('outbox.list')).find((e) => e.id === usCreate)!.serverId!;
    const euId = (await ask<OutboxEntryView[]>('outbox.list')).find((e) => e.id === euCreate)!.serverId!;
    await vi.waitFor(async () => expect((await ask<LinkedGroup[]>('linked.groups'))[0]!.members.map((m) => m.incidentId)).toEqual([usId, euId]));
    expect((await ask<LinkedGroup[]>('linked.groups'))[0]!.id).toBe(group.id);
    expect(updatesOf('acme', usId)).toEqual(['update']);
    expect(updatesOf('acme-eu', euId)).toEqual(['update']);

    // The resolve goes to both pages; the EU page refuses it.
    app.sim.addFault({ method: 'POST', pathPrefix: `/status_pages/acme-eu/incidents/${euId}/updates`, errorRates: { '422': 1 }, times: 1 });
    const [kept] = await ask<LinkedGroup[]>('linked.groups');
    for (const member of kept!.members) {
      await queue(member, 'addIncidentUpdate', { incidentId: member.incidentId, update: { type: 'resolved', description: 'Resolved.' } });
    }
    await ask('outbox.flush');
    const entries = await ask<OutboxEntryView[]>('outbox.list');
    expect(kept!.members.map((m) => memberState(m, entries).state)).toEqual(['sent', 'failed']);
    expect(updatesOf('acme', usId)).toEqual(['update', 'resolved']);
    expect(updatesOf('acme-eu', euId)).toEqual(['update']);

    // A restart keeps the group and the mapping.
    await app.close();
    app.open();
    expect((await ask<LinkedGroup[]>('linked.groups')).map((g) => g.members.map((m) => m.incidentId))).toEqual([[usId, euId]]);
    expect(await ask('linked.mapping', { from: us, to: eu })).toEqual({ '2': [8] });
  });

  it('follows a temp id to its server id when the create was sent before the group was read (the app was closed)', async () => {
    app.open();
    const us = await addPage('Acme US', 'acme');
    const eu = await addPage('Acme EU', 'acme-eu');
    const usCreate = await queue(us, 'createIncident', { incident: { type: 'minor', title: 'Slow', updates: [{ type: 'issue', description: 'Slow.' }] } });
    await ask('outbox.flush');
    const serverId = (await ask<OutboxEntryView[]>('outbox.list')).find((e) => e.id === usCreate)!.serverId;
    await app.close();
    // The group as it was kept before the send was heard of: the file still names the temp id.
    await new LinkedIncidents({ dataDir: app.dataDir }).record({
      title: 'Slow',
      members: [
        { ...us, incidentId: tempIdFor(usCreate), serviceIds: [] },
        { ...eu, incidentId: 77, serviceIds: [] },
      ],
    });
    await app.open().start();
    await vi.waitFor(async () => expect((await ask<LinkedGroup[]>('linked.groups'))[0]!.members.map((m) => m.incidentId)).toEqual([serverId, 77]));
  });

  it('after a page refused its create, a retry queues that page only; the group holds each page once; a deleted incident is marked and ends the group', async () => {
    app.open();
    const us = await addPage('Acme US', 'acme');
    const eu = await addPage('Acme EU', 'acme-eu');
    const incident = { type: 'major', title: 'Checkout failing', service_ids: [2], updates: [{ type: 'issue', description: 'Looking.' }] };

    const usCreate = await queue(us, 'createIncident', { incident });
    // The EU page's create is refused by the core (its input does not pass the operation's schema): nothing of it is queued.
    await expect(queue(eu, 'createIncident', { incident: { ...incident, service_ids: 'eight' } })).rejects.toThrow(/outbox\.enqueue/);
    // The retry, as the window's "Try again for acme-eu" sends it: the EU page only, then the group of both.
    const euCreate = await queue(eu, 'createIncident', { incident: { ...incident, service_ids: [8] } });
    await ask<LinkedGroup>('linked.record', {
      title: 'Checkout failing',
      members: [
        { ...us, incidentId: tempIdFor(usCreate), serviceIds: [2] },
        { ...eu, incidentId: tempIdFor(euCreate), serviceIds: [8] },
      ],
    });
    // A page already in the group cannot join it again (a retry that would create it twice is refused too).
    const [group] = await ask<LinkedGroup[]>('linked.groups');
    await expect(ask('linked.addMembers', { groupId: group!.id, members: [{ ...eu, incidentId: 99, serviceIds: [] }] })).rejects.toThrow(
      /one incident per page/,
    );

    await ask('outbox.flush');
    expect(incidentsOf('acme')).toHaveLength(1);
    expect(incidentsOf('acme-eu')).toHaveLength(1);
    const euId = (await ask<OutboxEntryView[]>('outbox.list')).find((e) => e.id === euCreate)!.serverId!;
    await vi.waitFor(async () => expect((await ask<LinkedGroup[]>('linked.groups'))[0]!.members[1]!.incidentId).toBe(euId));

    // The EU incident is deleted through the app: the group keeps it, marked, and is no group any more (one incident left).
    await queue(eu, 'deleteIncident', { incidentId: euId });
    await ask('outbox.flush');
    expect(await ask('linked.markDeleted', { ...eu, incidentIds: [euId] })).toBe(true);
    const [kept] = await ask<LinkedGroup[]>('linked.groups');
    const entries = await ask<OutboxEntryView[]>('outbox.list');
    expect(kept!.members.map((m) => memberState(m, entries).state)).toEqual(['sent', 'deleted']);
    expect(groupOf([kept!], us, (await ask<OutboxEntryView[]>('outbox.list')).find((e) => e.id === usCreate)!.serverId!)).toBeNull();
  });

  it("the window's store over the real core: after the EU page's enqueue was refused once, a retry creates it there only; each page has one incident", async () => {
    app.open();
    const us = await addPage('Acme US', 'acme');
    const eu = await addPage('Acme EU', 'acme-eu');
    // window.api as the preload builds it over this core; the EU page's first create is refused by the outbox as a full disk would have it.
    let refuseEu = true;
    const enqueue = app.core.outbox.enqueue.bind(app.core.outbox);
    vi.spyOn(app.core.outbox, 'enqueue').mockImplementation(async (request) => {
      if (request.input.subdomain === 'acme-eu' && request.input.incident !== undefined && refuseEu) {
        refuseEu = false;
        throw new AppError('storage', 'The outbox could not be saved: no space left on the disk');
      }
      return enqueue(request);
    });
    const listeners = new Map<string, Set<(payload: unknown) => void>>();
    const disconnect = app.core.events.connect((channel, payload) => {
      for (const listener of listeners.get(channel) ?? []) listener(structuredClone(payload));
    });
    const api = buildApi(ipcChannels, {
      invoke: async (channel, request) => structuredClone(await app.dispatch(channel, structuredClone(request))),
      subscribe: (channel, listener) => {
        const set = listeners.get(channel) ?? new Set();
        listeners.set(channel, set);
        set.add(listener);
        return () => set.delete(listener);
      },
    });
    vi.stubGlobal('window', { api });
    try {
      setActivePinia(createPinia());
      const accounts = useAccountsStore();
      accounts.accounts = await ask('accounts.list');
      const incidents = useIncidentsStore();
      incidents.accountId = us.accountId;
      const linked = useLinkedIncidents();
      const body = { type: 'major', title: 'Checkout failing', service_ids: [2], updates: [{ type: 'issue', description: 'Looking.' }] };
      const progress = emptyProgress();
      const submit = () =>
        linked.createOnPages({ page: us, body, targets: [{ ...eu, map: { '2': [8] } }], progress, saveHere: (b) => incidents.createItem('incidents', b) });

      await expect(submit()).rejects.toBeInstanceOf(PartialPostError);
      expect(progress.failed.map((f) => [f.subdomain, f.reason])).toEqual([['acme-eu', 'The outbox could not be saved: no space left on the disk']]);
      await submit();
      await ask('outbox.flush');
      expect(incidentsOf('acme')).toHaveLength(1);
      expect(incidentsOf('acme-eu')).toHaveLength(1);
      expect((await ask<OutboxEntryView[]>('outbox.list')).filter((e) => e.operation === 'createIncident').map((e) => e.input.subdomain)).toEqual([
        'acme',
        'acme-eu',
      ]);
      const [group] = await ask<LinkedGroup[]>('linked.groups');
      expect(group!.members.map((m) => m.subdomain)).toEqual(['acme', 'acme-eu']);
    } finally {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
      disconnect();
    }
  });
});

import { createTestingPinia } from '@pinia/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LinkedGroup } from '../../../../shared/incidents/linked-incidents';
import type { OutboxEnqueueInput } from '../../../../shared/outbox/requests';
import { tempIdFor } from '../../../../shared/outbox/temp-id';
import { useAccountsStore } from '../../../../renderer/src/stores/accounts';
import { useIncidentsStore } from '../../../../renderer/src/stores/incidents';
import { useLinkedIncidents } from '../../../../renderer/src/stores/linked-incidents';
import { useOutboxStore } from '../../../../renderer/src/stores/outbox';
import { installFakeApi, ok } from '../support/fake-api';
import { account, outboxEntry, uuid } from '../support/fixtures';

/* One incident on several pages, in the window: one create per page with its services mapped, the group recorded, and updates to every page. */

const testingPinia = () => createTestingPinia({ stubActions: false, createSpy: vi.fn });
const US = { accountId: uuid(1), subdomain: 'page1' };
const EU = { accountId: uuid(2), subdomain: 'page2' };
const THIRD = { accountId: uuid(3), subdomain: 'page3' };

afterEach(() => vi.unstubAllGlobals());

/** The fake core: every enqueue kept and answered with its temp id, every recorded group kept. */
function fakeCore() {
  const queued: OutboxEnqueueInput[] = [];
  const recorded: unknown[] = [];
  const fake = installFakeApi({
    outbox: {
      enqueue: (request) => {
        queued.push(request!);
        return ok({ id: request!.id!, tempId: tempIdFor(request!.id!), state: 'pending', resourceKey: 'k' });
      },
    },
    linked: {
      record: (input) => {
        recorded.push(input);
        return ok({ id: 'g1', createdAt: '2026-11-27T11:00:00Z', ...input! });
      },
      saveMapping: (mapping) => ok(mapping!.map),
      groups: () => ok([]),
    },
  });
  testingPinia();
  useAccountsStore().accounts = [account(1), account(2), account(3)];
  const incidents = useIncidentsStore();
  incidents.accountId = uuid(1);
  return { fake, queued, recorded, incidents, linked: useLinkedIncidents() };
}

describe('linked incidents store', () => {
  it('queues a copy per extra page with its own services and no translations, then records the group', async () => {
    const { queued, recorded, incidents, linked, fake } = fakeCore();
    const body = {
      type: 'major',
      title: 'Checkout failing',
      service_ids: [2, 5],
      updates: [{ type: 'issue', description: 'Looking.', translations: { de: { description: 'Wir schauen.' } } }],
      translations: { de: { title: 'Kasse gestört' } },
    };
    const first = await incidents.createItem('incidents', body);
    await linked.postCopies(US, first, body, [{ ...EU, map: { '2': [8], '5': [9, 8] } }]);

    expect(queued.map((q) => [q.accountId, q.input.subdomain])).toEqual([
      [uuid(1), 'page1'],
      [uuid(2), 'page2'],
    ]);
    expect(queued[1]!.input.incident).toEqual({
      type: 'major',
      title: 'Checkout failing',
      service_ids: [8, 9],
      updates: [{ type: 'issue', description: 'Looking.' }],
    });
    expect(recorded).toEqual([
      {
        title: 'Checkout failing',
        members: [
          { ...US, incidentId: tempIdFor(queued[0]!.id!), serviceIds: [2, 5] },
          { ...EU, incidentId: tempIdFor(queued[1]!.id!), serviceIds: [8, 9] },
        ],
      },
    ]);
    expect(fake.calls.filter((c) => c.channel === 'linked.saveMapping').map((c) => c.request)).toEqual([{ from: US, to: EU, map: { '2': [8], '5': [9, 8] } }]);
    // The write status names the page of each copy.
    expect(incidents.recent.map((r) => r.label)).toEqual(['Create incident “Checkout failing” on page2', 'Create incident “Checkout failing”']);
  });

  it('posts an update to every other page by the id its incident has now, and none to a page whose create was discarded', async () => {
    const { queued, linked } = fakeCore();
    const sentCreate = outboxEntry(5, 'sent', {
      accountId: uuid(2),
      operation: 'createIncident',
      input: { subdomain: 'page2' },
      tempId: tempIdFor(uuid(5)),
      serverId: 42,
    });
    useOutboxStore().entries = [sentCreate];
    const group: LinkedGroup = {
      id: 'g1',
      title: 'Down',
      createdAt: '2026-11-27T11:00:00Z',
      members: [
        { ...US, incidentId: 7, serviceIds: [] },
        { ...EU, incidentId: tempIdFor(uuid(5)), serviceIds: [] },
        { ...THIRD, incidentId: tempIdFor(uuid(6)), serviceIds: [] },
      ],
    };
    linked.groups = [group];
    // The list shows EU's incident by its server id: it is still found in the group.
    expect(linked.groupOf(EU, 42)?.id).toBe('g1');
    expect(linked.membersOf(group, US).map((m) => [m.member.subdomain, m.state, m.openId])).toEqual([
      ['page1', 'sent', 7],
      ['page2', 'sent', 42],
      ['page3', 'dropped', tempIdFor(uuid(6))],
    ]);

    await linked.postToOthers(group, US, { type: 'resolved', description: 'Fixed.', translations: { de: { description: 'Behoben.' } } });
    expect(queued.map((q) => [q.input.subdomain, q.operation, q.input.incidentId, q.input.update])).toEqual([
      ['page2', 'addIncidentUpdate', 42, { type: 'resolved', description: 'Fixed.' }],
    ]);
  });
});

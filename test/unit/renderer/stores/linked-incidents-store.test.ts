import { createTestingPinia } from '@pinia/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LinkedGroup } from '../../../../shared/incidents/linked-incidents';
import { createOnLinkedRequestSchema } from '../../../../shared/incidents/linked-create';
import { postToLinkedRequestSchema } from '../../../../shared/incidents/linked-post';
import { AppError } from '../../../../shared/errors';
import type { OutboxEnqueueInput } from '../../../../shared/outbox/requests';
import { linkedPostHandlers } from '../../../../electron/core/incidents/linked-post-handlers';
import { tempIdFor } from '../../../../shared/outbox/temp-id';
import { useAccountsStore } from '../../../../renderer/src/stores/accounts';
import { useIncidentsStore } from '../../../../renderer/src/stores/incidents';
import { useLinkedIncidents } from '../../../../renderer/src/stores/linked-incidents';
import { useOutboxStore } from '../../../../renderer/src/stores/outbox';
import { emptyProgress, PartialPostError } from '../../../../renderer/src/lib/linked-post-progress';
import { installFakeApi, ok, refused } from '../support/fake-api';
import { account, outboxEntry, uuid } from '../support/fixtures';

/* One incident on several pages, in the window: one create per page with its services mapped, the group recorded, and updates to every page. */

const testingPinia = () => createTestingPinia({ stubActions: false, createSpy: vi.fn });
const US = { accountId: uuid(1), subdomain: 'page1' };
const EU = { accountId: uuid(2), subdomain: 'page2' };
const THIRD = { accountId: uuid(3), subdomain: 'page3' };

afterEach(() => vi.unstubAllGlobals());

/**
 * The fake core: every enqueue kept and answered with its temp id, every recorded group kept; the pages named
 * in `refuseOnce` have their first enqueue refused (as a full disk would), then taken. A create on the other
 * pages and a post to every linked page are the core's own handlers, over this window's groups, outbox entries
 * and accounts.
 */
function fakeCore(refuseOnce: string[] = [], refuseRecordOnce = false) {
  let refuseRecord = refuseRecordOnce;
  const queued: OutboxEnqueueInput[] = [];
  const recorded: unknown[] = [];
  const added: unknown[] = [];
  const marked: unknown[] = [];
  const mappings: unknown[] = [];
  const refusing = new Set(refuseOnce);
  const enqueue = (request: OutboxEnqueueInput) => {
    const subdomain = String(request.input.subdomain);
    if (refusing.delete(subdomain)) return refused({ code: 'storage', message: 'The outbox could not be saved: no space left on the disk' });
    queued.push(request);
    return ok({ id: request.id!, tempId: tempIdFor(request.id!), state: 'pending' as const, resourceKey: 'k' });
  };
  const kept: LinkedGroup[] = [];
  const core = linkedPostHandlers({
    linked: {
      groups: async () => [...useLinkedIncidents().groups, ...kept],
      record: async (input) => {
        if (refuseRecord) {
          refuseRecord = false;
          throw new AppError('storage', 'The linked incidents could not be saved: no space left on the disk.');
        }
        recorded.push(input);
        const group = { id: 'g1', createdAt: '2026-11-27T11:00:00Z', ...input };
        kept.push(group);
        return group;
      },
      addMembers: async (input) => {
        added.push(input);
        const group = kept.find((g) => g.id === input.groupId)!;
        group.members = [...group.members, ...input.members];
        return { ...group };
      },
      saveMapping: async (mapping) => {
        mappings.push(mapping);
        return mapping.map;
      },
    },
    outbox: {
      ready: async () => ({ list: () => useOutboxStore().entries }),
      enqueue: async (request) => {
        const answer = await enqueue(request);
        if (!answer.ok) throw new AppError(answer.error.code, answer.error.message);
        return answer.value;
      },
    },
    accounts: { record: (id) => useAccountsStore().accounts.find((a) => a.id === id) ?? null },
    // Each page's incident is on its server, and its services cannot be asked for (the check then says nothing): the write checks pass.
    reads: {
      read: async (request) => {
        if (request.operation === 'getPageSummary') throw new AppError('network', 'The page could not be reached.');
        return { kind: 'item' as const, item: {} };
      },
    },
  });
  const fake = installFakeApi({
    outbox: { enqueue: (request) => enqueue(request!) },
    linked: {
      createOnAll: async (request) => ok(await core['linked.createOnAll'](createOnLinkedRequestSchema.parse(request))),
      postToAll: async (request) => ok(await core['linked.postToAll'](postToLinkedRequestSchema.parse(request))),
      markDeleted: (input) => {
        marked.push(input);
        return ok(true);
      },
      groups: () => ok([]),
    },
  });
  testingPinia();
  useAccountsStore().accounts = [account(1), account(2), account(3)];
  const incidents = useIncidentsStore();
  incidents.accountId = uuid(1);
  return { fake, queued, recorded, added, marked, mappings, incidents, linked: useLinkedIncidents() };
}

describe('linked incidents store', () => {
  it('queues a copy per extra page with its own services and no translations, then records the group', async () => {
    const { queued, recorded, mappings, incidents, linked } = fakeCore();
    const body = {
      type: 'major',
      title: 'Checkout failing',
      service_ids: [2, 5],
      updates: [{ type: 'issue', description: 'Looking.', translations: { de: { description: 'Wir schauen.' } } }],
      translations: { de: { title: 'Kasse gestört' } },
    };
    await linked.createOnPages({
      page: US,
      body,
      targets: [{ ...EU, map: { '2': [8], '5': [9, 8] } }],
      progress: emptyProgress(),
      saveHere: (b) => incidents.createItem('incidents', b),
    });

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
    expect(mappings).toEqual([{ from: US, to: EU, map: { '2': [8], '5': [9, 8] } }]);
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

    const update = { type: 'resolved', description: 'Fixed.', translations: { de: { description: 'Behoben.' } } };
    let here = 0;
    await linked.postToAll({ group, page: US, update, progress: emptyProgress(), saveHere: async () => here++ });
    expect(here).toBe(1);
    expect(queued.map((q) => [q.input.subdomain, q.operation, q.input.incidentId, q.input.update])).toEqual([
      ['page2', 'addIncidentUpdate', 42, { type: 'resolved', description: 'Fixed.' }],
    ]);
  });

  it('creates on each page exactly once across tries: a page refused is named, Try again for one page sends there only, the group grows with what was queued', async () => {
    const { queued, recorded, added, incidents, linked } = fakeCore(['page2', 'page3']);
    const body = { type: 'minor', title: 'Slow', service_ids: [2], updates: [{ type: 'issue', description: 'Slow.' }] };
    const targets = [
      { ...EU, map: { '2': [8] } },
      { ...THIRD, map: { '2': [9] } },
    ];
    const progress = emptyProgress();
    const submit = (only: typeof EU | null = null) =>
      linked.createOnPages({ page: US, body, targets, progress, saveHere: (b) => incidents.createItem('incidents', b), only });
    const createsOn = (subdomain: string) => queued.filter((q) => q.operation === 'createIncident' && q.input.subdomain === subdomain).length;

    // Both other pages refused: this page's create is queued, no group of one is recorded, both are named with why.
    const first = await submit().catch((error: unknown) => error);
    expect(first).toBeInstanceOf(PartialPostError);
    expect((first as Error).message).toBe(
      'Queued on Account 1 (page1), but not on Account 2 (page2) (The outbox could not be saved: no space left on the disk), Account 3 (page3) (The outbox could not be saved: no space left on the disk). Try again sends only to the pages missing.',
    );
    expect(progress.failed.map((f) => f.subdomain)).toEqual(['page2', 'page3']);
    expect(recorded).toEqual([]);

    // Try again for page3 only: page3 gets its create, the group is recorded with the two pages queued; page2 is still named.
    await expect(submit(THIRD)).rejects.toThrow(/but not on Account 2 \(page2\)/);
    expect([createsOn('page1'), createsOn('page2'), createsOn('page3')]).toEqual([1, 0, 1]);
    expect(recorded).toEqual([
      {
        title: 'Slow',
        members: [
          { ...US, incidentId: tempIdFor(queued[0]!.id!), serviceIds: [2] },
          { ...THIRD, incidentId: tempIdFor(queued[1]!.id!), serviceIds: [9] },
        ],
      },
    ]);

    // The whole submit again: only page2, added to the same group; nothing twice anywhere.
    await submit();
    expect([createsOn('page1'), createsOn('page2'), createsOn('page3')]).toEqual([1, 1, 1]);
    expect(added).toEqual([{ groupId: 'g1', members: [{ ...EU, incidentId: tempIdFor(queued[2]!.id!), serviceIds: [8] }] }]);
    expect(progress.failed).toEqual([]);
    expect(linked.groups.map((g) => g.members.map((m) => m.subdomain))).toEqual([['page1', 'page3', 'page2']]);
    // A last submit (the user presses again before the editor closed) sends nothing.
    await submit();
    expect(queued).toHaveLength(3);
  });

  it('posts an update to every linked page exactly once across tries, this page too', async () => {
    const { queued, linked } = fakeCore(['page2']);
    linked.groups = [
      {
        id: 'g1',
        title: 'Down',
        createdAt: '2026-11-27T11:00:00Z',
        members: [
          { ...US, incidentId: 7, serviceIds: [] },
          { ...EU, incidentId: 8, serviceIds: [] },
          { ...THIRD, incidentId: 9, serviceIds: [] },
        ],
      },
    ];
    const progress = emptyProgress();
    let here = 0;
    const submit = () =>
      linked.postToAll({ group: linked.groups[0]!, page: US, update: { type: 'resolved', description: 'Fixed.' }, progress, saveHere: async () => here++ });

    await expect(submit()).rejects.toThrow('Queued on Account 1 (page1), Account 3 (page3), but not on Account 2 (page2)');
    await submit();
    await submit();
    expect(here).toBe(1);
    expect(queued.map((q) => [q.input.subdomain, q.input.incidentId])).toEqual([
      ['page3', 9],
      ['page2', 8],
    ]);
  });

  it('shows a deleted member as deleted and posts nothing to it; a group with one incident left is a single incident again', async () => {
    const { queued, marked, linked, incidents } = fakeCore();
    const sentCreate = outboxEntry(5, 'sent', {
      accountId: uuid(2),
      operation: 'createIncident',
      input: { subdomain: 'page2' },
      tempId: tempIdFor(uuid(5)),
      serverId: 42,
    });
    useOutboxStore().entries = [sentCreate];
    const members = [
      { ...US, incidentId: 7, serviceIds: [] },
      { ...EU, incidentId: tempIdFor(uuid(5)), serviceIds: [] },
      { ...THIRD, incidentId: 9, serviceIds: [], deleted: true },
    ];
    linked.groups = [{ id: 'g1', title: 'Down', createdAt: '2026-11-27T11:00:00Z', members }];
    expect(linked.membersOf(linked.groups[0]!, US).map((m) => [m.member.subdomain, m.state])).toEqual([
      ['page1', 'sent'],
      ['page2', 'sent'],
      ['page3', 'deleted'],
    ]);
    await linked.postToAll({
      group: linked.groups[0]!,
      page: US,
      update: { type: 'update', description: 'Still.' },
      progress: emptyProgress(),
      saveHere: async () => 0,
    });
    expect(queued.map((q) => q.input.subdomain)).toEqual(['page2']);

    // Deleting page2's incident (by the server id the list shows) names it by its temp id too.
    incidents.accountId = uuid(2);
    await linked.markDeleted(EU, 42);
    expect(marked).toEqual([{ ...EU, incidentIds: [42, tempIdFor(uuid(5))] }]);
    linked.groups = [{ ...linked.groups[0]!, members: members.map((m) => (m.subdomain === 'page2' ? { ...m, deleted: true } : m)) }];
    expect(linked.groupOf(US, 7)).toBeNull();
    expect(linked.groupOf(EU, 42)).toBeNull();
  });

  it('a link that could not be kept is said so, and kept on the next try without queueing anything again', async () => {
    const { queued, recorded, incidents, linked } = fakeCore([], true);
    const body = { type: 'minor', title: 'Slow', service_ids: [], updates: [{ type: 'issue', description: 'Slow.' }] };
    const progress = emptyProgress();
    const submit = () =>
      linked.createOnPages({ page: US, body, targets: [{ ...EU, map: {} }], progress, saveHere: (b) => incidents.createItem('incidents', b) });
    await expect(submit()).rejects.toThrow(
      'Queued on every page, but the link between them could not be kept: The linked incidents could not be saved: no space left on the disk. Try again keeps it; nothing is sent twice.',
    );
    expect(recorded).toEqual([]);
    await submit();
    expect(queued.map((q) => q.input.subdomain)).toEqual(['page1', 'page2']);
    expect(recorded).toHaveLength(1);
  });
});

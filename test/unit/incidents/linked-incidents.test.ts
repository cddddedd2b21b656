import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LinkedIncidents, LINKED_INCIDENTS_FILE_NAME } from '../../../electron/core/incidents/linked-incidents';
import { groupOf, serviceMapSchema } from '../../../shared/incidents/linked-incidents';
import { memberState } from '../../../shared/incidents/linked-member-state';
import { foldName, mappedServiceIds, matchByName, prefillMapping } from '../../../shared/incidents/service-mapping';
import type { OutboxEntryView } from '../../../shared/outbox/entry-view';
import { tempIdFor } from '../../../shared/outbox/temp-id';
import { makeTempDir } from '../../support/temp-dir';
import { busHearing } from '../../support/app-bus';

const US = { accountId: 'acc-us', subdomain: 'acme' };
const EU = { accountId: 'acc-eu', subdomain: 'acme-eu' };
const ENTRY_US = '11111111-1111-4111-8111-111111111111';
const ENTRY_EU = '22222222-2222-4222-8222-222222222222';

let temp: ReturnType<typeof makeTempDir> | undefined;
afterEach(() => {
  temp?.remove();
  temp = undefined;
});

function open(problems: string[] = [], changes: unknown[] = []) {
  temp ??= makeTempDir('statusdesk-linked-');
  return new LinkedIncidents({
    dataDir: temp.dir,
    onProblem: (m) => problems.push(m),
    events: busHearing('linked.onChange', (groups) => changes.push(groups)),
    now: () => new Date('2026-11-27T11:00:00Z'),
  });
}
const file = () => path.join(temp!.dir, LINKED_INCIDENTS_FILE_NAME);

describe('service mapping by name', () => {
  const eu = [
    { id: 7, name: 'EU Web' },
    { id: 8, name: 'EU API' },
    { id: 9, name: 'EU Data' },
    { id: 10, name: 'dashboard' },
  ];

  it('folds case and blank space, then takes the one name with a region word more; several candidates are no match', () => {
    expect(foldName('  Public   API ')).toBe('public api');
    expect(matchByName({ id: 3, name: 'Dashboard ' }, eu)?.id).toBe(10);
    expect(matchByName({ id: 2, name: 'api' }, eu)?.id).toBe(8);
    expect(matchByName({ id: 4, name: 'Data' }, eu)?.id).toBe(9);
    expect(matchByName({ id: 5, name: 'Database' }, eu)).toBeNull();
    expect(matchByName({ id: 2, name: 'API' }, [...eu, { id: 11, name: 'API v2' }])).toBeNull();
    // Two words more is another service, not a regional copy.
    expect(matchByName({ id: 2, name: 'API' }, [{ id: 12, name: 'EU Central API' }])).toBeNull();
  });

  it('prefills what was remembered for the pair (only services the page still has), else the name match', () => {
    const picked = [
      { id: 1, name: 'Web' },
      { id: 2, name: 'API' },
      { id: 5, name: 'Database' },
    ];
    const map = prefillMapping(picked, eu, { '1': [9], '2': [99] });
    expect(map).toEqual({ '1': [9], '2': [8], '5': [] });
    expect(mappedServiceIds({ ...map, '5': [9, 7] }, [1, 2, 5])).toEqual([9, 8, 7]);
  });
});

describe('member state from the outbox', () => {
  const entry = (over: Partial<OutboxEntryView>): OutboxEntryView => ({
    id: ENTRY_US,
    kind: 'statuspal',
    accountId: US.accountId,
    operation: 'createIncident',
    input: { subdomain: US.subdomain },
    resourceKey: 'x',
    dependsOn: [],
    createdAt: '2026-11-27T11:00:00Z',
    attempts: 0,
    state: 'pending',
    seq: 1,
    ...over,
  });
  const temp = tempIdFor(ENTRY_US);

  it('is the state of the write that most needs the user, sent once nothing waits, dropped when the create was discarded', () => {
    const member = { ...US, incidentId: temp, serviceIds: [] };
    const create = entry({ tempId: temp, state: 'pending' });
    expect(memberState(member, [create]).state).toBe('pending');
    const sent = { ...create, state: 'sent' as const, serverId: 42 };
    const update = entry({ id: ENTRY_EU, seq: 2, operation: 'addIncidentUpdate', input: { subdomain: 'acme', incidentId: 42 }, state: 'failed' });
    // The group still names the temp id, the update names the server id: both are this member's.
    expect(memberState(member, [sent, update]).state).toBe('failed');
    expect(memberState({ ...member, incidentId: 42 }, [sent]).state).toBe('sent');
    expect(memberState({ ...member, incidentId: 42 }, []).state).toBe('sent');
    expect(memberState(member, []).state).toBe('dropped');
    // Another page's write with the same incident number is not ours.
    expect(memberState({ ...EU, incidentId: 42, serviceIds: [] }, [update]).state).toBe('sent');
  });
});

describe('linked incidents store', () => {
  it('records a group, follows temp ids to server ids, and keeps both across a restart', async () => {
    const changes: unknown[] = [];
    const store = open([], changes);
    const usTemp = tempIdFor(ENTRY_US);
    const euTemp = tempIdFor(ENTRY_EU);
    const group = await store.record({
      title: 'Checkout failing',
      members: [
        { ...US, incidentId: usTemp, serviceIds: [1, 2] },
        { ...EU, incidentId: euTemp, serviceIds: [8] },
      ],
    });
    expect(group.createdAt).toBe('2026-11-27T11:00:00.000Z');
    expect(groupOf(await store.groups(), US, usTemp)?.id).toBe(group.id);

    expect(await store.reconcile([{ tempId: usTemp, serverId: 501 }, { tempId: 'tmp-unrelated' }])).toBe(true);
    expect(await store.reconcile([{ tempId: usTemp, serverId: 501 }])).toBe(false);
    expect(changes).toHaveLength(2);

    const again = open();
    const [kept] = await again.groups();
    expect(kept!.members.map((m) => m.incidentId)).toEqual([501, euTemp]);
    expect(groupOf([kept!], US, 501)?.title).toBe('Checkout failing');
    expect(groupOf([kept!], EU, 501)).toBeNull();
    await expect(again.record({ title: 'Again', members: [kept!.members[0]!, { ...EU, incidentId: 77, serviceIds: [] }] })).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(
      again.record({
        title: 'Twice',
        members: [
          { ...US, incidentId: 1, serviceIds: [] },
          { ...US, incidentId: 2, serviceIds: [] },
        ],
      }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
    });
  });

  it('takes the server id of a create the outbox sent before the group was recorded', async () => {
    temp = makeTempDir('statusdesk-linked-');
    const usTemp = tempIdFor(ENTRY_US);
    const store = new LinkedIncidents({ dataDir: temp.dir, knownCreates: async () => [{ tempId: usTemp, serverId: 9 }, { tempId: undefined }] });
    const group = await store.record({
      title: 'Sent already',
      members: [
        { ...US, incidentId: usTemp, serviceIds: [] },
        { ...EU, incidentId: tempIdFor(ENTRY_EU), serviceIds: [] },
      ],
    });
    expect(group.members.map((m) => m.incidentId)).toEqual([9, tempIdFor(ENTRY_EU)]);
    // An outbox that cannot be asked (a command holds it) costs nothing: the temp id waits for its report.
    const held = new LinkedIncidents({ dataDir: temp.dir, knownCreates: () => Promise.reject(new Error('held')) });
    expect(
      (
        await held.record({
          title: 'Held',
          members: [
            { ...US, incidentId: 1, serviceIds: [] },
            { ...EU, incidentId: 2, serviceIds: [] },
          ],
        })
      ).title,
    ).toBe('Held');
  });

  it('remembers service mappings per ordered pair of pages, merged over what was kept', async () => {
    const store = open();
    await store.saveMapping({ from: US, to: EU, map: { '1': [7], '2': [8] } });
    expect(await store.saveMapping({ from: US, to: EU, map: { '2': [] } })).toEqual({ '1': [7], '2': [] });
    expect(await open().mapping({ from: US, to: EU })).toEqual({ '1': [7], '2': [] });
    expect(await open().mapping({ from: EU, to: US })).toEqual({});
    // What comes over IPC is bounded: a page's worth of services.
    const huge = Object.fromEntries(Array.from({ length: 1_001 }, (_, i) => [String(i), [i]]));
    expect(serviceMapSchema.safeParse(huge).success).toBe(false);
  });

  it('refuses what its schema refuses: a bad group is dropped and reported, the good ones are kept; garbage is moved aside', async () => {
    temp = makeTempDir('statusdesk-linked-');
    const good = {
      id: 'g1',
      title: 'Kept',
      createdAt: '2026-11-27T10:00:00Z',
      members: [
        { ...US, incidentId: 1, serviceIds: [] },
        { ...EU, incidentId: 2, serviceIds: [] },
      ],
    };
    const lonely = { ...good, id: 'g2', members: [good.members[0]] };
    fs.writeFileSync(file(), JSON.stringify({ format: 'statusdesk.linked-incidents', version: 1, groups: [good, lonely], mappings: [{ from: US }] }));
    const problems: string[] = [];
    expect((await open(problems).groups()).map((g) => g.id)).toEqual(['g1']);
    expect(problems[0]).toMatch(/had 2 unreadable entries; the rest is kept/);
    expect(JSON.parse(fs.readFileSync(file(), 'utf8')).groups).toHaveLength(1);

    fs.writeFileSync(file(), '{ not json');
    const more: string[] = [];
    expect(await new LinkedIncidents({ dataDir: temp.dir, onProblem: (m) => more.push(m) }).groups()).toEqual([]);
    expect(more[0]).toMatch(/was unreadable; it starts empty\. The old file is at linked-incidents\.corrupt-/);
  });

  it('adds pages queued later to a group (once per page), and marks a deleted incident by either of its ids, kept across a restart', async () => {
    const THIRD = { accountId: 'acc-3', subdomain: 'acme-asia' };
    const store = open();
    const euTemp = tempIdFor(ENTRY_EU);
    const group = await store.record({
      title: 'Down',
      members: [
        { ...US, incidentId: 5, serviceIds: [] },
        { ...EU, incidentId: euTemp, serviceIds: [] },
      ],
    });
    const grown = await store.addMembers({ groupId: group.id, members: [{ ...THIRD, incidentId: 9, serviceIds: [3] }] });
    expect(grown.members.map((m) => m.subdomain)).toEqual(['acme', 'acme-eu', 'acme-asia']);
    await expect(store.addMembers({ groupId: group.id, members: [{ ...THIRD, incidentId: 10, serviceIds: [] }] })).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await expect(store.addMembers({ groupId: 'gone', members: [{ ...THIRD, incidentId: 10, serviceIds: [] }] })).rejects.toMatchObject({ code: 'not_found' });

    // The window names EU's incident by its server id and its temp id: the member (still a temp id here) is found.
    expect(await store.markDeleted({ ...EU, incidentIds: [77, euTemp] })).toBe(true);
    expect(await store.markDeleted({ ...EU, incidentIds: [77, euTemp] })).toBe(false);
    expect(await store.markDeleted({ ...US, incidentIds: [9] })).toBe(false);
    const [kept] = await open().groups();
    expect(kept!.members.map((m) => [m.subdomain, m.deleted === true])).toEqual([
      ['acme', false],
      ['acme-eu', true],
      ['acme-asia', false],
    ]);
    expect(memberState(kept!.members[1]!, []).state).toBe('deleted');
    // Two incidents not deleted: still a group; one left: a single incident again.
    expect(groupOf([kept!], US, 5)?.id).toBe(group.id);
    await store.markDeleted({ ...THIRD, incidentIds: [9] });
    expect(groupOf(await store.groups(), US, 5)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { OutboxEntryView } from '../../../shared/outbox/entry-view';
import { INFO_NOTICE_MERGE_PROFILE, mergeIncidentsWithOutbox, mergeWithOutbox } from '../../../shared/outbox/merged-view';

let seq = 0;
function entry(operation: string, input: Record<string, unknown>, extra: Partial<OutboxEntryView> = {}): OutboxEntryView {
  seq++;
  const id = `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`;
  return {
    id,
    kind: 'statuspal',
    accountId: 'acct',
    operation,
    input: { subdomain: 'acme', ...input },
    resourceKey: 'k',
    dependsOn: [],
    createdAt: '2025-06-01T12:00:00.000Z',
    attempts: 0,
    state: 'pending',
    seq,
    ...extra,
  };
}

const server = [
  { id: 2, type: 'minor', title: 'Slow API', updates: [{ id: 21, type: 'issue', description: 'Looking' }] },
  { id: 1, type: 'major', title: 'Old outage', updates: [{ id: 11, type: 'resolved', description: 'Done' }] },
];

describe('merged view of incidents and the outbox', () => {
  it('returns the server list untouched when nothing is queued', () => {
    expect(mergeIncidentsWithOutbox(server, [], { subdomain: 'acme' })).toEqual(server);
  });

  it('shows queued creates with their temp id on top, updates added, edits overlaid, deletes marked', () => {
    const create = entry(
      'createIncident',
      { incident: { type: 'major', title: 'DB down', updates: [{ type: 'issue', description: 'Investigating' }] } },
      { tempId: 'tmp-a' },
    );
    const onNew = entry('addIncidentUpdate', { incidentId: 'tmp-a', update: { type: 'update', description: 'Failover started' } }, { tempId: 'tmp-u1' });
    const onOld = entry(
      'addIncidentUpdate',
      { incidentId: 2, update: { type: 'monitoring', description: 'Better now' } },
      { tempId: 'tmp-u2', state: 'failed' },
    );
    const edit = entry('updateIncident', { incidentId: 2, incident: { title: 'Slow API (EU)' } });
    const change = entry('changeIncidentUpdate', { incidentId: 2, updateId: 21, update: { description: 'Looking into it' } });
    const remove = entry('deleteIncident', { incidentId: 1 }, { state: 'conflict' });
    const sent = entry('createIncident', { incident: { type: 'minor', title: 'Already sent' } }, { tempId: 'tmp-s', state: 'sent' });
    const otherPage = entry('createIncident', { subdomain: 'other', incident: { type: 'minor', title: 'Elsewhere' } }, { tempId: 'tmp-o' });

    const merged = mergeIncidentsWithOutbox(server, [remove, sent, otherPage, create, onNew, onOld, edit, change], { subdomain: 'acme', accountId: 'acct' });
    expect(merged.map((i) => i.id)).toEqual(['tmp-a', 2, 1]);
    expect(merged[0]).toMatchObject({ title: 'DB down', pending: true, outbox: { entryIds: [create.id, onNew.id], state: 'pending' } });
    expect(merged[0]!.updates.map((u) => [u.id, u.description, u.pending])).toEqual([
      ['tmp-u1', 'Failover started', true],
      ['tmp-a:0', 'Investigating', true],
    ]);
    expect(merged[1]).toMatchObject({ id: 2, title: 'Slow API (EU)', pendingEdit: true, outbox: { state: 'failed' } });
    expect(merged[1]!.updates.map((u) => [u.id, u.description, u.pending ?? false])).toEqual([
      ['tmp-u2', 'Better now', true],
      [21, 'Looking into it', true],
    ]);
    expect(merged[2]).toMatchObject({ id: 1, pendingDelete: true, outbox: { state: 'conflict' } });
    expect(server[0]!.title).toBe('Slow API'); // the input is not changed
    expect(mergeIncidentsWithOutbox(server, [create], { subdomain: 'acme', accountId: 'someone-else' })).toHaveLength(2);
  });

  it('works for information notices with their profile', () => {
    const notices = [{ id: 9, title: 'New layout', updates: [] }];
    const create = entry('createInfoNotice', { info_notice: { title: 'Maintenance window moved' } }, { tempId: 'tmp-n' });
    const update = entry('addInfoNoticeUpdate', { infoNoticeId: 9, update: { description: 'Live' } }, { tempId: 'tmp-nu' });
    const merged = mergeWithOutbox(notices, [create, update], { subdomain: 'acme' }, INFO_NOTICE_MERGE_PROFILE);
    expect(merged.map((n) => [n.id, n.title, n.pending ?? false])).toEqual([
      ['tmp-n', 'Maintenance window moved', true],
      [9, 'New layout', false],
    ]);
    expect(merged[1]!.updates[0]).toMatchObject({ id: 'tmp-nu', description: 'Live', pending: true });
  });
});

import { describe, expect, it } from 'vitest';
import { describeEntry, stateText } from '../../../renderer/src/lib/outbox-entry-label';
import { checkWriteInput } from '../../../renderer/src/components/outbox/write-input';
import { outboxBadges, timelineOf, type ConsoleItem } from '../../../renderer/src/lib/console-item';
import { tempIdFor } from '../../../shared/outbox/temp-id';

const TEMP = tempIdFor('3e45a14c-6b79-490c-976a-0c8e4b0fdcf1');

describe('outbox entries in words', () => {
  it('names what a write does, the new (temp id) incident included', () => {
    expect(describeEntry({ operation: 'createIncident', input: { subdomain: 'acme', incident: { title: 'API down' } } })).toBe('Create incident “API down”');
    expect(describeEntry({ operation: 'addIncidentUpdate', input: { subdomain: 'acme', incidentId: TEMP, update: { type: 'update' } } })).toBe(
      'Add an update to the new incident',
    );
    expect(describeEntry({ operation: 'addIncidentUpdate', input: { subdomain: 'acme', incidentId: 7, update: { type: 'resolved' } } })).toBe(
      'Resolve incident #7',
    );
    expect(describeEntry({ operation: 'deleteWebhook', input: { subdomain: 'acme', webhookId: 3 } })).toBe('Delete webhook');
    expect(stateText({ state: 'pending', waiting: 'offline' })).toBe('Queued — waiting for the server to be reachable');
  });

  it('checks a hand-edited write against the operation before a retry', () => {
    expect(checkWriteInput('updateIncident', '{').problems[0]).toMatch(/not valid JSON/);
    expect(checkWriteInput('updateIncident', '[]').problems[0]).toMatch(/JSON object/);
    const missing = checkWriteInput('updateIncident', JSON.stringify({ subdomain: 'acme', incident: { title: 5 } }));
    expect(missing.problems.join('\n')).toMatch(/"incidentId" is missing/);
    expect(missing.problems.join('\n')).toMatch(/incident\.title/);
    expect(
      checkWriteInput('addIncidentUpdate', JSON.stringify({ subdomain: 'acme', incidentId: TEMP, update: { type: 'update', description: 'x' } })).problems,
    ).toEqual([]);
  });
});

describe('console items', () => {
  it('shows the most urgent outbox state, never "pending" over a failure', () => {
    expect(outboxBadges({ pending: true, outbox: { entryIds: ['a'], state: 'pending' } })).toEqual([{ text: 'Pending', tone: 'pending' }]);
    expect(outboxBadges({ pendingEdit: true, outbox: { entryIds: ['a'], state: 'failed' } })).toEqual([{ text: 'Failed', tone: 'failed' }]);
    expect(outboxBadges({ pendingDelete: true, outbox: { entryIds: ['a'], state: 'in_flight' } })).toEqual([{ text: 'Sending…', tone: 'sending' }]);
    expect(outboxBadges({})).toEqual([]);
  });

  it('orders the timeline newest first with queued updates on top', () => {
    const item = {
      id: 1,
      updates: [
        { id: 'q2', pending: true },
        { id: 'q1', pending: true },
        { id: 10, posted_at: '2030-01-01T10:00:00' },
        { id: 11, posted_at: '2030-01-01T12:00:00' },
      ],
    } as unknown as ConsoleItem;
    expect(timelineOf(item).map((u) => u.id)).toEqual(['q2', 'q1', 11, 10]);
  });
});

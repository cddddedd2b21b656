import { describe, expect, it } from 'vitest';
import type { MonitorEvent } from '../../../shared/monitor/events';
import type { OutboxEntryView } from '../../../shared/outbox/entry-view';
import { OwnWrites } from '../../../electron/core/monitor/own-writes';

const BASE = 'https://statuspal.io/api/v2';
const page = { baseUrl: BASE, subdomain: 'acme' };
const sent = (operation: string, id: number) => ({ operation, state: 'sent', input: { subdomain: 'acme' }, result: { id } }) as unknown as OutboxEntryView;
const updated = (updateId: number): MonitorEvent =>
  ({
    type: 'incident.updated',
    incident: { id: 5, latestUpdate: { id: updateId, type: 'update', description: 'x', postedAt: null } },
  }) as unknown as MonitorEvent;

describe('own writes', () => {
  it('recognises our incident and our update, not someone else update on the same incident, and forgets after 15 minutes', () => {
    let now = 0;
    const own = new OwnWrites(() => now);
    own.noteSent(sent('createIncident', 5), BASE);
    own.noteSent(sent('addIncidentUpdate', 77), BASE);
    expect(own.isOwn(page, { type: 'incident.opened', incident: { id: 5 } } as unknown as MonitorEvent)).toBe(true);
    expect(own.isOwn(page, updated(77))).toBe(true);
    expect(own.isOwn(page, updated(78))).toBe(false);
    expect(own.isOwn({ baseUrl: 'https://other.example/api/v2', subdomain: 'acme' }, updated(77))).toBe(false);
    now = 15 * 60 * 1000 + 1;
    expect(own.isOwn(page, updated(77))).toBe(false);
  });
});

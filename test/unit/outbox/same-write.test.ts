import { describe, expect, it } from 'vitest';
import type { OutboxEntryView } from '../../../shared/outbox/entry-view';
import { RERUN_WINDOW_MS, sameWriteIn } from '../../../shared/outbox/same-write';

/* A command run again finds the writes its first run queued or sent, and posts none of them twice. */

const NOW = Date.UTC(2026, 11, 2, 12, 0, 0);
const entry = (extra: Partial<OutboxEntryView>): OutboxEntryView =>
  ({
    id: '00000000-0000-4000-8000-000000000001',
    accountId: 'acct',
    operation: 'addIncidentUpdate',
    input: { subdomain: 'acme', incidentId: 'tmp-1', update: { type: 'resolved', description: 'Fixed' } },
    state: 'pending',
    createdAt: new Date(NOW - 60_000).toISOString(),
    ...extra,
  }) as OutboxEntryView;
const write = {
  accountId: 'acct',
  operation: 'addIncidentUpdate',
  input: { subdomain: 'acme', incidentId: 42, update: { description: 'Fixed', type: 'resolved' } },
};
const ids = new Set(['42', 'tmp-1']);

describe('the same write, already queued or lately sent', () => {
  it('is found by any id of its incident and a body that says the same, whatever its keys’ order', () => {
    expect(sameWriteIn([entry({})], write, ids, NOW)?.id).toBe('00000000-0000-4000-8000-000000000001');
    expect(sameWriteIn([entry({ state: 'sent' })], write, ids, NOW)).toBeDefined();
  });

  it('is not another body, another incident, another account, or a sent one older than the window', () => {
    expect(
      sameWriteIn([entry({ input: { subdomain: 'acme', incidentId: 42, update: { type: 'resolved', description: 'Fixed now' } } })], write, ids, NOW),
    ).toBeUndefined();
    expect(sameWriteIn([entry({})], write, new Set(['43']), NOW)).toBeUndefined();
    expect(sameWriteIn([entry({ accountId: 'other' })], write, ids, NOW)).toBeUndefined();
    expect(sameWriteIn([entry({ state: 'sent', createdAt: new Date(NOW - RERUN_WINDOW_MS - 1).toISOString() })], write, ids, NOW)).toBeUndefined();
    // A create is never taken for an earlier one: two identical creates can be two outages.
    const create = { accountId: 'acct', operation: 'createIncident', input: { subdomain: 'acme', incident: { title: 'Down' } } };
    expect(sameWriteIn([entry({ operation: 'createIncident', input: create.input })], create, new Set(['undefined']), NOW)).toBeUndefined();
    // Still waiting, however old: it will be sent, so it must not be queued again.
    expect(sameWriteIn([entry({ createdAt: new Date(NOW - 10 * RERUN_WINDOW_MS).toISOString() })], write, ids, NOW)).toBeDefined();
  });
});

import { createTestingPinia } from '@pinia/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useIncidentJump } from '../../../../renderer/src/stores/incident-jump';
import { useIncidentsStore } from '../../../../renderer/src/stores/incidents';
import { installFakeApi, ok, refused } from '../support/fake-api';
import { account } from '../support/fixtures';
import type { StatusPageReadInput, StatusPageReadResult } from '../../../../shared/statuspal/read-request';

/* Old incidents in reach: by number, by date, and a search through every page. */

const idle = { pending: 0, inFlight: 0, failed: 0, conflicts: 0, sent: 0, connectivity: { network: true, overall: 'online' as const, servers: [] } };
const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 5, 1, 12);
const api = (ms: number) => new Date(ms).toISOString().slice(0, 19);
/** 250 incidents, one every 6 hours back from NOW, newest first: incident n started n × 6 h ago. */
const INCIDENTS = Array.from({ length: 250 }, (_, i) => ({
  id: i + 1,
  type: 'minor',
  title: `Incident ${i + 1}`,
  starts_at: api(NOW - (i + 1) * 6 * HOUR),
  updates: [],
}));

function page() {
  const seen: StatusPageReadInput[] = [];
  const read = (request?: StatusPageReadInput) => {
    seen.push(request!);
    const input = (request!.input ?? {}) as { after?: string; limit?: number; incidentId?: number };
    if (request!.operation === 'listIncidents') {
      const start = Number(input.after ?? 0);
      const items = INCIDENTS.slice(start, start + (input.limit ?? 20));
      const end = start + items.length;
      return ok<StatusPageReadResult>({ kind: 'list', items, total: INCIDENTS.length, nextCursor: end < INCIDENTS.length ? String(end) : null });
    }
    if (request!.operation === 'getIncident') {
      const item = INCIDENTS.find((i) => i.id === input.incidentId);
      return item ? ok<StatusPageReadResult>({ kind: 'item', item }) : refused({ code: 'not_found', message: 'Not found', status: 404 });
    }
    return refused({ code: 'network', message: 'The server could not be reached.' });
  };
  installFakeApi({ statuspal: { read }, accounts: { list: () => ok([account(1)]) }, outbox: { list: () => ok([]), status: () => ok(idle) } });
  return seen;
}

async function started() {
  createTestingPinia({ stubActions: false, createSpy: vi.fn });
  const incidents = useIncidentsStore();
  await incidents.start();
  return { incidents, jump: useIncidentJump() };
}

const lists = (seen: StatusPageReadInput[]) => seen.filter((r) => r.operation === 'listIncidents').length;

afterEach(() => vi.unstubAllGlobals());

describe('old incidents in reach', () => {
  it('reads 50 first, then 100 at a time; a number the list has not come to is read on its own, and opening it keeps it out of the top', async () => {
    const seen = page();
    const { incidents, jump } = await started();
    expect(incidents.lists.incidents.items).toHaveLength(50);
    expect(await jump.toId(240)).toBe(240);
    expect(jump.extra.map((i) => i.title)).toEqual(['Incident 240']);
    expect(lists(seen)).toBe(1);
    // The console reads an item again when it is opened: an old one does not go on top of the list.
    await incidents.refreshItem('incidents', 240);
    expect(incidents.lists.incidents.items[0]!.id).toBe(1);
    expect(incidents.lists.incidents.total).toBe(250);
    expect(await jump.toId(999)).toBeNull();
    expect(jump.message).toBe('There is no incident #999 on page1.');
  });

  it('a date reads back page by page to the first incident that started that day or before', async () => {
    const seen = page();
    const { jump } = await started();
    const day = new Date(NOW - 150 * 6 * HOUR).toLocaleDateString('sv');
    const end = new Date(`${day}T00:00:00`).getTime() + 24 * HOUR;
    const expected = INCIDENTS.find((i) => Date.parse(`${i.starts_at}Z`) < end)!;
    expect(await jump.toDate(day)).toBe(expected.id);
    expect(lists(seen)).toBe(1 + Math.ceil((expected.id - 50) / 100));
    const limits = seen.filter((r) => r.operation === 'listIncidents').map((r) => (r.input as { limit: number }).limit);
    expect(limits).toEqual([50, ...limits.slice(1).map(() => 100)]);
    expect(await jump.toDate('1999-01-01')).toBeNull();
    expect(jump.message).toBe('Nothing started on 1999-01-01 or before: the oldest is the last one listed.');
  });

  it('Search all reads every page', async () => {
    const seen = page();
    const { incidents, jump } = await started();
    await jump.readAll();
    expect(incidents.lists.incidents.items).toHaveLength(250);
    expect(lists(seen)).toBe(3);
  });
});

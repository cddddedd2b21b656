import { describe, expect, it } from 'vitest';
import { SlidingWindowRateLimiter, StatusPageClient } from '../../../electron/core/statuspal-client';
import { json, recordingFetch, type RecordedRequest } from './helpers/recording-fetch';

/*
 * The services list as a third-party importer found it on the real service with a live key
 * (panov-va/healthpage, backend/internal/importer/statuspal.go): the top-level services only
 * (`parent_id: null`), each with `children_ids`; a child is read with GET …/services/{id}.
 * The older flat shape (the whole tree in the list) must keep working without extra reads.
 */

const BASE = 'https://statuspal.io/api/v2/status_pages/acme/services';
const svc = (id: number, name: string, parent: number | null, children: number[]) => ({ id, name, parent_id: parent, children_ids: children });
const TREE = {
  1: svc(1, 'Web', null, [2, 3]),
  2: svc(2, 'API', 1, [4]),
  3: svc(3, 'Dashboard', 1, []),
  4: svc(4, 'API v1', 2, []),
  5: svc(5, 'Data', null, []),
} as const;

function serverOf(listed: readonly object[][], gone: number[] = []) {
  const respond = (request: RecordedRequest) => {
    const url = new URL(request.url);
    const one = /\/services\/(\d+)$/.exec(url.pathname);
    if (one) {
      const id = Number(one[1]);
      return gone.includes(id) ? json({ error: 'not found' }, 404) : json({ service: TREE[id as keyof typeof TREE] });
    }
    const page = Number(url.searchParams.get('after') ?? 0);
    const next = page + 1 < listed.length ? `${BASE}?after=${page + 1}` : null;
    return json({ services: listed[page], links: { next, prev: null }, meta: { total_count: 5 } });
  };
  const recorder = recordingFetch(respond);
  const client = new StatusPageClient({
    apiKey: 'k',
    fetch: recorder.fetch,
    rateLimiter: new SlidingWindowRateLimiter({ limit: 1000 }),
    retry: { sleep: async () => {}, random: () => 0 },
  });
  return { client, paths: () => recorder.requests.map((r) => new URL(r.url).pathname.replace('/api/v2/status_pages/acme', '')) };
}

describe('the services list: top-level only or the whole tree', () => {
  it('follows children_ids of a top-level-only list, depth first, each child after its parent', async () => {
    const { client, paths } = serverOf([[TREE[1], TREE[5]]]);
    const page = await client.listServices({ subdomain: 'acme' });
    expect(page.items.map((s) => [s.name, s.parent_id])).toEqual([
      ['Web', null],
      ['API', 1],
      ['API v1', 2],
      ['Dashboard', 1],
      ['Data', null],
    ]);
    expect(paths()).toEqual(['/services', '/services/2', '/services/4', '/services/3']);
  });

  it('reads nothing more when the list already holds the whole tree', async () => {
    const { client, paths } = serverOf([[TREE[1], TREE[2], TREE[4], TREE[3], TREE[5]]]);
    expect((await client.listServices({ subdomain: 'acme' })).items.map((s) => s.id)).toEqual([1, 2, 4, 3, 5]);
    expect(paths()).toEqual(['/services']);
  });

  it('paginate (the outbox look-up) sees every service once, across pages and shapes', async () => {
    // A flat list cut after the parent: its child, read early, is not listed twice.
    const { client } = serverOf([[TREE[1]], [TREE[2], TREE[4], TREE[3], TREE[5]]]);
    const ids: number[] = [];
    for await (const service of client.paginate('listServices', { subdomain: 'acme' })) ids.push(service.id);
    expect(ids.sort()).toEqual([1, 2, 3, 4, 5]);

    const topLevel = serverOf([[TREE[1]], [TREE[5]]]);
    const names: string[] = [];
    for await (const service of topLevel.client.paginate('listServices', { subdomain: 'acme' })) names.push(service.name);
    expect(names).toEqual(['Web', 'API', 'API v1', 'Dashboard', 'Data']);
  });

  it('a child deleted between the list and its read is left out; other failures fail the list', async () => {
    const { client } = serverOf([[TREE[1], TREE[5]]], [2]);
    expect((await client.listServices({ subdomain: 'acme' })).items.map((s) => s.name)).toEqual(['Web', 'Dashboard', 'Data']);
  });
});

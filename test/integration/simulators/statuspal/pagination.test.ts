import { describe, expect, it } from 'vitest';
import type { StatusPageSimulator } from '../../../../simulators/statuspal';
import { api, call, useSimulators, type Answer } from './helpers';

/** Cursor pagination: limit default 20 / max 100, links next/prev in both styles, meta.total_count. */

function fill(sim: StatusPageSimulator, n: number, page = 'globex'): number[] {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    sim.advanceClock(1000);
    ids.push(sim.openIncident({ page, type: i % 3 === 0 ? 'minor' : 'major', title: `incident ${i}` }).id);
  }
  return ids.reverse(); // newest first
}

async function followAll(sim: StatusPageSimulator, first: string, dir: 'next' | 'prev'): Promise<{ pages: number[][]; totals: number[] }> {
  const pages: number[][] = [];
  const totals: number[] = [];
  let url: string | null = first;
  while (url) {
    const a: Answer = await call(sim, 'GET', url);
    expect(a.status).toBe(200);
    pages.push(a.json.incidents.map((i: any) => i.id));
    totals.push(a.json.meta.total_count);
    url = a.json.links[dir];
    if (pages.length > 50) throw new Error('runaway pagination');
  }
  return { pages, totals };
}

describe('pagination', () => {
  const start = useSimulators();

  it('defaults to 20, allows up to 100, reports total_count', async () => {
    const sim = await start();
    const ids = fill(sim, 130);
    const first = await api(sim).get('/status_pages/globex/incidents');
    expect(first.json.incidents).toHaveLength(20);
    expect(first.json.incidents.map((i: any) => i.id)).toEqual(ids.slice(0, 20));
    expect(first.json.meta).toEqual({ total_count: 130 });
    expect(first.json.links.prev).toBeNull();
    expect(first.json.links.next).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2\/status_pages\/globex\/incidents\?.*after=/);
    expect((await api(sim).get('/status_pages/globex/incidents?limit=100')).json.incidents).toHaveLength(100);
  });

  for (const linkStyle of ['absolute', 'relative'] as const) {
    it(`follows ${linkStyle} next links to the end and prev links back`, async () => {
      const sim = await start({ linkStyle });
      const ids = fill(sim, 130);
      const fwd = await followAll(sim, '/status_pages/globex/incidents?limit=50', 'next');
      expect(fwd.pages.map((p) => p.length)).toEqual([50, 50, 30]);
      expect(fwd.pages.flat()).toEqual(ids);
      expect(new Set(fwd.totals)).toEqual(new Set([130]));

      const last = await api(sim).get(`/status_pages/globex/incidents?limit=50`);
      const next = last.json.links.next as string;
      if (linkStyle === 'relative') expect(next.startsWith('/api/v2/status_pages/globex/incidents?')).toBe(true);
      else expect(next.startsWith(sim.origin)).toBe(true);
      expect(new URL(next, sim.origin).searchParams.get('limit')).toBe('50');

      // from the last page backwards
      const lastPage = await call(sim, 'GET', (await call(sim, 'GET', next)).json.links.next);
      expect(lastPage.json.links.next).toBeNull();
      const back = await followAll(sim, lastPage.json.links.prev, 'prev');
      expect(back.pages.map((p) => p.length)).toEqual([50, 50]);
      expect([...back.pages].reverse().flat()).toEqual(ids.slice(0, 100));
    });
  }

  it('the type filter applies before paging and stays in the links', async () => {
    const sim = await start();
    fill(sim, 60);
    const minor = await api(sim).get('/status_pages/globex/incidents?type=minor&limit=15');
    expect(minor.json.meta.total_count).toBe(20);
    expect(minor.json.incidents.every((i: any) => i.type === 'minor')).toBe(true);
    expect(new URL(minor.json.links.next).searchParams.get('type')).toBe('minor');
    const rest = await call(sim, 'GET', minor.json.links.next);
    expect(rest.json.incidents).toHaveLength(5);
    expect(rest.json.links.next).toBeNull();
    expect((await api(sim).get('/status_pages/globex/incidents?type=nothing')).json).toMatchObject({
      incidents: [],
      links: { next: null, prev: null },
      meta: { total_count: 0 },
    });
  });

  it('cursors are stable when new incidents arrive between pages', async () => {
    const sim = await start();
    const ids = fill(sim, 30);
    const first = await api(sim).get('/status_pages/globex/incidents?limit=10');
    fill(sim, 5); // newer ones, would shift offset-based pages
    const second = await call(sim, 'GET', first.json.links.next);
    expect(second.json.incidents.map((i: any) => i.id)).toEqual(ids.slice(10, 20));
    expect(second.json.meta.total_count).toBe(35);
  });

  it('info notices, subscriptions and members paginate the same way', async () => {
    const sim = await start();
    const rw = sim.keys.demoReadWrite;
    const c = api(sim, rw);
    for (let i = 0; i < 25; i++) {
      sim.advanceClock(1000);
      sim.postNotice({ page: 'globex', title: `n${i}` });
      await call(sim, 'POST', '/status_pages/globex/subscriptions', { key: sim.keys.otherOrg, body: { subscription: { email: `s${i}@example.com` } } });
      await c.post('/orgs/1/members', { member: { email: `m${i}@acme.example`, role: 'viewer' } });
    }
    const n1 = await api(sim).get('/status_pages/globex/info_notices');
    expect([n1.json.info_notices.length, n1.json.meta.total_count]).toEqual([20, 25]);
    expect(n1.json.info_notices[0].title).toBe('n24');
    const n2 = await call(sim, 'GET', n1.json.links.next);
    expect(n2.json.info_notices.map((n: any) => n.title)).toEqual(['n4', 'n3', 'n2', 'n1', 'n0']);

    const s1 = await call(sim, 'GET', '/status_pages/globex/subscriptions?limit=10', { key: sim.keys.otherOrg });
    expect([s1.json.subscriptions.length, s1.json.meta.total_count]).toEqual([10, 25]);
    const s2 = await call(sim, 'GET', s1.json.links.next, { key: sim.keys.otherOrg });
    expect(s2.json.subscriptions[0].email).toBe('s10@example.com');

    const m1 = await c.get('/orgs/1/members?limit=100');
    expect(m1.json.meta.total_count).toBe(28); // 3 seeded + 25
    expect(m1.json.links.next).toBeNull();
    const m2 = await c.get('/orgs/1/members?limit=5');
    const m3 = await call(sim, 'GET', m2.json.links.next, { key: rw });
    expect(m3.json.members[0].id).toBeGreaterThan(m2.json.members[4].id);
  });
});

import { describe, expect, it } from 'vitest';
import { ALL_ROUTES } from '../../../../simulators/statuspal';
import { api, call, useSimulators } from './helpers';

/** Auth like the real service: raw key in Authorization; 401 / 403 / 404 rules on every operation. */

const concrete = (path: string, sd = 'acme', org = '1', id = '999999'): string =>
  path.replace(':sd', sd).replace(':org', org).replace(':id', id).replace(':uid', id);

const keyRoutes = ALL_ROUTES.filter((r) => r.access !== 'none');
const writeRoutes = keyRoutes.filter((r) => r.access !== 'none' && r.access.need !== 'read');
const readKeyRoutes = keyRoutes.filter((r) => r.access !== 'none' && r.access.need === 'read');
const publicRoutes = ALL_ROUTES.filter((r) => r.access === 'none');

describe('authentication and authorization', () => {
  const start = useSimulators();

  it('classifies operations as the spec does', () => {
    expect(publicRoutes.map((r) => r.op).sort()).toEqual(
      [
        'hello',
        'status_pages.status',
        'status_pages.summary',
        'services.status',
        'services.summary',
        'incidents.list',
        'incidents.get',
        'info_notices.list',
        'info_notices.get',
      ].sort(),
    );
    expect(keyRoutes).toHaveLength(46);
  });

  it('401 {"error":401} without a key and with a wrong key, on every key-protected operation', async () => {
    const sim = await start();
    for (const r of keyRoutes) {
      const path = concrete(r.path);
      for (const key of [undefined, '', 'not-a-key', `Bearer ${sim.keys.demoReadWrite}`]) {
        const a = await call(sim, r.method, path, { key, body: { x: 1 } });
        expect([r.op, key, a.status, a.json]).toEqual([r.op, key, 401, { error: 401 }]);
      }
    }
  });

  it('401 even for unknown pages: the key is checked first', async () => {
    const sim = await start();
    expect((await call(sim, 'GET', '/status_pages/nope/services')).status).toBe(401);
  });

  it('public operations need no key, and a wrong key does not hurt them', async () => {
    const sim = await start();
    for (const r of publicRoutes) {
      const path = concrete(r.path, 'acme', '1', r.path.includes('services') ? '1' : r.path.includes('info_notices') ? '3' : '1');
      for (const key of [undefined, 'wrong']) {
        const a = await call(sim, 'GET', path, { key });
        expect([r.op, a.status]).toEqual([r.op, 200]);
      }
    }
  });

  it('403 {"error":403} for read-only organization keys, viewers and other organizations on every write', async () => {
    const sim = await start();
    for (const r of writeRoutes) {
      const path = concrete(r.path);
      for (const key of [sim.keys.demoReadOnly, sim.keys.demoViewer, sim.keys.otherOrg]) {
        const a = await call(sim, r.method, path, { key, body: {} });
        expect([r.op, key, a.status, a.json]).toEqual([r.op, key, 403, { error: 403 }]);
      }
    }
  });

  it('read-only keys and viewers may read key-protected resources; other organizations may not', async () => {
    const sim = await start();
    for (const r of readKeyRoutes) {
      const path = concrete(r.path, 'acme', '1', '1');
      for (const key of [sim.keys.demoReadOnly, sim.keys.demoViewer, sim.keys.demoReadWrite, sim.keys.demoUser]) {
        const a = await call(sim, 'GET', path, { key });
        expect([r.op, key, a.status === 401 || a.status === 403]).toEqual([r.op, key, false]);
      }
      const other = await call(sim, 'GET', path, { key: sim.keys.otherOrg });
      expect([r.op, other.status]).toEqual([r.op, 403]);
    }
  });

  it('404 {"error":404} for unknown pages and organizations on every operation that names one', async () => {
    const sim = await start();
    for (const r of ALL_ROUTES) {
      if (!r.path.includes(':sd') && !r.path.includes(':org')) continue;
      const path = r.path.includes(':org') ? concrete(r.path, 'acme', '999') : concrete(r.path, 'no-such-page');
      const a = await call(sim, r.method, path, { key: sim.keys.demoReadWrite, body: {} });
      expect([r.op, a.status, a.json]).toEqual([r.op, 404, { error: 404 }]);
    }
  });

  it('404 for unknown ids (get, update, delete) and for pages of another organization', async () => {
    const sim = await start();
    const c = api(sim, sim.keys.demoReadWrite);
    for (const p of [
      '/status_pages/acme/incidents/424242',
      '/status_pages/acme/incidents/abc',
      '/status_pages/acme/info_notices/424242',
      '/status_pages/acme/services/424242',
      '/status_pages/acme/webhooks/424242',
      '/status_pages/acme/access_groups/424242',
      '/status_pages/acme/subscriptions/00000000-0000-4000-8000-000000000000',
      '/orgs/1/status_pages/globex',
    ]) {
      expect([p, (await c.get(p)).status]).toEqual([p, 404]);
      expect([p, (await c.del(p)).status]).toEqual([p, 404]);
    }
    expect((await c.get('/status_pages/acme/incidents/1/updates/424242')).status).toBe(405);
    expect((await c.del('/status_pages/acme/incidents/1/updates/424242')).status).toBe(404);
    expect((await c.put('/status_pages/acme/members/424242', { member: { role: 'viewer' } })).status).toBe(404);
    expect((await c.post('/status_pages/acme/metrics/99/entries', { entry: { time: 1, value: 1 } })).status).toBe(404);
    // an incident of another page is unknown here
    const eu = await c.get('/status_pages/acme-eu/incidents');
    expect((await c.get(`/status_pages/acme/incidents/${eu.json.incidents[0].id}`)).status).toBe(404);
  });

  it('unknown paths answer 404 and wrong methods 405', async () => {
    const sim = await start();
    expect((await call(sim, 'GET', '/nothing')).status).toBe(404);
    expect((await call(sim, 'GET', '/api/v1/hello')).status).toBe(404);
    expect((await call(sim, 'PATCH', '/status_pages/acme/services/1', { key: sim.keys.demoReadWrite, body: {} })).json).toEqual({ error: 405 });
  });

  it('roles: editors write incidents, not services or pages; admins and owners do', async () => {
    const sim = await start();
    const editor = api(sim, sim.keys.demoEditor);
    expect((await editor.post('/status_pages/acme/incidents', { incident: { type: 'minor', title: 'x' } })).status).toBe(201);
    expect((await editor.post('/status_pages/acme/subscriptions', { email: 'e@example.com' })).status).toBe(201);
    expect((await editor.post('/status_pages/acme/services', { service: { name: 'S' } })).status).toBe(403);
    expect((await editor.post('/status_pages/acme/webhooks', { webhook: { url: 'https://x.example' } })).status).toBe(403);
    expect((await editor.get('/orgs/1/status_pages')).status).toBe(200);
    expect((await editor.post('/orgs/1/status_pages', { status_page: { subdomain: 'x' } })).status).toBe(403);
    const owner = api(sim, sim.keys.demoUser);
    expect((await owner.post('/status_pages/acme/services', { service: { name: 'S' } })).status).toBe(201);
    expect((await owner.post('/orgs/1/status_pages', { status_page: { subdomain: 'x' } })).status).toBe(201);
    expect((await owner.get('/status_pages/globex/services')).status).toBe(403);
  });

  it('page memberships give rights on that page only; removing a membership removes them', async () => {
    const sim = await start();
    const { key } = sim.addKey({ kind: 'user', email: 'pat@acme.example', roles: [{ page: 'acme-eu', role: 'editor' }] });
    const pat = api(sim, key);
    expect((await pat.post('/status_pages/acme-eu/incidents', { incident: { type: 'minor', title: 'eu' } })).status).toBe(201);
    expect((await pat.post('/status_pages/acme/incidents', { incident: { type: 'minor', title: 'us' } })).status).toBe(403);
    expect((await pat.get('/orgs/1/status_pages')).status).toBe(403);

    const owner = api(sim, sim.keys.demoUser);
    const members = await owner.get('/status_pages/acme-eu/members?email=pat@acme.example');
    expect(members.json.members).toHaveLength(1);
    expect((await owner.del(`/status_pages/acme-eu/members/${members.json.members[0].id}`)).status).toBe(200);
    expect((await pat.post('/status_pages/acme-eu/incidents', { incident: { type: 'minor', title: 'eu' } })).status).toBe(403);
  });

  it('billing is an organization-only role: it reads the organization but gets no page rights', async () => {
    const sim = await start();
    const { key } = sim.addKey({ kind: 'user', email: 'bill@acme.example', roles: [{ orgId: 1, role: 'billing' }] });
    const bill = api(sim, key);
    expect((await bill.get('/orgs/1/members')).status).toBe(200);
    expect((await bill.get('/status_pages/acme/services')).status).toBe(403);
    expect((await bill.post('/orgs/1/members', { member: { email: 'z@acme.example' } })).status).toBe(403);
  });

  it('keys added at runtime work, revoked keys stop working, and org keys of read access stay read-only', async () => {
    const sim = await start();
    const ro = sim.addKey({ kind: 'org', orgId: 1, access: 'read' });
    const rw = sim.addKey({ kind: 'org', orgId: 1, access: 'write', key: 'my-custom-key' });
    expect(rw.key).toBe('my-custom-key');
    expect((await api(sim, ro.key).get('/status_pages/acme/webhooks')).status).toBe(200);
    expect((await api(sim, ro.key).post('/status_pages/acme/webhooks', { webhook: { url: 'https://x.example' } })).status).toBe(403);
    expect((await api(sim, rw.key).post('/status_pages/acme/webhooks', { webhook: { url: 'https://x.example' } })).status).toBe(201);
    expect(sim.revokeKey('my-custom-key')).toBe(true);
    expect((await api(sim, rw.key).get('/status_pages/acme/webhooks')).status).toBe(401);
  });
});

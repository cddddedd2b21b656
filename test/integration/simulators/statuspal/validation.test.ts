import { describe, expect, it } from 'vitest';
import { api, call, useSimulators } from './helpers';

/** Invalid bodies answer 422 {"error":422}; unparseable JSON 400 {"error":400}. Nothing is written. */

describe('body and query validation', () => {
  const start = useSimulators();

  it('422 for missing wrappers, wrong types, empty titles, unknown services and unknown types', async () => {
    const sim = await start();
    const c = api(sim, sim.keys.demoReadWrite);
    const bad: [string, string, unknown][] = [
      ['POST', '/status_pages/acme/incidents', { type: 'major', title: 'unwrapped' }],
      ['POST', '/status_pages/acme/incidents', {}],
      ['POST', '/status_pages/acme/incidents', { incident: 'x' }],
      ['POST', '/status_pages/acme/incidents', { incident: { type: 'major', title: '' } }],
      ['POST', '/status_pages/acme/incidents', { incident: { type: 'major', title: '   ' } }],
      ['POST', '/status_pages/acme/incidents', { incident: { type: 'major' } }],
      ['POST', '/status_pages/acme/incidents', { incident: { type: 'major', title: 5 } }],
      ['POST', '/status_pages/acme/incidents', { incident: { type: 'major', title: 't', service_ids: [999] } }],
      ['POST', '/status_pages/acme/incidents', { incident: { type: 'major', title: 't', service_ids: ['1'] } }],
      ['POST', '/status_pages/acme/incidents', { incident: { type: 'nonsense', title: 't' } }],
      ['POST', '/status_pages/acme/incidents', { incident: { type: 'major', title: 't', starts_at: 'yesterday' } }],
      ['POST', '/status_pages/acme/incidents', { incident: { type: 'major', title: 't', updates: [{ description: 'no type' }] } }],
      ['POST', '/status_pages/acme/incidents', { incident: { type: 'major', title: 't', affects_uptime: 'yes' } }],
      ['PUT', '/status_pages/acme/incidents/1', { incident: { title: '' } }],
      ['PUT', '/status_pages/acme/incidents/1', { title: 'unwrapped' }],
      ['POST', '/status_pages/acme/incidents/1/updates', { update: { description: 'no type' } }],
      ['POST', '/status_pages/acme/incidents/1/updates', { update: { type: 'update' } }],
      ['POST', '/status_pages/acme/info_notices', { info_notice: { title: '' } }],
      ['POST', '/status_pages/acme/info_notices', { info_notice: { title: 'n', service_ids: [999] } }],
      ['POST', '/status_pages/acme/metrics/1/entries', { entry: { time: 'now', value: 1 } }],
      ['POST', '/status_pages/acme/metrics/1/entries', { entry: { time: 1, value: '1' } }],
      ['POST', '/status_pages/acme/metrics/1/entries', { time: 1, value: 1 }],
      ['POST', '/status_pages/acme/subscriptions', { subscription: {} }],
      ['POST', '/status_pages/acme/subscriptions', { subscription: { email: 'not-an-email' } }],
      ['POST', '/status_pages/acme/subscriptions', { subscription: { kind: 'pigeon', email: 'a@b.c' } }],
      ['POST', '/status_pages/acme/subscriptions', { subscription: { phone_number: '79 123 45 67' } }],
      ['POST', '/status_pages/acme/subscriptions', { subscription: { kind: 'chat', webhook_url: 'ftp://x' } }],
      ['POST', '/status_pages/acme/services', { service: { name: '' } }],
      ['POST', '/status_pages/acme/services', { service: { name: 'S', parent_id: 999 } }],
      ['PUT', '/status_pages/acme/services/1', { service: { parent_id: 2 } }], // a cycle
      ['POST', '/status_pages/acme/webhooks', { webhook: { url: 'not a url' } }],
      ['POST', '/status_pages/acme/webhooks', { webhook: { url: 'https://x.example', events: 'all' } }],
      ['POST', '/status_pages/acme/access_groups', { access_group: { name: 'g', service_ids: [999] } }],
      ['POST', '/status_pages/acme/members', { member: { email: 'x@acme.example', role: 'billing' } }],
      ['POST', '/status_pages/acme/members', { member: { role: 'viewer' } }],
      ['POST', '/orgs/1/members', { member: { email: 'owner@acme.example', role: 'owner' } }], // already a member
      ['POST', '/orgs/1/status_pages', { status_page: { subdomain: 'acme' } }], // taken
      ['POST', '/orgs/1/status_pages', { status_page: { subdomain: 'Not Valid' } }],
      ['PUT', '/orgs/1/status_pages/acme', { status_page: { name: '' } }],
    ];
    const before = JSON.stringify(sim.summary('acme'));
    for (const [method, path, body] of bad) {
      const a = await call(sim, method, path, { key: sim.keys.demoReadWrite, body });
      expect([method, path, body, a.status, a.json]).toEqual([method, path, body, 422, { error: 422 }]);
    }
    expect(JSON.stringify(sim.summary('acme'))).toBe(before);
    expect(sim.writeLog()).toEqual([]);
    expect((await c.get('/status_pages/acme/incidents/1')).json.incident.title).toBe('Elevated API error rates');
  });

  it('400 for unparseable JSON, 422 for an empty body where one is required', async () => {
    const sim = await start();
    for (const rawBody of ['{', '{"incident": ', 'not json']) {
      const a = await call(sim, 'POST', '/status_pages/acme/incidents', { key: sim.keys.demoReadWrite, rawBody });
      expect([a.status, a.json]).toEqual([400, { error: 400 }]);
    }
    const empty = await call(sim, 'POST', '/status_pages/acme/incidents', { key: sim.keys.demoReadWrite, rawBody: '' });
    expect([empty.status, empty.json]).toEqual([422, { error: 422 }]);
  });

  it('422 for limit above 100, below 1 or not an integer, and for bad cursors', async () => {
    const sim = await start();
    for (const q of ['limit=101', 'limit=0', 'limit=-1', 'limit=2.5', 'limit=ten', 'limit=', 'after=garbage', 'before=%7B']) {
      for (const p of ['/status_pages/acme/incidents', '/status_pages/acme/info_notices']) {
        const a = await call(sim, 'GET', `${p}?${q}`);
        expect([p, q, a.status, a.json]).toEqual([p, q, 422, { error: 422 }]);
      }
      const s = await call(sim, 'GET', `/status_pages/acme/subscriptions?${q}`, { key: sim.keys.demoReadWrite });
      expect([q, s.status]).toEqual([q, 422]);
    }
    expect((await call(sim, 'GET', '/status_pages/acme/incidents?limit=100')).status).toBe(200);
    expect((await call(sim, 'GET', '/status_pages/acme/incidents?limit=1')).status).toBe(200);
  });

  it('tolerates unwrapped subscription and membership bodies, and an absent status_page on add', async () => {
    const sim = await start();
    const c = api(sim, sim.keys.demoReadWrite);
    expect((await c.post('/status_pages/acme/subscriptions', { email: 'unwrapped@example.com' })).json.subscription.kind).toBe('email');
    expect((await c.post('/status_pages/acme/members', { email: 'unwrapped@acme.example', role: 'viewer' })).json.member.role).toBe('viewer');
    expect((await c.post('/orgs/1/members', { member: { email: 'wrapped@acme.example', role: 'billing' } })).status).toBe(201);
    const page = await call(sim, 'POST', '/orgs/1/status_pages', { key: sim.keys.demoReadWrite });
    expect(page.status).toBe(201);
    expect(page.json.status_page.subdomain).toMatch(/^page-\d+$/);
  });

  it('keeps unknown fields sent by clients and echoes them back', async () => {
    const sim = await start();
    const c = api(sim, sim.keys.demoReadWrite);
    const created = await c.post('/status_pages/acme/incidents', {
      incident: {
        type: 'minor',
        title: 'Translated',
        translations: { de: { title: 'Übersetzt' } },
        client_ref: 'abc-123',
        updates: [{ type: 'issue', description: 'x', translations: { de: { description: 'y' } }, mood: 'calm' }],
      },
    });
    const inc = created.json.incident;
    expect(inc.translations).toEqual({ de: { title: 'Übersetzt' } });
    expect(inc.client_ref).toBe('abc-123');
    expect(inc.updates[0]).toMatchObject({ translations: { de: { description: 'y' } }, mood: 'calm' });
    const again = await c.get(`/status_pages/acme/incidents/${inc.id}`);
    expect(again.json.incident.client_ref).toBe('abc-123');
    const svc = await c.post('/status_pages/acme/services', { service: { name: 'X', translations: { fr: { name: 'X fr' } }, color: 'red' } });
    expect(svc.json.service).toMatchObject({ translations: { fr: { name: 'X fr' } }, color: 'red' });
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { ALL_ROUTES } from '../../../../simulators/statuspal';
import { Router } from '../../../../simulators/statuspal/router';
import { call, DATETIME, useSimulators, type Answer } from './helpers';
import type { StatusPageSimulator } from '../../../../simulators/statuspal';

/** Every one of the 55 operations answers with success, in the shapes of the spec and FACTS.md. */

const router = new Router(ALL_ROUTES);
const succeeded = new Set<string>();

async function op(sim: StatusPageSimulator, method: string, path: string, body?: unknown, key: string | null = sim.keys.demoReadWrite): Promise<Answer> {
  const a = await call(sim, method, path, { key: key ?? undefined, body });
  const m = router.match(method, path.split('?')[0]!);
  if (m.kind === 'route' && a.status >= 200 && a.status < 300) succeeded.add(m.route.op);
  return a;
}

describe('all 55 operations succeed', () => {
  const start = useSimulators();

  it('the simulator defines exactly 55 operations', () => {
    expect(ALL_ROUTES).toHaveLength(55);
    expect(new Set(ALL_ROUTES.map((r) => r.op)).size).toBe(55);
  });

  it('hello, status and summary (no key)', async () => {
    const sim = await start();
    expect((await op(sim, 'GET', '/hello', undefined, null)).json).toEqual({ message: 'hello' });
    const status = await op(sim, 'GET', '/status_pages/acme/status', undefined, null);
    expect(status.status).toBe(200);
    expect(status.json.status_page).toMatchObject({ name: 'Acme', subdomain: 'acme', time_zone: 'Europe/Zurich', current_incident_type: null });
    expect(Object.keys(status.json)).toEqual(['status_page']);
    const summary = await op(sim, 'GET', '/status_pages/acme/summary', undefined, null);
    expect(Object.keys(summary.json).sort()).toEqual(
      ['current_status_type', 'incidents', 'info_notices', 'maintenances', 'services', 'status_page', 'upcoming_maintenances'].sort(),
    );
    expect(summary.json.services.map((s: any) => [s.name, s.children.map((c: any) => c.name)])).toEqual([
      ['Web', ['API', 'Dashboard']],
      ['Data', ['Database', 'Queue']],
    ]);
    const svcStatus = await op(sim, 'GET', '/status_pages/acme/services/1/status', undefined, null);
    expect(svcStatus.json).toEqual({
      service: {
        id: 1,
        name: 'Web',
        current_incident_type: null,
        children: [
          { id: 2, name: 'API', current_incident_type: null, children: [] },
          { id: 3, name: 'Dashboard', current_incident_type: null, children: [] },
        ],
      },
    });
    const svcSummary = await op(sim, 'GET', '/status_pages/acme/services/4/summary', undefined, null);
    expect(Object.keys(svcSummary.json).sort()).toEqual(
      ['current_status_type', 'incidents', 'info_notices', 'maintenances', 'service', 'upcoming_maintenances'].sort(),
    );
    expect(svcSummary.json.upcoming_maintenances.map((m: any) => m.title)).toEqual(['Database upgrade']);
  });

  it('incidents and incident updates (8)', async () => {
    const sim = await start();
    const created = await op(sim, 'POST', '/status_pages/acme/incidents', {
      incident: { type: 'major', title: 'API down', service_ids: [2], updates: [{ type: 'issue', description: 'Investigating' }] },
    });
    expect(created.status).toBe(201);
    const inc = created.json.incident;
    for (const k of [
      'id',
      'type',
      'title',
      'url',
      'starts_at',
      'ends_at',
      'service_ids',
      'updates',
      'inserted_at',
      'updated_at',
      'timezone',
      'affects_uptime',
      'translations',
    ]) {
      expect(inc, k).toHaveProperty(k);
    }
    expect(inc.ends_at).toBeNull();
    expect(inc.starts_at).toMatch(DATETIME);
    for (const k of [
      'id',
      'type',
      'description',
      'description_html',
      'posted_at',
      'inserted_at',
      'updated_at',
      'subscribers_notified_at',
      'translations',
      'tweet',
    ]) {
      expect(inc.updates[0], k).toHaveProperty(k);
    }
    const list = await op(sim, 'GET', '/status_pages/acme/incidents', undefined, null);
    // newest first by starts_at: the maintenance in three days, then the new one, then the old one
    expect(list.json.incidents.map((i: any) => i.title)).toEqual(['Database upgrade', 'API down', 'Elevated API error rates']);
    expect(list.json).toHaveProperty('links');
    expect(list.json.meta.total_count).toBe(3);
    expect((await op(sim, 'GET', `/status_pages/acme/incidents/${inc.id}`, undefined, null)).json.incident.title).toBe('API down');
    const put = await op(sim, 'PUT', `/status_pages/acme/incidents/${inc.id}`, { incident: { title: 'API degraded', type: 'minor' } });
    expect(put.json.incident).toMatchObject({ title: 'API degraded', type: 'minor' });
    const upd = await op(sim, 'POST', `/status_pages/acme/incidents/${inc.id}/updates`, { update: { type: 'monitoring', description: 'Fix deployed' } });
    expect(upd.status).toBe(201);
    expect(upd.json.update).toMatchObject({ type: 'monitoring', description: 'Fix deployed' });
    const chg = await op(sim, 'PUT', `/status_pages/acme/incidents/${inc.id}/updates/${upd.json.update.id}`, {
      update: { description: 'Fix deployed everywhere' },
    });
    expect(chg.json.update.description).toBe('Fix deployed everywhere');
    const delUpd = await op(sim, 'DELETE', `/status_pages/acme/incidents/${inc.id}/updates/${upd.json.update.id}`);
    expect([delUpd.status, delUpd.text]).toEqual([200, '""']);
    const del = await op(sim, 'DELETE', `/status_pages/acme/incidents/${inc.id}`);
    expect([del.status, del.text]).toEqual([200, '""']);
    expect((await op(sim, 'GET', `/status_pages/acme/incidents/${inc.id}`, undefined, null)).status).toBe(404);
  });

  it('information notices and their updates (8)', async () => {
    const sim = await start();
    const created = await op(sim, 'POST', '/status_pages/acme/info_notices', {
      info_notice: { title: 'Office move', service_ids: [1], updates: [{ description: 'We are moving' }] },
    });
    expect(created.status).toBe(201);
    const n = created.json.info_notice;
    for (const k of ['id', 'title', 'url', 'updates', 'service_ids', 'featured_from', 'featured_until', 'inserted_at', 'updated_at'])
      expect(n, k).toHaveProperty(k);
    expect(n.updates[0].type).toBe('info');
    expect((await op(sim, 'GET', '/status_pages/acme/info_notices', undefined, null)).json.info_notices.map((x: any) => x.id)).toContain(n.id);
    expect((await op(sim, 'GET', `/status_pages/acme/info_notices/${n.id}`, undefined, null)).json.info_notice.title).toBe('Office move');
    expect((await op(sim, 'PUT', `/status_pages/acme/info_notices/${n.id}`, { info_notice: { title: 'Office moved' } })).json.info_notice.title).toBe(
      'Office moved',
    );
    const u = await op(sim, 'POST', `/status_pages/acme/info_notices/${n.id}/updates`, { update: { description: 'Done', type: 'ignored' } });
    expect(u.json.update).toMatchObject({ description: 'Done', type: 'info' });
    expect(
      (await op(sim, 'PUT', `/status_pages/acme/info_notices/${n.id}/updates/${u.json.update.id}`, { update: { description: 'Done!' } })).json.update
        .description,
    ).toBe('Done!');
    expect((await op(sim, 'DELETE', `/status_pages/acme/info_notices/${n.id}/updates/${u.json.update.id}`)).status).toBe(200);
    expect((await op(sim, 'DELETE', `/status_pages/acme/info_notices/${n.id}`)).status).toBe(200);
  });

  it('metric entry (1)', async () => {
    const sim = await start();
    const a = await op(sim, 'POST', '/status_pages/acme/metrics/1/entries', { entry: { time: 1_717_243_200, value: 42.5 } });
    expect(a.status).toBe(201);
    expect(a.json).toEqual({ entry: { time: 1_717_243_200, value: 42.5 } });
  });

  it('subscriptions (5)', async () => {
    const sim = await start();
    const list = await op(sim, 'GET', '/status_pages/acme/subscriptions');
    expect(list.json.subscriptions).toHaveLength(3);
    expect(list.json.meta.total_count).toBe(3);
    const add = await op(sim, 'POST', '/status_pages/acme/subscriptions', { subscription: { email: 'bob@example.com' } });
    expect(add.status).toBe(201);
    const id = add.json.subscription.id as string;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(add.json.subscription.kind).toBe('email');
    expect((await op(sim, 'GET', `/status_pages/acme/subscriptions/${id}`)).json.subscription.email).toBe('bob@example.com');
    expect((await op(sim, 'PUT', `/status_pages/acme/subscriptions/${id}`, { subscription: { email: 'robert@example.com' } })).json.subscription.email).toBe(
      'robert@example.com',
    );
    expect((await op(sim, 'DELETE', `/status_pages/acme/subscriptions/${id}`)).status).toBe(200);
  });

  it('organization status pages (5)', async () => {
    const sim = await start();
    const list = await op(sim, 'GET', '/orgs/1/status_pages');
    expect(list.json.status_pages.map((p: any) => p.subdomain)).toEqual(['acme', 'acme-eu']);
    expect(list.json).toHaveProperty('links');
    expect(list.json.meta.total_count).toBe(2);
    const add = await op(sim, 'POST', '/orgs/1/status_pages', { status_page: { subdomain: 'acme-labs', name: 'Acme Labs', time_zone: 'Etc/UTC' } });
    expect(add.status).toBe(201);
    expect(add.json.status_page).toMatchObject({ subdomain: 'acme-labs', name: 'Acme Labs', current_incident_type: null });
    expect((await op(sim, 'GET', '/orgs/1/status_pages/acme-labs')).json.status_page.name).toBe('Acme Labs');
    expect((await op(sim, 'PUT', '/orgs/1/status_pages/acme-labs', { status_page: { name: 'Labs' } })).json.status_page.name).toBe('Labs');
    expect((await op(sim, 'GET', '/status_pages/acme-labs/summary', undefined, null)).status).toBe(200);
    expect((await op(sim, 'DELETE', '/orgs/1/status_pages/acme-labs')).status).toBe(200);
    expect((await call(sim, 'GET', '/status_pages/acme-labs/summary')).status).toBe(404);
  });

  it('services (5)', async () => {
    const sim = await start();
    const list = await op(sim, 'GET', '/status_pages/acme/services');
    // Top-level services only, each naming its children (the real service's shape, docs/statuspal-services.md).
    expect(list.json.services.map((s: any) => s.name)).toEqual(['Web', 'Data']);
    expect(list.json.services[0]).toMatchObject({ id: 1, parent_id: null, children_ids: [2, 3] });
    for (const k of ['description', 'private_description', 'monitoring', 'ping_url', 'private', 'order', 'auto_incident', 'translations', 'updated_at']) {
      expect(list.json.services[0], k).toHaveProperty(k);
    }
    const add = await op(sim, 'POST', '/status_pages/acme/services', { service: { name: 'Search', parent_id: 1 } });
    expect(add.status).toBe(201);
    const id = add.json.service.id;
    expect((await op(sim, 'GET', `/status_pages/acme/services/${id}`)).json.service).toMatchObject({ name: 'Search', parent_id: 1 });
    expect((await op(sim, 'PUT', `/status_pages/acme/services/${id}`, { service: { name: 'Search v2' } })).json.service.name).toBe('Search v2');
    expect((await op(sim, 'GET', '/status_pages/acme/services/1')).json.service.children_ids).toEqual([2, 3, id]);
    expect((await op(sim, 'DELETE', `/status_pages/acme/services/${id}`)).status).toBe(200);
  });

  it('webhooks (5), lists without links or meta', async () => {
    const sim = await start();
    const list = await op(sim, 'GET', '/status_pages/acme/webhooks');
    expect(Object.keys(list.json)).toEqual(['webhooks']);
    const add = await op(sim, 'POST', '/status_pages/acme/webhooks', { webhook: { url: 'https://example.com/hook', events: ['incident.created'] } });
    expect(add.status).toBe(201);
    const id = add.json.webhook.id;
    expect((await op(sim, 'GET', `/status_pages/acme/webhooks/${id}`)).json.webhook.url).toBe('https://example.com/hook');
    expect((await op(sim, 'PUT', `/status_pages/acme/webhooks/${id}`, { webhook: { events: ['incident.updated'] } })).json.webhook.events).toEqual([
      'incident.updated',
    ]);
    expect((await op(sim, 'DELETE', `/status_pages/acme/webhooks/${id}`)).status).toBe(200);
  });

  it('access groups (5), lists without links or meta', async () => {
    const sim = await start();
    const list = await op(sim, 'GET', '/status_pages/acme/access_groups');
    expect(Object.keys(list.json)).toEqual(['access_groups']);
    const add = await op(sim, 'POST', '/status_pages/acme/access_groups', { access_group: { name: 'Partners', service_ids: [4] } });
    expect(add.status).toBe(201);
    const id = add.json.access_group.id;
    expect((await op(sim, 'GET', `/status_pages/acme/access_groups/${id}`)).json.access_group.name).toBe('Partners');
    expect((await op(sim, 'PUT', `/status_pages/acme/access_groups/${id}`, { access_group: { name: 'Partners+' } })).json.access_group.name).toBe('Partners+');
    expect((await op(sim, 'DELETE', `/status_pages/acme/access_groups/${id}`)).status).toBe(200);
  });

  it('status page members (4) and organization members (4)', async () => {
    const sim = await start();
    for (const prefix of ['/status_pages/acme/members', '/orgs/1/members']) {
      const list = await op(sim, 'GET', prefix);
      expect(list.json).toHaveProperty('links');
      expect(list.json).toHaveProperty('meta');
      const add = await op(sim, 'POST', prefix, { member: { email: 'new@acme.example', role: 'editor' } });
      expect(add.status).toBe(201);
      expect(add.json.member).toMatchObject({ email: 'new@acme.example', role: 'editor' });
      const id = add.json.member.id;
      expect((await op(sim, 'PUT', `${prefix}/${id}`, { member: { role: 'admin' } })).json.member.role).toBe('admin');
      expect((await op(sim, 'GET', `${prefix}?email=new@acme.example`)).json.members.map((m: any) => m.id)).toEqual([id]);
      expect((await op(sim, 'DELETE', `${prefix}/${id}`)).status).toBe(200);
    }
  });

  afterAll(() => {
    const missing = ALL_ROUTES.map((r) => r.op).filter((o) => !succeeded.has(o));
    expect(missing).toEqual([]);
  });
});

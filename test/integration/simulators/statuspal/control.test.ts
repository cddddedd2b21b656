import { describe, expect, it } from 'vitest';
import { createSimulatorControlClient, SimulatorControlError } from '../../../../simulators/statuspal';
import { api, call, loadFixture, useSimulators } from './helpers';

describe('control over HTTP', () => {
  const start = useSimulators();

  it('scripts incidents, updates, levels, maintenances, notices and the clock', async () => {
    const sim = await start();
    const ctl = createSimulatorControlClient(sim.origin);
    const inc = await ctl.openIncident({ page: 'acme', type: 'major', title: 'Remote', services: [2], message: 'Broken' });
    expect(inc).toMatchObject({ type: 'major', title: 'Remote', service_ids: [2] });
    expect(inc.updates).toMatchObject([{ type: 'issue', description: 'Broken' }]);
    const u = await ctl.addUpdate({ page: 'acme', incidentId: inc.id, type: 'monitoring', message: 'Watching' });
    expect(u).toMatchObject({ type: 'monitoring', description: 'Watching' });
    expect((await api(sim).get('/status_pages/acme/status')).json.status_page.current_incident_type).toBe('major');
    const resolved = await ctl.resolveIncident({ page: 'acme', incidentId: inc.id });
    expect(resolved.ends_at).not.toBeNull();
    expect(await ctl.setServiceLevel({ page: 'acme', serviceId: 5, level: 'minor' })).toMatchObject({ service: { current_incident_type: 'minor' } });
    expect((await ctl.summary('acme')).current_status_type).toBe('minor');

    const now = await ctl.now();
    expect(now.toISOString()).toBe('2025-06-01T12:00:00.000Z');
    const m = await ctl.scheduleMaintenance({
      page: 'acme',
      title: 'Later',
      startsAt: new Date(now.getTime() + 60_000),
      endsAt: new Date(now.getTime() + 120_000),
    });
    expect((await ctl.advanceClock(60_000)).toISOString()).toBe('2025-06-01T12:01:00.000Z');
    expect(((await ctl.summary('acme')).maintenances as any[]).map((x) => x.id)).toEqual([m.id]);
    expect((await ctl.setClock('2025-06-01T12:00:00')).toISOString()).toBe('2025-06-01T12:00:00.000Z');

    const n = await ctl.postNotice({ page: 'acme', title: 'Remote notice', message: 'Hi' });
    expect(n.title).toBe('Remote notice');
    await ctl.removeNotice({ page: 'acme', noticeId: n.id });
    await ctl.setIncidentType({ page: 'acme', type: 'partial', base: 'minor' });
    expect((await ctl.openIncident({ page: 'acme', type: 'partial', title: 'p' })).type).toBe('partial');
    expect(await ctl.addMetric({ page: 'acme', name: 'Latency' })).toEqual({ id: 2 });
    const st = await ctl.state();
    expect(st).toMatchObject({ now: '2025-06-01T12:00:00', frozen: true, offline: null, pages: ['acme', 'acme-eu', 'globex'] });
  });

  it('errors carry the status: 404 unknown page or id, 422 bad input, 404 unknown method', async () => {
    const sim = await start();
    const ctl = createSimulatorControlClient(sim.origin);
    await expect(ctl.openIncident({ page: 'nope', title: 'x' })).rejects.toMatchObject({ status: 404 });
    await expect(ctl.resolveIncident({ page: 'acme', incidentId: 9999 })).rejects.toMatchObject({ status: 404 });
    await expect(ctl.openIncident({ page: 'acme', type: 'weird', title: 'x' })).rejects.toMatchObject({ status: 422 });
    await expect(ctl.advanceClock(-5)).rejects.toBeInstanceOf(SimulatorControlError);
    await expect(ctl.setFaults({ resetRate: 5 })).rejects.toMatchObject({ status: 422 });
    const r = await fetch(`${sim.origin}/__control/doesNotExist`, { method: 'POST' });
    expect(r.status).toBe(404);
    // refuse mode over HTTP needs forMs, or nothing could bring the server back
    await expect(ctl.goOffline()).rejects.toMatchObject({ status: 422 });
  });

  it('keys, faults, offline, write log, request counts and reset', async () => {
    const sim = await start();
    const ctl = createSimulatorControlClient(sim.origin);
    const k = await ctl.addKey({ kind: 'user', email: 'ctl@acme.example', roles: [{ page: 'acme', role: 'editor' }] });
    expect(k.id).toMatch(/^key_\d+$/);
    const c = api(sim, k.key);
    expect((await c.post('/status_pages/acme/incidents', { incident: { type: 'minor', title: 'by ctl key' } })).status).toBe(201);

    await ctl.setFaults([{ pathPrefix: '/hello', errorRates: { 502: 1 } }]);
    expect((await api(sim).get('/hello')).status).toBe(502);
    await ctl.clearFaults();
    await ctl.rateLimitBurst(1, 3);
    expect((await api(sim).get('/hello')).headers.get('retry-after')).toBe('3');
    await ctl.setRateLimit({ limit: 1000, windowMs: 1000 });
    expect((await ctl.state()).rateLimit).toEqual({ limit: 1000, windowMs: 1000 });

    await ctl.goOffline({ mode: 'reset' });
    await expect(fetch(`${sim.baseUrl}/hello`)).rejects.toThrow();
    expect((await ctl.state()).offline).toBe('reset');
    await ctl.goOnline();
    await ctl.goOffline({ mode: 'refuse', forMs: 100 });
    await new Promise((r) => setTimeout(r, 30));
    await expect(fetch(`${sim.baseUrl}/hello`)).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 250));
    expect((await api(sim).get('/hello')).status).toBe(200);

    const log = await ctl.writeLog({ op: 'incidents.create' });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ method: 'POST', path: '/api/v2/status_pages/acme/incidents', keyId: k.id, status: 201 });
    expect(JSON.stringify(log)).not.toContain(k.key);
    expect(await ctl.requestCount('/hello')).toBeGreaterThanOrEqual(3);
    expect((await ctl.requestCounts())['/api/v2/hello']).toBeGreaterThanOrEqual(3);
    expect(await ctl.peakRequestsInProgress('/hello')).toBeGreaterThanOrEqual(1);

    const seeded = await ctl.seedSummary(loadFixture('peak-customer-api-down.json'), { subdomain: 'peak' });
    expect(seeded.subdomain).toBe('peak');
    expect((await api(sim).get('/status_pages/peak/status')).json.status_page.current_incident_type).toBe('major');

    await ctl.reset();
    expect(await ctl.writeLog()).toEqual([]);
    expect(await ctl.requestCount()).toBe(0);
    expect((await ctl.state()).pages).toEqual(['acme', 'acme-eu', 'globex']);
    expect((await ctl.state()).rateLimit).toBe(false);
    expect((await api(sim, k.key).get('/status_pages/acme/services')).status).toBe(401); // keys added later are gone
  });

  it('is off when the server was started with control: false', async () => {
    const sim = await start({ control: false });
    expect((await fetch(`${sim.origin}/__control/state`)).status).toBe(404);
    expect((await api(sim).get('/hello')).status).toBe(200);
  });
});

describe('write log and request counts', () => {
  const start = useSimulators();

  it('logs every accepted write in order with method, path, parsed body, result id, time and key id', async () => {
    const sim = await start();
    const rw = api(sim, sim.keys.demoReadWrite);
    const user = api(sim, sim.keys.demoUser);
    const body = { incident: { type: 'minor', title: 'one' } };
    const a = await rw.post('/status_pages/acme/incidents', body);
    await call(sim, 'POST', '/status_pages/acme/incidents', { key: sim.keys.demoReadWrite, body, headers: { 'idempotency-key': 'op-42' } });
    await user.put(`/status_pages/acme/incidents/${a.json.incident.id}`, { incident: { title: 'uno' } });
    await rw.post('/status_pages/acme/subscriptions', { email: 'log@example.com' });
    await rw.del(`/status_pages/acme/incidents/${a.json.incident.id}`);
    // refused writes are not logged
    await api(sim, sim.keys.demoReadOnly).post('/status_pages/acme/incidents', body);
    await rw.post('/status_pages/acme/incidents', { incident: { type: 'minor', title: '' } });
    await rw.get('/status_pages/acme/subscriptions');

    const log = sim.writeLog();
    expect(log.map((e) => [e.seq, e.method, e.op, e.status])).toEqual([
      [1, 'POST', 'incidents.create', 201],
      [2, 'POST', 'incidents.create', 201],
      [3, 'PUT', 'incidents.update', 200],
      [4, 'POST', 'subscriptions.create', 201],
      [5, 'DELETE', 'incidents.delete', 200],
    ]);
    expect(log[0]).toMatchObject({
      path: '/api/v2/status_pages/acme/incidents',
      body,
      resultId: a.json.incident.id,
      time: '2025-06-01T12:00:00',
      keyId: 'key_1',
      requestId: null,
      dropped: false,
    });
    expect(log[1]!.requestId).toBe('op-42');
    expect(log[2]!.keyId).not.toBe(log[0]!.keyId);
    expect(typeof log[3]!.resultId).toBe('string'); // subscription UUID
    expect(JSON.stringify(log)).not.toContain(sim.keys.demoReadWrite);
    // duplicates are easy to count
    expect(log.filter((e) => e.op === 'incidents.create' && (e.body as any).incident.title === 'one')).toHaveLength(2);
    expect(sim.writeLog({ method: 'delete' })).toHaveLength(1);
    expect(sim.writeLog({ pathPrefix: '/status_pages/acme/subscriptions' })).toHaveLength(1);
    sim.clearWriteLog();
    expect(sim.writeLog()).toEqual([]);
  });

  it('counts every request received per path, whatever the answer', async () => {
    const sim = await start();
    for (let i = 0; i < 3; i++) await api(sim).get('/status_pages/acme/summary');
    await api(sim).get('/status_pages/acme-eu/summary');
    await api(sim).get('/status_pages/nope/summary');
    await api(sim).get('/hello');
    expect(sim.requestCount('/status_pages/acme/summary')).toBe(3);
    expect(sim.requestCount('/api/v2/status_pages/acme')).toBe(4);
    expect(sim.requestCount('/status_pages/')).toBe(5);
    expect(sim.requestCount()).toBe(6);
    expect(sim.requestCounts()['/api/v2/status_pages/nope/summary']).toBe(1);
    sim.clearRequestCounts();
    expect(sim.requestCount()).toBe(0);
  });
});

describe('answer style options', () => {
  const start = useSimulators();

  it('DELETE answers 200 with "" by default, or {} or an empty body', async () => {
    for (const [deleteBody, text] of [
      [undefined, '""'],
      ['""', '""'],
      ['{}', '{}'],
      ['empty', ''],
    ] as const) {
      const sim = await start({ deleteBody });
      const a = await api(sim, sim.keys.demoReadWrite).del('/status_pages/acme/incidents/1');
      expect([deleteBody, a.status, a.text]).toEqual([deleteBody, 200, text]);
    }
  });

  it('creations answer 201 by default, 200 when configured', async () => {
    const sim = await start({ createStatus: 200 });
    expect((await api(sim, sim.keys.demoReadWrite).post('/status_pages/acme/webhooks', { webhook: { url: 'https://x.example' } })).status).toBe(200);
  });

  it('an empty seed has the organizations and keys but no pages', async () => {
    const sim = await start({ seed: 'empty' });
    expect(sim.state().pages).toEqual([]);
    const c = api(sim, sim.keys.demoReadWrite);
    expect((await c.get('/orgs/1/status_pages')).json).toEqual({ status_pages: [], links: { next: null, prev: null }, meta: { total_count: 0 } });
    expect((await c.post('/orgs/1/status_pages', { status_page: { subdomain: 'fresh', name: 'Fresh' } })).status).toBe(201);
    expect((await c.post('/status_pages/fresh/services', { service: { name: 'One' } })).json.service.id).toBe(1);
  });

  it('a running clock follows real time', async () => {
    const sim = await start({ now: undefined });
    expect(sim.state().frozen).toBe(false);
    const t0 = sim.now().getTime();
    expect(Math.abs(t0 - Date.now())).toBeLessThan(1000);
    await new Promise((r) => setTimeout(r, 30));
    expect(sim.now().getTime()).toBeGreaterThan(t0);
  });
});

import { describe, expect, it } from 'vitest';
import { api, DATETIME, useSimulators } from './helpers';

describe('incident lifecycle', () => {
  const start = useSimulators();

  it('create → update → add updates → resolve closes → reopen by deleting the resolution', async () => {
    const sim = await start();
    const c = api(sim, sim.keys.demoReadWrite);
    const created = await c.post('/status_pages/acme/incidents', {
      incident: { type: 'major', title: 'Queue stuck', service_ids: [6], updates: [{ type: 'issue', description: 'Looking' }] },
    });
    const inc = created.json.incident;
    expect(inc).toMatchObject({
      starts_at: '2025-06-01T12:00:00',
      ends_at: null,
      inserted_at: '2025-06-01T12:00:00',
      url: `https://acme.statuspal.io/incidents/${inc.id}`,
    });
    expect((await c.get('/status_pages/acme/summary')).json.incidents.map((i: any) => i.id)).toEqual([inc.id]);

    sim.advanceClock(60_000);
    const put = await c.put(`/status_pages/acme/incidents/${inc.id}`, { incident: { title: 'Queue slow', type: 'minor' } });
    expect(put.json.incident.updated_at).toBe('2025-06-01T12:01:00');
    expect(put.json.incident.inserted_at).toBe('2025-06-01T12:00:00');

    sim.advanceClock(60_000);
    const resolved = await c.post(`/status_pages/acme/incidents/${inc.id}/updates`, { update: { type: 'resolved', description: 'All good' } });
    expect(resolved.status).toBe(201);
    const after = (await c.get(`/status_pages/acme/incidents/${inc.id}`)).json.incident;
    expect(after.ends_at).toBe('2025-06-01T12:02:00');
    expect(after.updates.map((u: any) => u.type)).toEqual(['resolved', 'issue']); // newest first
    const summary = (await c.get('/status_pages/acme/summary')).json;
    expect(summary.incidents).toEqual([]);
    expect(summary.status_page.current_incident_type).toBeNull();
    expect(summary.current_status_type).toBeNull();

    // removing the resolving update reopens it
    await c.del(`/status_pages/acme/incidents/${inc.id}/updates/${resolved.json.update.id}`);
    const reopened = (await c.get(`/status_pages/acme/incidents/${inc.id}`)).json.incident;
    expect(reopened.ends_at).toBeNull();
    expect((await c.get('/status_pages/acme/summary')).json.incidents.map((i: any) => i.id)).toEqual([inc.id]);

    // changing an update's type to resolved closes it too
    const issueId = reopened.updates[0].id;
    await c.put(`/status_pages/acme/incidents/${inc.id}/updates/${issueId}`, { update: { type: 'resolved' } });
    expect((await c.get('/status_pages/acme/summary')).json.incidents).toEqual([]);
  });

  it('updated_at changes on every write, even within the same second', async () => {
    const sim = await start();
    const c = api(sim, sim.keys.demoReadWrite);
    const inc = (await c.post('/status_pages/acme/incidents', { incident: { type: 'minor', title: 'a' } })).json.incident;
    const seen = new Set<string>([inc.updated_at]);
    for (let i = 0; i < 3; i++) {
      const r = await c.put(`/status_pages/acme/incidents/${inc.id}`, { incident: { title: `a${i}` } });
      expect(r.json.incident.updated_at).toMatch(DATETIME);
      seen.add(r.json.incident.updated_at);
    }
    const u = await c.post(`/status_pages/acme/incidents/${inc.id}/updates`, { update: { type: 'update', description: 'x' } });
    seen.add((await c.get(`/status_pages/acme/incidents/${inc.id}`)).json.incident.updated_at);
    expect(seen.size).toBe(5);
    const u2 = await c.put(`/status_pages/acme/incidents/${inc.id}/updates/${u.json.update.id}`, { update: { description: 'y' } });
    expect(u2.json.update.updated_at > u.json.update.updated_at).toBe(true);
  });

  it('notify stamps subscribers_notified_at; description_html is rendered; posted_at can be given', async () => {
    const sim = await start();
    const c = api(sim, sim.keys.demoReadWrite);
    const inc = (
      await c.post('/status_pages/acme/incidents', {
        incident: { type: 'minor', title: 'n', notify: true, updates: [{ type: 'issue', description: 'a <b>\nline two\n\npara' }] },
      })
    ).json.incident;
    expect(inc.updates[0].subscribers_notified_at).toBe('2025-06-01T12:00:00');
    expect(inc.updates[0].description_html).toBe('<p>\na &lt;b&gt;  <br />\nline two</p>\n<p>\npara</p>\n');
    const u = await c.post(`/status_pages/acme/incidents/${inc.id}/updates`, {
      update: { type: 'update', description: 'x', posted_at: '2025-06-01T11:00:00Z' },
    });
    expect(u.json.update).toMatchObject({ posted_at: '2025-06-01T11:00:00', subscribers_notified_at: null, tweet: false });
    const order = (await c.get(`/status_pages/acme/incidents/${inc.id}`)).json.incident.updates.map((x: any) => x.id);
    expect(order).toEqual([inc.updates[0].id, u.json.update.id]); // sorted by posted_at, newest first
  });

  it('a retroactive incident (ends_at in the past) is closed; clearing ends_at reopens it', async () => {
    const sim = await start();
    const c = api(sim, sim.keys.demoReadWrite);
    const inc = (
      await c.post('/status_pages/acme/incidents', {
        incident: { type: 'major', title: 'old', starts_at: '2025-05-01T10:00:00', ends_at: '2025-05-01T11:00:00' },
      })
    ).json.incident;
    expect((await c.get('/status_pages/acme/summary')).json.incidents).toEqual([]);
    await c.put(`/status_pages/acme/incidents/${inc.id}`, { incident: { ends_at: null } });
    expect((await c.get('/status_pages/acme/summary')).json.incidents.map((i: any) => i.id)).toEqual([inc.id]);
  });

  it('deleting an incident removes it from lists and levels', async () => {
    const sim = await start();
    const c = api(sim, sim.keys.demoReadWrite);
    const inc = (await c.post('/status_pages/acme/incidents', { incident: { type: 'major', title: 'x', service_ids: [2] } })).json.incident;
    expect((await c.get('/status_pages/acme/status')).json.status_page.current_incident_type).toBe('major');
    expect((await c.del(`/status_pages/acme/incidents/${inc.id}`)).text).toBe('""');
    expect((await c.get('/status_pages/acme/status')).json.status_page.current_incident_type).toBeNull();
    expect((await c.get('/status_pages/acme/incidents')).json.incidents.map((i: any) => i.id)).not.toContain(inc.id);
    expect((await c.del(`/status_pages/acme/incidents/${inc.id}`)).status).toBe(404);
  });
});

import { describe, expect, it } from 'vitest';
import { api, useSimulators } from './helpers';

const HOUR = 3_600_000;

describe('derived state: levels, maintenances, notices', () => {
  const start = useSimulators();

  const levels = async (sim: Awaited<ReturnType<ReturnType<typeof useSimulators>>>, page = 'acme') => {
    const s = (await api(sim).get(`/status_pages/${page}/summary`)).json;
    const flat: Record<string, string | null> = {};
    const walk = (list: any[]) => {
      for (const x of list) {
        flat[x.name] = x.current_incident_type;
        walk(x.children);
      }
    };
    walk(s.services);
    return { page: s.status_page.current_incident_type, status: s.current_status_type, services: flat, summary: s };
  };

  it('a child incident raises its parent; the page takes the worst base level', async () => {
    const sim = await start();
    const a = sim.openIncident({ page: 'acme', type: 'minor', title: 'DB slow', services: [5] });
    let l = await levels(sim);
    expect(l.services).toEqual({ Web: null, API: null, Dashboard: null, Data: 'minor', Database: 'minor', Queue: null });
    expect([l.page, l.status]).toEqual(['minor', 'minor']);

    const b = sim.openIncident({ page: 'acme', type: 'major', title: 'API down', services: [2] });
    l = await levels(sim);
    expect(l.services).toMatchObject({ Web: 'major', API: 'major', Data: 'minor' });
    expect([l.page, l.status]).toEqual(['major', 'major']);

    sim.resolveIncident({ page: 'acme', incidentId: b.id });
    l = await levels(sim);
    expect([l.page, l.services.Web, l.services.API]).toEqual(['minor', null, null]);
    sim.resolveIncident({ page: 'acme', incidentId: a.id });
    l = await levels(sim);
    expect([l.page, l.status, l.services.Data]).toEqual([null, null, null]);
  });

  it('custom types keep their name and map to their base level', async () => {
    const sim = await start();
    sim.openIncident({ page: 'acme', type: 'performance', title: 'Slow', services: [3] });
    let l = await levels(sim);
    expect([l.page, l.status, l.services.Web, l.services.Dashboard]).toEqual(['performance', 'minor', 'performance', 'performance']);
    // major outranks the custom minor
    sim.openIncident({ page: 'acme', type: 'major', title: 'Down', services: [2] });
    l = await levels(sim);
    expect([l.page, l.status, l.services.Web, l.services.Dashboard]).toEqual(['major', 'major', 'major', 'performance']);
    // a page-specific custom type defined through control
    sim.setIncidentType({ page: 'globex', type: 'degraded', base: 'major' });
    sim.openIncident({ page: 'globex', type: 'degraded', title: 'Portal', services: [10] });
    const g = await levels(sim, 'globex');
    expect([g.page, g.status, g.services.Portal]).toEqual(['degraded', 'major', 'degraded']);
  });

  it('the demo acme-eu page starts with an open performance incident', async () => {
    const sim = await start();
    const l = await levels(sim, 'acme-eu');
    expect([l.page, l.status]).toEqual(['performance', 'minor']);
    expect(l.services).toEqual({ 'EU Web': 'performance', 'EU API': 'performance', 'EU Data': null });
  });

  it('service status and service summary follow the subtree', async () => {
    const sim = await start();
    const inc = sim.openIncident({ page: 'acme', type: 'major', title: 'Queue', services: [6] });
    const c = api(sim);
    expect((await c.get('/status_pages/acme/services/4/status')).json.service).toMatchObject({
      current_incident_type: 'major',
      children: [
        { name: 'Database', current_incident_type: null },
        { name: 'Queue', current_incident_type: 'major' },
      ],
    });
    const s4 = (await c.get('/status_pages/acme/services/4/summary')).json;
    expect(s4.incidents.map((i: any) => i.id)).toEqual([inc.id]);
    expect(s4.current_status_type).toBe('major');
    const s1 = (await c.get('/status_pages/acme/services/1/summary')).json;
    expect([s1.incidents, s1.current_status_type]).toEqual([[], null]);
  });

  it('setServiceLevel sets a level directly; auto follows incidents again', async () => {
    const sim = await start();
    const r = sim.setServiceLevel({ page: 'acme', serviceId: 3, level: 'major' });
    expect(r).toMatchObject({ service: { id: 3, current_incident_type: 'major' } });
    let l = await levels(sim);
    expect([l.page, l.services.Web, l.services.Dashboard]).toEqual(['major', 'major', 'major']);
    sim.setServiceLevel({ page: 'acme', serviceId: 3, level: 'auto' });
    l = await levels(sim);
    expect([l.page, l.services.Web]).toEqual([null, null]);
    const before = (await api(sim, sim.keys.demoReadWrite).get('/status_pages/acme/services/3')).json.service.updated_at;
    sim.setServiceLevel({ page: 'acme', serviceId: 3, level: null });
    expect((await api(sim, sim.keys.demoReadWrite).get('/status_pages/acme/services/3')).json.service.updated_at > before).toBe(true);
  });

  it('maintenances: upcoming before start, active inside the window, gone after; levels only while active', async () => {
    const sim = await start();
    const m = sim.scheduleMaintenance({
      page: 'acme',
      title: 'Router swap',
      startsAt: new Date(sim.now().getTime() + HOUR),
      endsAt: new Date(sim.now().getTime() + 3 * HOUR),
      services: [2],
    });
    let l = await levels(sim);
    expect(l.summary.upcoming_maintenances.map((x: any) => x.id)).toContain(m.id);
    expect(l.summary.maintenances).toEqual([]);
    expect([l.page, l.services.API]).toEqual([null, null]);

    sim.advanceClock(HOUR);
    l = await levels(sim);
    expect(l.summary.maintenances.map((x: any) => x.id)).toEqual([m.id]);
    expect(l.summary.upcoming_maintenances.map((x: any) => x.id)).not.toContain(m.id);
    expect(l.summary.incidents).toEqual([]);
    expect([l.page, l.status, l.services.Web, l.services.API]).toEqual(['scheduled', 'scheduled', 'scheduled', 'scheduled']);

    // an incident during the maintenance outranks it
    const inc = sim.openIncident({ page: 'acme', type: 'minor', title: 'Also broken', services: [3] });
    l = await levels(sim);
    expect([l.page, l.services.Web, l.services.API]).toEqual(['minor', 'minor', 'scheduled']);
    sim.resolveIncident({ page: 'acme', incidentId: inc.id });

    sim.advanceClock(2 * HOUR);
    l = await levels(sim);
    expect(l.summary.maintenances).toEqual([]);
    expect([l.page, l.services.API]).toEqual([null, null]);
    // still listed as an incident of the page
    expect((await api(sim).get('/status_pages/acme/incidents?type=scheduled')).json.incidents.map((x: any) => x.id)).toContain(m.id);
    // moving the clock back brings it back
    sim.setClock(new Date(sim.now().getTime() - 2 * HOUR));
    expect((await levels(sim)).summary.maintenances.map((x: any) => x.id)).toEqual([m.id]);
  });

  it('a maintenance without an end stays active until resolved; resolving ends it now', async () => {
    const sim = await start();
    const m = sim.scheduleMaintenance({ page: 'acme', type: 'emergency-maintenance', title: 'Emergency', startsAt: sim.now(), endsAt: null, services: [5] });
    let l = await levels(sim);
    expect(l.summary.maintenances.map((x: any) => x.id)).toEqual([m.id]);
    expect([l.page, l.status, l.services.Data]).toEqual(['emergency-maintenance', 'scheduled', 'emergency-maintenance']);
    sim.advanceClock(10 * 24 * HOUR);
    expect((await levels(sim)).summary.maintenances.map((x: any) => x.id)).toEqual([m.id]);
    const done = sim.resolveIncident({ page: 'acme', incidentId: m.id });
    expect(done.ends_at).toBe(sim.now().toISOString().slice(0, 19));
    l = await levels(sim);
    expect([l.summary.maintenances, l.page]).toEqual([[], null]);
  });

  it('maintenances created through the API behave the same (type scheduled, starts_at in the future)', async () => {
    const sim = await start();
    const c = api(sim, sim.keys.demoReadWrite);
    const m = (
      await c.post('/status_pages/acme/incidents', {
        incident: { type: 'scheduled', title: 'Planned', starts_at: '2025-06-01T13:00:00', ends_at: '2025-06-01T14:00:00', service_ids: [1] },
      })
    ).json.incident;
    expect((await c.get('/status_pages/acme/summary')).json.upcoming_maintenances.map((x: any) => x.id)).toEqual([m.id, 2]);
    sim.advanceClock(HOUR);
    expect((await c.get('/status_pages/acme/summary')).json.maintenances.map((x: any) => x.id)).toEqual([m.id]);
  });

  it('notices are featured between featured_from and featured_until; removing one drops it', async () => {
    const sim = await start();
    const c = api(sim);
    const base = (await c.get('/status_pages/acme/summary')).json.info_notices.length;
    const n = sim.postNotice({ page: 'acme', title: 'Heads up', featuredUntil: new Date(sim.now().getTime() + HOUR) });
    const later = sim.postNotice({ page: 'acme', title: 'Later', featuredFrom: new Date(sim.now().getTime() + 2 * HOUR) });
    let notices = (await c.get('/status_pages/acme/summary')).json.info_notices.map((x: any) => x.id);
    expect(notices).toContain(n.id);
    expect(notices).not.toContain(later.id);
    expect(notices).toHaveLength(base + 1);
    sim.advanceClock(2 * HOUR);
    notices = (await c.get('/status_pages/acme/summary')).json.info_notices.map((x: any) => x.id);
    expect(notices).not.toContain(n.id);
    expect(notices).toContain(later.id);
    sim.removeNotice({ page: 'acme', noticeId: later.id });
    expect((await c.get(`/status_pages/acme/info_notices/${later.id}`)).status).toBe(404);
    // notices never change levels
    expect((await c.get('/status_pages/acme/status')).json.status_page.current_incident_type).toBeNull();
  });

  it('deleting a parent service moves its children up; incidents lose the reference', async () => {
    const sim = await start();
    const c = api(sim, sim.keys.demoReadWrite);
    const inc = sim.openIncident({ page: 'acme', type: 'major', title: 'Web', services: [1, 2] });
    await c.del('/status_pages/acme/services/1');
    const s = (await c.get('/status_pages/acme/summary')).json;
    expect(s.services.map((x: any) => x.name)).toEqual(['API', 'Dashboard', 'Data']);
    expect((await c.get(`/status_pages/acme/incidents/${inc.id}`)).json.incident.service_ids).toEqual([2]);
    expect((await c.get('/status_pages/acme/services/2')).json.service.parent_id).toBeNull();
  });
});

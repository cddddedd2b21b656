import { describe, expect, it } from 'vitest';
import { startStatusPageSimulator } from '../../../../simulators/statuspal';
import { api, fixtureNames, loadFixture, useSimulators } from './helpers';

/**
 * Seeding from a captured summary gives back an equivalent summary: every field of the capture is in
 * the simulator's answer with the same value (the simulator may add fields, e.g. `translations`).
 */

/** Differences where `actual` lacks or changes something `expected` has. Arrays compare element-wise. */
function missing(expected: unknown, actual: unknown, path = '$'): string[] {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path}: expected an array`];
    if (expected.length !== actual.length) return [`${path}: length ${actual.length} != ${expected.length}`];
    return expected.flatMap((e, i) => missing(e, actual[i], `${path}[${i}]`));
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object') return [`${path}: expected an object`];
    return Object.entries(expected).flatMap(([k, v]) =>
      k in (actual as object) ? missing(v, (actual as Record<string, unknown>)[k], `${path}.${k}`) : [`${path}.${k}: absent`],
    );
  }
  return Object.is(expected, actual) ? [] : [`${path}: ${JSON.stringify(actual)} != ${JSON.stringify(expected)}`];
}

const tree = (services: any[]): unknown =>
  services.filter((s) => typeof s.id === 'number').map((s) => [s.id, s.name, s.current_incident_type, tree(s.children ?? [])]);

const REAL = fixtureNames().filter((n) => n !== 'maintenance-ongoing-with-incident.json');

describe('round trip of the real captured summaries', () => {
  const start = useSimulators();

  it('finds all six fixtures', () => {
    expect(fixtureNames()).toHaveLength(6);
  });

  for (const name of REAL) {
    it(`${name}: GET summary returns the captured document`, async () => {
      const doc = loadFixture(name);
      const sim = await start({ seed: { summaries: [doc] }, now: undefined });
      const sd = doc.status_page.subdomain;
      const got = (await api(sim).get(`/status_pages/${sd}/summary`)).json;
      expect(missing(doc, got)).toEqual([]);
      // and nothing the capture lacks: older pages omit current_status_type and info_notices
      expect(Object.keys(got).sort()).toEqual(Object.keys(doc).sort());
      expect(tree(got.services)).toEqual(tree(doc.services));
      const status = (await api(sim).get(`/status_pages/${sd}/status`)).json.status_page;
      expect(status.current_incident_type).toBe(doc.status_page.current_incident_type);
      // the open items are reachable one by one too
      for (const i of [...doc.incidents, ...doc.maintenances, ...doc.upcoming_maintenances]) {
        expect((await api(sim).get(`/status_pages/${sd}/incidents/${i.id}`)).json.incident.title).toBe(i.title);
      }
      for (const n of doc.info_notices ?? []) {
        expect((await api(sim).get(`/status_pages/${sd}/info_notices/${n.id}`)).json.info_notice.title).toBe(n.title);
      }
    });
  }

  it('the capture clock: a seeded page starts at its capture instant, so upcoming maintenances are still upcoming', async () => {
    const doc = loadFixture('exoscale-operational.json');
    const sim = await start({ seed: { summaries: [doc] }, now: undefined });
    expect(sim.now().toISOString().slice(0, 19)).toBe('2023-09-12T09:51:15');
    sim.advanceClock(Date.parse('2023-09-20T07:00:00Z') - sim.now().getTime());
    const got = (await api(sim).get('/status_pages/exoscalestatus/summary')).json;
    expect(got.upcoming_maintenances).toEqual([]);
    expect(got.maintenances.map((m: any) => m.id)).toEqual([80061]);
    expect(got.status_page.current_incident_type).toBe('scheduled');
  });

  it('custom types learn their base level from the capture', async () => {
    for (const [name, type, base] of [
      ['exoscale-network-degraded.json', 'performance', 'minor'],
      ['exoscale-recent-incident-closed.json', 'info', 'minor'],
      ['exoscale-vie2-maintenance-critical.json', 'emergency-maintenance', 'scheduled'],
    ] as const) {
      const sim = await startStatusPageSimulator({ seed: 'empty', rateLimit: false });
      try {
        const r = sim.seedSummary(loadFixture(name), { subdomain: 'exo', shiftToNow: true });
        expect([name, r.mismatches, r.levelOverrides]).toEqual([name, [], []]);
        const s = (await api(sim).get('/status_pages/exo/summary')).json;
        expect([s.status_page.current_incident_type, s.current_status_type]).toEqual([type, base]);
        // the type can be used for new incidents on that page
        const c = api(sim, sim.keys.demoReadWrite);
        expect((await c.post('/status_pages/exo/incidents', { incident: { type, title: 'again' } })).status).toBe(201);
      } finally {
        await sim.close();
      }
    }
  });

  it('shiftToNow moves the capture to the current clock, keeping distances', async () => {
    const sim = await start({ seed: 'empty', now: new Date('2030-01-01T00:00:00Z') });
    const r = sim.seedSummary(loadFixture('exoscale-vie2-maintenance-critical.json'), { shiftToNow: true });
    expect(r.captureTime).toBe('2030-01-01T00:00:00');
    const s = (await api(sim).get('/status_pages/exoscalestatus/summary')).json;
    expect(s.maintenances[0].id).toBe(209618);
    expect(s.maintenances[0].inserted_at).toBe('2030-01-01T00:00:00'); // was the latest stamp
    expect(s.upcoming_maintenances[0].id).toBe(208172);
    expect(s.upcoming_maintenances[0].starts_at > '2030-01-01T00:00:00').toBe(true);
  });

  it('several captures at once, and the API docs example with its inconsistencies', async () => {
    const docs = fixtureNames().map(loadFixture);
    const sim = await start({ seed: { summaries: docs }, now: undefined });
    expect(sim.state().pages.sort()).toEqual(['ascentlogistics', 'exoscalestatus', 'google']);

    const google = loadFixture('maintenance-ongoing-with-incident.json');
    const g = await start({ seed: 'empty', now: new Date('2022-01-01T00:00:00Z') });
    const r = g.seedSummary(google);
    // id 89 is listed three times: the incident keeps it, the two maintenance copies get new ids
    expect(r.remappedIds.map((x) => [x.list, x.from])).toEqual([
      ['maintenances', 89],
      ['upcoming_maintenances', 89],
    ]);
    // service 0 is "major" but the incident names service 1: the level is set directly
    expect(r.levelOverrides).toEqual([0]);
    expect(r.mismatches).toEqual([]);
    const got = (await api(g).get('/status_pages/google/summary')).json;
    expect(got.status_page).toMatchObject(google.status_page);
    expect('current_status_type' in got).toBe(false); // the example omits it, as older pages do
    expect(tree(got.services)).toEqual([[0, 'Monitoring service', 'major', []]]); // the `{}` child is dropped
    expect(got.incidents.map((i: any) => [i.id, i.title, i.type])).toEqual([[89, google.incidents[0].title, 'major']]);
    expect(missing(google.incidents[0], got.incidents[0])).toEqual([]);
    expect(got.maintenances.map((m: any) => m.type)).toEqual(['scheduled', 'scheduled']);
  });
});

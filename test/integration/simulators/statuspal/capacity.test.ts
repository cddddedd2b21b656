import { describe, expect, it } from 'vitest';
import { api, loadFixture, useSimulators } from './helpers';

/*
 * Capacity: 500 realistic pages served, a thousand writes taken, and lists and summaries still whole after them.
 * How fast is measured by the benches (the monitor bench polls 500 pages on this simulator), never by a clock
 * here: a timed assertion fails on a busy machine.
 */
describe('capacity', () => {
  const start = useSimulators();

  it('serves 500 realistic pages, 50 at a time', async () => {
    const sim = await start({ seed: 'empty' });
    const doc = loadFixture('exoscale-vie2-maintenance-critical.json');
    for (let i = 0; i < 500; i++) sim.seedSummary(doc, { subdomain: `p${i}`, shiftToNow: true });
    for (let b = 0; b < 500; b += 50) {
      const batch = await Promise.all(Array.from({ length: 50 }, (_, j) => api(sim).get(`/status_pages/p${b + j}/summary`)));
      for (const a of batch) expect(a.status).toBe(200);
    }
    expect(sim.requestCount('/status_pages/')).toBe(500);
  });

  it('takes 1000 writes, and its summary and lists then hold all of them', async () => {
    const sim = await start();
    const c = api(sim, sim.keys.demoReadWrite);
    for (let i = 0; i < 1000; i++) {
      const a = await c.post('/status_pages/acme/incidents', { incident: { type: 'minor', title: `w${i}`, service_ids: [2] } });
      expect(a.status).toBe(201);
    }
    expect(sim.writeLog()).toHaveLength(1000);
    const s = await c.get('/status_pages/acme/summary');
    const l = await c.get('/status_pages/acme/incidents?limit=100');
    expect(s.json.incidents).toHaveLength(1000);
    expect(l.json.meta.total_count).toBe(1002);
  });
});

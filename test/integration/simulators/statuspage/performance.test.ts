import { describe, expect, it } from 'vitest';
import { api, loadFixture, useSimulators } from './helpers';

/** Budgets: 500 pages polled cheaply; thousands of writes quickly. Bounds are generous (CI noise). */
describe('performance', () => {
  const start = useSimulators();

  it('serves 500 realistic pages, each summary in about a millisecond', async () => {
    const sim = await start({ seed: 'empty' });
    const doc = loadFixture('exoscale-vie2-maintenance-critical.json');
    for (let i = 0; i < 500; i++) sim.seedSummary(doc, { subdomain: `p${i}`, shiftToNow: true });
    const t0 = performance.now();
    for (let b = 0; b < 500; b += 50) {
      const batch = await Promise.all(Array.from({ length: 50 }, (_, j) => api(sim).get(`/status_pages/p${b + j}/summary`)));
      for (const a of batch) expect(a.status).toBe(200);
    }
    const ms = performance.now() - t0;
    expect(ms).toBeLessThan(5000);
    expect(sim.requestCount('/status_pages/')).toBe(500);
  });

  it('takes 1000 writes quickly and keeps lists and summaries fast', async () => {
    const sim = await start();
    const c = api(sim, sim.keys.demoReadWrite);
    const t0 = performance.now();
    for (let i = 0; i < 1000; i++) {
      const a = await c.post('/status_pages/acme/incidents', { incident: { type: 'minor', title: `w${i}`, service_ids: [2] } });
      expect(a.status).toBe(201);
    }
    expect(performance.now() - t0).toBeLessThan(8000);
    expect(sim.writeLog()).toHaveLength(1000);
    const t1 = performance.now();
    const s = await c.get('/status_pages/acme/summary');
    const l = await c.get('/status_pages/acme/incidents?limit=100');
    expect(performance.now() - t1).toBeLessThan(500);
    expect(s.json.incidents).toHaveLength(1000);
    expect(l.json.meta.total_count).toBe(1002);
  });
});

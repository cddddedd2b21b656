import { describe, expect, it } from 'vitest';
import { api, call, sleep, useSimulators } from './helpers';

describe('rate limit', () => {
  const start = useSimulators();

  it('defaults to 100 requests per 10 s per key, then 429 {"error":429} with Retry-After', async () => {
    const sim = await start({ rateLimit: undefined });
    expect(sim.state().rateLimit).toEqual({ limit: 100, windowMs: 10_000 });
    const c = api(sim, sim.keys.demoReadOnly);
    for (let i = 0; i < 100; i++) expect((await c.get('/hello')).status).toBe(200);
    const over = await c.get('/hello');
    expect([over.status, over.json]).toEqual([429, { error: 429 }]);
    const retry = Number(over.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(10);
    // other callers have their own budget
    expect((await api(sim, sim.keys.demoReadWrite).get('/hello')).status).toBe(200);
    expect((await api(sim).get('/hello')).status).toBe(200);
  });

  it('is a sliding window: requests pass again once the oldest leave it', async () => {
    const sim = await start({ rateLimit: { limit: 5, windowMs: 300 } });
    const c = api(sim, sim.keys.demoReadWrite);
    for (let i = 0; i < 5; i++) expect((await c.get('/status_pages/acme/summary')).status).toBe(200);
    const over = await c.get('/status_pages/acme/summary');
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('1');
    await sleep(320);
    expect((await c.get('/status_pages/acme/summary')).status).toBe(200);
  });

  it('counts callers without a key by client IP, and writes too', async () => {
    const sim = await start({ rateLimit: { limit: 3, windowMs: 10_000 } });
    for (let i = 0; i < 3; i++) expect((await call(sim, 'GET', '/status_pages/acme/status')).status).toBe(200);
    expect((await call(sim, 'GET', '/status_pages/acme/status', { key: 'not-a-key' })).status).toBe(429);
    const w = api(sim, sim.keys.demoUser);
    for (let i = 0; i < 3; i++) expect((await w.post('/status_pages/acme/incidents', { incident: { type: 'minor', title: `t${i}` } })).status).toBe(201);
    expect((await w.post('/status_pages/acme/incidents', { incident: { type: 'minor', title: 'over' } })).status).toBe(429);
    expect(sim.writeLog()).toHaveLength(3);
  });

  it('can be disabled, and changed at runtime', async () => {
    const sim = await start({ rateLimit: false });
    const c = api(sim);
    for (let i = 0; i < 150; i++) expect((await c.get('/hello')).status).toBe(200);
    sim.setRateLimit({ limit: 1, windowMs: 10_000 });
    expect((await c.get('/hello')).status).toBe(200);
    expect((await c.get('/hello')).status).toBe(429);
    sim.setRateLimit(false);
    expect((await c.get('/hello')).status).toBe(200);
  });
});

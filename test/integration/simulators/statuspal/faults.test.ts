import { describe, expect, it } from 'vitest';
import { api, call, sleep, useSimulators } from './helpers';

async function fetchError(url: string, init?: RequestInit): Promise<string> {
  try {
    const res = await fetch(url, init);
    await res.text();
    return `ok ${res.status}`;
  } catch (err) {
    const cause = (err as { cause?: { code?: string; name?: string } }).cause;
    return cause?.code ?? cause?.name ?? (err as Error).name;
  }
}

describe('fault injection', () => {
  const start = useSimulators();

  it('adds latency', async () => {
    const sim = await start();
    sim.setFaults({ pathPrefix: '/hello', latencyMs: 1_500 });
    const t0 = performance.now();
    const slow = api(sim)
      .get('/hello')
      .then((answer) => ({ path: '/hello', answer, ms: performance.now() - t0 }));
    const other = api(sim)
      .get('/status_pages/acme/status')
      .then((answer) => ({ path: 'status', answer, ms: performance.now() - t0 }));
    // The delayed path answers after its latency; a path the fault does not name is not held behind it.
    expect((await Promise.race([slow, other])).path).toBe('status');
    const delayed = await slow;
    expect(delayed.answer.status).toBe(200);
    expect(delayed.ms).toBeGreaterThanOrEqual(1_450);
  });

  it('injects errors per status code, deterministically for a seed, without running the operation', async () => {
    const run = async (randomSeed: number) => {
      const sim = await start({ randomSeed });
      sim.setFaults({ errorRates: { 500: 0.3, 503: 0.2 } });
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++) statuses.push((await api(sim).get('/hello')).status);
      return statuses;
    };
    const a = await run(7);
    const b = await run(7);
    const c = await run(8);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect(new Set(a)).toEqual(new Set([200, 500, 503]));
    const n500 = a.filter((s) => s === 500).length;
    expect(n500).toBeGreaterThan(5);
    expect(n500).toBeLessThan(35);

    const sim = await start();
    sim.setFaults({ method: 'POST', errorRates: { 500: 1 } });
    const w = await api(sim, sim.keys.demoReadWrite).post('/status_pages/acme/incidents', { incident: { type: 'major', title: 'x' } });
    expect([w.status, w.json]).toEqual([500, { error: 500 }]);
    expect(sim.writeLog()).toEqual([]);
    expect((await api(sim).get('/status_pages/acme/incidents')).json.meta.total_count).toBe(2);
    const unavailable = await start();
    unavailable.setFaults({ errorRates: { 503: 1 }, retryAfterSeconds: 4 });
    expect((await api(unavailable).get('/hello')).headers.get('retry-after')).toBe('4');
  });

  it('429 bursts: the next N requests get 429 with Retry-After', async () => {
    const sim = await start();
    sim.rateLimitBurst(3, 7);
    for (let i = 0; i < 3; i++) {
      const a = await api(sim).get('/hello');
      expect([a.status, a.json, a.headers.get('retry-after')]).toEqual([429, { error: 429 }, '7']);
    }
    expect((await api(sim).get('/hello')).status).toBe(200);
    expect(sim.state().faults).toEqual([]);
  });

  it('connection resets: the socket is destroyed without an answer and nothing is applied', async () => {
    const sim = await start();
    sim.setFaults({ method: 'POST', resetRate: 1, times: 1 });
    const err = await fetchError(`${sim.baseUrl}/status_pages/acme/incidents`, {
      method: 'POST',
      headers: { authorization: sim.keys.demoReadWrite, 'content-type': 'application/json' },
      body: JSON.stringify({ incident: { type: 'major', title: 'lost' } }),
    });
    expect(err).toMatch(/ECONNRESET|UND_ERR_SOCKET|SocketError/);
    expect(sim.writeLog()).toEqual([]);
    expect(sim.requestCount('/status_pages/acme/incidents')).toBe(1);
    // the rule expired
    expect((await api(sim, sim.keys.demoReadWrite).post('/status_pages/acme/incidents', { incident: { type: 'major', title: 'ok' } })).status).toBe(201);
  });

  it('malformed JSON bodies: the answer does not parse (the operation ran)', async () => {
    const sim = await start();
    sim.setFaults({ malformedRate: 1, times: 2 });
    const r = await api(sim).get('/status_pages/acme/summary');
    expect(r.status).toBe(200);
    expect(() => JSON.parse(r.text)).toThrow();
    const w = await api(sim, sim.keys.demoReadWrite).del('/status_pages/acme/incidents/1');
    expect([w.status, w.text]).toEqual([200, '"']);
    expect(sim.writeLog().map((e) => e.op)).toEqual(['incidents.delete']);
  });

  it('slow bodies: headers first, then the body trickles', async () => {
    const sim = await start();
    sim.setFaults({ pathPrefix: '/hello', slowBody: { chunkBytes: 4, intervalMs: 30 } });
    const t0 = performance.now();
    const res = await fetch(`${sim.baseUrl}/hello`);
    const tHeaders = performance.now() - t0;
    const text = await res.text();
    const tBody = performance.now() - t0;
    expect(JSON.parse(text)).toEqual({ message: 'hello' });
    expect(tBody - tHeaders).toBeGreaterThanOrEqual(100); // 20 bytes in 5 chunks, 4 pauses of 30 ms
  });

  it('drop after commit: the write is applied and logged, the connection reset before the answer', async () => {
    const sim = await start();
    sim.setFaults({ method: ['POST', 'PUT', 'DELETE'], dropAfterCommitRate: 1, times: 1 });
    const err = await fetchError(`${sim.baseUrl}/status_pages/acme/incidents`, {
      method: 'POST',
      headers: { authorization: sim.keys.demoReadWrite, 'content-type': 'application/json' },
      body: JSON.stringify({ incident: { type: 'major', title: 'ambiguous' } }),
    });
    expect(err).toMatch(/ECONNRESET|UND_ERR_SOCKET|SocketError/);
    const log = sim.writeLog();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ op: 'incidents.create', dropped: true, status: 201 });
    const list = (await api(sim).get('/status_pages/acme/incidents')).json.incidents.map((i: any) => i.title);
    expect(list).toContain('ambiguous');
    expect((await api(sim).get(`/status_pages/acme/incidents/${log[0]!.resultId}`)).json.incident.title).toBe('ambiguous');
    // a read matching the rule is not affected (drop applies to writes only)
    sim.setFaults({ dropAfterCommitRate: 1 });
    expect((await api(sim).get('/hello')).status).toBe(200);
  });

  it('faults can be scoped to a path prefix and a method, and expire after `times`', async () => {
    const sim = await start();
    sim.setFaults([
      { pathPrefix: '/status_pages/acme/summary', errorRates: { 503: 1 } },
      { pathPrefix: '/api/v2/status_pages/acme-eu', method: 'PUT', errorRates: { 500: 1 }, times: 2 },
    ]);
    expect((await api(sim).get('/status_pages/acme/summary')).status).toBe(503);
    expect((await api(sim).get('/status_pages/acme/status')).status).toBe(200);
    expect((await api(sim).get('/status_pages/acme-eu/summary')).status).toBe(200);
    const c = api(sim, sim.keys.demoReadWrite);
    expect((await c.put('/status_pages/acme-eu/incidents/4', { incident: { title: 'a' } })).status).toBe(500);
    expect((await c.get('/status_pages/acme-eu/incidents/4')).status).toBe(200);
    expect((await c.put('/status_pages/acme-eu/incidents/4', { incident: { title: 'b' } })).status).toBe(500);
    expect((await c.put('/status_pages/acme-eu/incidents/4', { incident: { title: 'c' } })).status).toBe(200);
    sim.clearFaults();
    expect((await api(sim).get('/status_pages/acme/summary')).status).toBe(200);
  });

  it('reproduces the reported 500 on `before` cursors when asked', async () => {
    const sim = await start();
    sim.setFaults({ failBeforeCursor: true });
    const first = await api(sim).get('/status_pages/acme/incidents?limit=1');
    const second = await call(sim, 'GET', first.json.links.next);
    expect(second.status).toBe(200);
    expect((await call(sim, 'GET', second.json.links.prev)).status).toBe(500);
  });

  it('unreachable: refuse connections, then come back on the same port with the state kept', async () => {
    const sim = await start();
    const port = sim.port;
    const inc = sim.openIncident({ page: 'acme', title: 'before going offline' });
    await sim.goOffline();
    expect(sim.state().offline).toBe('refuse');
    expect(await fetchError(`${sim.baseUrl}/hello`)).toBe('ECONNREFUSED');
    await sim.goOnline();
    expect(sim.port).toBe(port);
    expect((await api(sim).get(`/status_pages/acme/incidents/${inc.id}`)).json.incident.title).toBe('before going offline');

    await sim.goOffline({ forMs: 150 });
    expect(await fetchError(`${sim.baseUrl}/hello`)).toBe('ECONNREFUSED');
    await sleep(300);
    expect((await api(sim).get('/hello')).status).toBe(200);
  });

  it('unreachable: reset and blackhole modes', async () => {
    const sim = await start();
    await sim.goOffline({ mode: 'reset' });
    expect(await fetchError(`${sim.baseUrl}/hello`)).toMatch(/ECONNRESET|UND_ERR_SOCKET|SocketError/);
    await sim.goOnline();
    expect((await api(sim).get('/hello')).status).toBe(200);

    await sim.goOffline({ mode: 'blackhole' });
    expect(await fetchError(`${sim.baseUrl}/hello`, { signal: AbortSignal.timeout(150) })).toMatch(/TimeoutError|AbortError/);
    await sim.goOnline();
    expect((await api(sim).get('/hello')).status).toBe(200);
  });

  it('rejects nonsensical rules', async () => {
    const sim = await start();
    expect(() => sim.setFaults({ resetRate: 2 })).toThrow();
    expect(() => sim.setFaults({ errorRates: { 200: 0.5 } })).toThrow();
    expect(() => sim.setFaults({ errorRates: { 500: 0.7, 503: 0.7 } })).toThrow();
    expect(() => sim.setFaults({ times: 0 })).toThrow();
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { readProviderSnapshot } from '../../../shared/monitor/provider/read-provider-snapshot';
import { startProviderSimulator, type ProviderSimulator } from '../../../simulators/provider';

let sim: ProviderSimulator | null = null;
afterEach(async () => {
  await sim?.close();
  sim = null;
});

const summaryUrl = (s: ProviderSimulator, slug: string) => `${s.pageUrl(slug)}/api/v2/summary.json`;

describe('provider simulator (public Statuspage format)', () => {
  it('serves the demo providers in the format our parser reads', async () => {
    sim = await startProviderSimulator();
    expect(sim.pages()).toEqual(['nimbus-cloud', 'parcel-cdn', 'payflow']);
    const res = await fetch(summaryUrl(sim, 'nimbus-cloud'));
    expect(res.status).toBe(200);
    const snapshot = readProviderSnapshot(await res.json(), sim.pageUrl('nimbus-cloud'));
    expect(snapshot).toMatchObject({ name: 'Nimbus Cloud', level: 'operational', currentType: null, hasStatusType: true });
    expect(snapshot.services.map((s) => [s.name, s.children.map((c) => c.name)])).toEqual([
      ['Compute', ['Virtual machines', 'Object storage']],
      ['DNS', []],
      ['Public API', []],
    ]);
  });

  it('answers If-None-Match and If-Modified-Since with a bodiless 304 until the page changes', async () => {
    let now = Date.parse('2026-03-02T10:00:00Z');
    sim = await startProviderSimulator({ now: () => now });
    const url = summaryUrl(sim, 'parcel-cdn');
    const first = await fetch(url);
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    expect(etag).toMatch(/^".+"$/);
    expect(lastModified).toBe('Mon, 02 Mar 2026 10:00:00 GMT');
    await first.arrayBuffer();
    sim.resetStats();

    const byTag = await fetch(url, { headers: { 'If-None-Match': etag } });
    expect(byTag.status).toBe(304);
    expect(await byTag.text()).toBe('');
    const byDate = await fetch(url, { headers: { 'If-Modified-Since': lastModified } });
    expect(byDate.status).toBe(304);
    expect(sim.stats()).toMatchObject({ requests: 2, notModified: 2, full: 0, bodyBytes: 0 });

    now += 500; // a change within the same second still moves Last-Modified on
    const id = sim.openIncident({
      page: 'parcel-cdn',
      name: 'Edge errors',
      impact: 'major',
      components: [{ name: 'Edge network', status: 'partial_outage' }],
      body: 'Investigating.',
    });
    const changed = await fetch(url, { headers: { 'If-None-Match': etag, 'If-Modified-Since': lastModified } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(Date.parse(changed.headers.get('last-modified')!)).toBeGreaterThan(Date.parse(lastModified));
    const snapshot = readProviderSnapshot(await changed.json(), sim.pageUrl('parcel-cdn'));
    expect(snapshot.level).toBe('major');
    expect(snapshot.incidents.map((i) => [i.title, i.type, i.latestUpdate?.type])).toEqual([['Edge errors', 'major', 'investigating']]);
    expect(snapshot.services[0]).toMatchObject({ name: 'Edge network', currentType: 'partial_outage', level: 'major' });

    // A resolved incident leaves the summary, as on real pages.
    sim.resolveIncident({ page: 'parcel-cdn', incidentId: id, body: 'Fixed.' });
    const resolved = readProviderSnapshot(sim.summary('parcel-cdn'), sim.pageUrl('parcel-cdn'));
    expect(resolved.incidents).toEqual([]);
    expect(resolved.level).toBe('operational');
  });

  it('sends only the validators it is told to (none: every poll costs a body)', async () => {
    sim = await startProviderSimulator({ validators: 'none' });
    const res = await fetch(summaryUrl(sim, 'payflow'), { headers: { 'If-None-Match': '*', 'If-Modified-Since': new Date().toUTCString() } });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBeNull();
    expect(res.headers.get('last-modified')).toBeNull();
    sim.setValidators('last-modified');
    const lm = await fetch(summaryUrl(sim, 'payflow'));
    expect(lm.headers.get('etag')).toBeNull();
    expect(lm.headers.get('last-modified')).not.toBeNull();
  });

  it('walks a maintenance through its statuses and rolls groups up', async () => {
    sim = await startProviderSimulator();
    const start = new Date(Date.now() + 3_600_000);
    const id = sim.scheduleMaintenance({
      page: 'nimbus-cloud',
      name: 'Storage move',
      startsAt: start,
      endsAt: new Date(start.getTime() + 3_600_000),
      components: ['Object storage'],
      body: 'Planned.',
    });
    const read = () => readProviderSnapshot(sim!.summary('nimbus-cloud'), sim!.pageUrl('nimbus-cloud'));
    expect(read().upcomingMaintenances.map((m) => m.title)).toEqual(['Storage move']);
    sim.setMaintenanceStatus({ page: 'nimbus-cloud', maintenanceId: id, status: 'in_progress', body: 'Started.' });
    expect(read()).toMatchObject({ level: 'scheduled', maintenances: [{ title: 'Storage move' }], upcomingMaintenances: [] });
    expect(read().services[0]).toMatchObject({ name: 'Compute', currentType: 'under_maintenance' });
    sim.setMaintenanceStatus({ page: 'nimbus-cloud', maintenanceId: id, status: 'completed' });
    expect(read()).toMatchObject({ level: 'operational', maintenances: [], upcomingMaintenances: [] });
  });

  it('injects faults: statuses with Retry-After, cut bodies, HTML, resets, unknown pages', async () => {
    sim = await startProviderSimulator({ faults: { next: [{ kind: 'status', status: 503 }, { kind: 'malformed' }, { kind: 'html' }, { kind: 'reset' }] } });
    const url = summaryUrl(sim, 'payflow');
    const unavailable = await fetch(url);
    expect([unavailable.status, unavailable.headers.get('retry-after')]).toEqual([503, '1']);
    await unavailable.arrayBuffer();
    await expect((await fetch(url)).json()).rejects.toThrow();
    const html = await fetch(url);
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
    await html.arrayBuffer();
    await expect(fetch(url)).rejects.toThrow();
    expect((await fetch(url)).status).toBe(200);
    expect((await fetch(summaryUrl(sim, 'nobody'))).status).toBe(404);
    expect(sim.stats().faulted).toBe(4);
  });
});

describe('provider simulator wire counters', () => {
  it('counts what a 304 and the headers of a 200 cost on the wire', async () => {
    sim = await startProviderSimulator();
    const url = summaryUrl(sim, 'payflow');
    const first = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } });
    const body = await first.arrayBuffer();
    await (await fetch(url, { headers: { 'If-None-Match': first.headers.get('etag')! } })).arrayBuffer();
    const stats = sim.stats();
    expect(stats.bodyBytes).toBe(body.byteLength);
    expect(stats.fullHeaderWireBytes).toBeGreaterThan(100);
    expect(stats.fullHeaderWireBytes).toBeLessThan(600);
    expect(stats.notModifiedWireBytes).toBeGreaterThan(50);
    expect(stats.notModifiedWireBytes).toBeLessThanOrEqual(stats.fullHeaderWireBytes);
  });
});

describe('provider simulator compression', () => {
  it('gzips a 200 for a client that accepts it, and sends it plain otherwise', async () => {
    sim = await startProviderSimulator();
    const url = summaryUrl(sim, 'nimbus-cloud');
    const plain = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } });
    const text = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    sim.resetStats();
    const zipped = await fetch(url, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(await zipped.text()).toBe(text);
    expect(sim.stats().bodyBytes).toBeLessThan(text.length / 2);
  });
});

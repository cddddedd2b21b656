import { afterEach, describe, expect, it } from 'vitest';
import { MonitorService } from '../../../electron/core/monitor/monitor-service';
import { createProviderFetcher } from '../../../electron/core/monitor/provider-fetcher';
import { SlidingWindowRateLimiter } from '../../../electron/core/statuspal-client/rate-limiter';
import { startProviderSimulator, type ProviderSimulator } from '../../../simulators/provider';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { monitorEventSchema, type MonitorEvent } from '../../../shared/monitor/events';
import type { NotificationIntent } from '../../../shared/monitor/notification-intent';
import { providerNumericId } from '../../../shared/monitor/provider/provider-id';
import { watchedPageSchema, type WatchedPage } from '../../../shared/monitor/watched-page';
import { makeTempDir } from '../../support/temp-dir';

/*
 * Provider pages (the public Statuspage format) in the monitor, against the provider simulator over
 * loopback: conditional requests, the same typed events, notifications, follows and staleness as the
 * app's own pages, and the kind kept in settings.
 */

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const PAGE_ID = '00000000-0000-4000-8000-0000000000a1';

async function setup(extra: Partial<WatchedPage> = {}) {
  const sim: ProviderSimulator = await startProviderSimulator();
  cleanup.push(() => sim.close());
  const page = watchedPageSchema.parse({
    id: PAGE_ID,
    kind: 'provider',
    region: 'custom',
    url: `${sim.pageUrl('nimbus-cloud')}/api/v2/summary.json`,
    subdomain: 'nimbus',
    intervalSec: 3_600,
    ...extra,
  });
  const events: MonitorEvent[] = [];
  const notes: NotificationIntent[] = [];
  const monitor = new MonitorService({
    pages: [page],
    tuning: { startSpreadMs: 0, jitterRatio: 0, backoffBaseMs: 1, backoffMaxMs: 1 },
    onEvent: (event) => events.push(monitorEventSchema.parse(event)),
    onNotify: (intent) => notes.push(intent),
  });
  cleanup.push(async () => {
    monitor.stop();
    await monitor.settled();
  });
  monitor.start();
  await monitor.pollNow();
  return { sim, page, monitor, events, notes };
}

describe('provider pages in the monitor', () => {
  it('normalises the pasted summary address and keeps the kind', async () => {
    const { page, monitor } = await setup();
    expect(page.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pages\/nimbus-cloud$/);
    const [state] = monitor.state();
    expect(state).toMatchObject({ kind: 'provider', url: page.url, status: 'ok', level: 'operational', name: 'Nimbus Cloud' });
    expect(state!.summary!.services.map((s) => s.name)).toEqual(['Compute', 'DNS', 'Public API']);
  });

  it('an unchanged page costs a bodiless 304 and no events; a change becomes the same typed events', async () => {
    const { sim, monitor, events, notes } = await setup();
    sim.resetStats();
    await monitor.pollNow();
    await monitor.pollNow();
    expect(sim.stats()).toMatchObject({ requests: 2, notModified: 2, full: 0, bodyBytes: 0 });
    expect(events).toEqual([]);

    const incidentId = sim.openIncident({
      page: 'nimbus-cloud',
      name: 'Object storage errors',
      impact: 'major',
      components: [{ name: 'Object storage', status: 'partial_outage' }],
      body: 'Uploads fail for some buckets.',
    });
    await monitor.pollNow();
    expect(events.map((e) => e.type).sort()).toEqual(['incident.opened', 'page.level_changed', 'service.level_changed', 'service.level_changed']);
    const opened = events.find((e) => e.type === 'incident.opened')!;
    expect(opened).toMatchObject({
      page: { id: PAGE_ID, name: 'Nimbus Cloud' },
      incident: { title: 'Object storage errors', type: 'major', level: 'major', url: `${sim.pageUrl('nimbus-cloud')}/incidents/${incidentId}` },
    });
    expect(notes).toHaveLength(1);
    expect(notes[0]!.title).toContain('Nimbus Cloud');

    events.length = 0;
    sim.addUpdate({ page: 'nimbus-cloud', incidentId, status: 'identified', body: 'A storage node is being replaced.' });
    await monitor.pollNow();
    expect(events.map((e) => e.type)).toEqual(['incident.updated']);
    expect(events[0]).toMatchObject({ newUpdates: 1, incident: { latestUpdate: { type: 'identified', description: 'A storage node is being replaced.' } } });

    events.length = 0;
    sim.resolveIncident({ page: 'nimbus-cloud', incidentId, body: 'All good.' });
    await monitor.pollNow();
    expect(events.find((e) => e.type === 'incident.resolved')).toMatchObject({ reason: 'disappeared' });
    expect(monitor.state()[0]!.level).toBe('operational');
  });

  it('a followed incident notifies every update, a muted component stays quiet', async () => {
    const { sim, monitor, notes, page } = await setup();
    const incidentId = sim.openIncident({
      page: 'nimbus-cloud',
      name: 'DNS slow',
      impact: 'minor',
      components: [{ name: 'DNS', status: 'degraded_performance' }],
      body: 'Looking.',
    });
    await monitor.pollNow();
    const number = monitor.state()[0]!.summary!.incidents[0]!.id;
    expect(number).toBe(providerNumericId('incident', incidentId));
    monitor.setPages([{ ...page, followedIncidentIds: [number] }]);
    notes.length = 0;
    sim.addUpdate({ page: 'nimbus-cloud', incidentId, status: 'monitoring', body: 'Watching.' });
    await monitor.pollNow();
    expect(notes).toHaveLength(1);

    monitor.setPages([{ ...page, muted: true }]);
    notes.length = 0;
    sim.setComponentStatus({ page: 'nimbus-cloud', component: 'Public API', status: 'major_outage' });
    await monitor.pollNow();
    expect(notes).toHaveLength(0);
  });

  it('failures make the page stale (never operational), and it recovers with a catch-up', async () => {
    const { sim, monitor, events } = await setup();
    sim.setFaults({ next: [{ kind: 'status', status: 503 }, { kind: 'html' }, { kind: 'malformed' }] });
    for (let i = 0; i < 3; i++) await monitor.pollNow();
    expect(monitor.state()[0]).toMatchObject({ status: 'stale', stale: true, consecutiveFailures: 3, error: { code: 'invalid_response' } });
    expect(events.map((e) => e.type)).toEqual(['page.stale']);
    sim.setComponentStatus({ page: 'nimbus-cloud', component: 'DNS', status: 'major_outage' });
    await monitor.pollNow();
    expect(events.map((e) => e.type)).toEqual(['page.stale', 'page.recovered', 'page.level_changed', 'service.level_changed']);
    expect(events.slice(2).every((e) => e.catchUp === true)).toBe(true);
  });

  it('sends If-None-Match / If-Modified-Since only when the provider gave validators', async () => {
    const sim = await startProviderSimulator({ validators: 'none' });
    cleanup.push(() => sim.close());
    const seen: Array<Record<string, string>> = [];
    const fetcher = createProviderFetcher({
      pageUrl: sim.pageUrl('payflow'),
      rateLimiter: new SlidingWindowRateLimiter({ limit: 100, windowMs: 1_000 }),
      get: async (url, options, context) => {
        seen.push(options.headers);
        const { httpGetText } = await import('../../../electron/core/http/get-text');
        return httpGetText(url, options, context);
      },
    });
    await fetcher.fetchSummaryText('');
    await fetcher.fetchSummaryText('');
    expect(seen.map((h) => [h['If-None-Match'], h['If-Modified-Since']])).toEqual([
      [undefined, undefined],
      [undefined, undefined],
    ]);
    expect(fetcher.lastAnswer).toBe('full');
    sim.setValidators('last-modified');
    await fetcher.fetchSummaryText('');
    const body = await fetcher.fetchSummaryText('');
    expect(seen[3]!['If-None-Match']).toBeUndefined();
    expect(seen[3]!['If-Modified-Since']).toMatch(/GMT$/);
    expect(fetcher.lastAnswer).toBe('not_modified');
    expect(JSON.parse(body)).toMatchObject({ page: { name: 'PayFlow Payments' } });
  });

  it('refuses plain http beyond loopback and keeps the kind through settings', async () => {
    expect(() => watchedPageSchema.parse({ id: PAGE_ID, kind: 'provider', region: 'custom', url: 'http://status.example.com', subdomain: 'x' })).toThrow(
      /https/,
    );
    expect(() => watchedPageSchema.parse({ id: PAGE_ID, kind: 'provider', region: 'custom', subdomain: 'x' })).toThrow(/address/);
    const home = makeTempDir('statusdesk-provider-');
    cleanup.push(() => home.remove());
    const page = watchedPageSchema.parse({
      id: PAGE_ID,
      kind: 'provider',
      region: 'custom',
      url: 'https://status.example.com/',
      subdomain: 'status-example-com',
    });
    new SettingsStore(home.dir).update((draft) => {
      draft.watchedPages = [page];
    });
    expect(new SettingsStore(home.dir).get().watchedPages).toEqual([{ ...page, url: 'https://status.example.com' }]);
  });
});

describe('watching a provider page from the window', () => {
  it('monitor.addPage takes an address, refuses a duplicate and a non-https one', async () => {
    const { MonitorFeature } = await import('../../../electron/core/monitor/monitor-feature');
    const { watchedPageInputSchema } = await import('../../../shared/monitor/watched-page-input');
    const sim = await startProviderSimulator();
    cleanup.push(() => sim.close());
    const home = makeTempDir('statusdesk-provider-feature-');
    cleanup.push(() => home.remove());
    const settings = new SettingsStore(home.dir);
    const { createAppBus } = await import('../../../electron/core/events/app-events');
    const feature = new MonitorFeature({
      settings,
      events: createAppBus(),
      dataDir: home.dir,
      tuning: { startSpreadMs: 0, jitterRatio: 0 },
      hasViewers: () => false,
      reportProblem: (message) => {
        throw new Error(message);
      },
    });
    cleanup.push(() => feature.dispose());
    await feature.start();
    const input = watchedPageInputSchema.parse({ region: 'custom', url: `${sim.pageUrl('parcel-cdn')}/` });
    const page = await feature.addPage(input);
    expect(page).toMatchObject({ kind: 'provider', url: sim.pageUrl('parcel-cdn'), subdomain: expect.stringMatching(/pages-parcel-cdn$/) });
    await expect(feature.addPage(input)).rejects.toThrow(/already watched/);
    expect(() => watchedPageInputSchema.parse({ region: 'us', url: 'http://status.example.com' })).toThrow(/https/);
    expect(() => watchedPageInputSchema.parse({ region: 'us' })).toThrow(/subdomain/);
    await feature.pollNow();
    const snapshot = await feature.fullSnapshot();
    expect(snapshot.pages[0]).toMatchObject({ kind: 'provider', name: 'Parcel CDN', status: 'ok' });
    expect(settings.get().watchedPages[0]).toMatchObject({ kind: 'provider' });
  });
});

describe('a provider page that moved', () => {
  it('follows the 301 once, then polls the new address with validators', async () => {
    const sim = await startProviderSimulator();
    cleanup.push(() => sim.close());
    const fetcher = createProviderFetcher({
      pageUrl: `${sim.origin}/moved/payflow`,
      rateLimiter: new SlidingWindowRateLimiter({ limit: 100, windowMs: 1_000 }),
    });
    expect(JSON.parse(await fetcher.fetchSummaryText(''))).toMatchObject({ page: { name: 'PayFlow Payments' } });
    sim.resetStats();
    await fetcher.fetchSummaryText('');
    expect(sim.stats()).toMatchObject({ requests: 1, notModified: 1 });
    expect(fetcher.lastAnswer).toBe('not_modified');
  });
});

describe('compressed provider pages', () => {
  it('asks for gzip, decodes it, and reports a body that is not what it says as an invalid answer', async () => {
    const sim = await startProviderSimulator();
    cleanup.push(() => sim.close());
    const fetcher = createProviderFetcher({ pageUrl: sim.pageUrl('nimbus-cloud'), rateLimiter: new SlidingWindowRateLimiter({ limit: 100, windowMs: 1_000 }) });
    const text = await fetcher.fetchSummaryText('');
    expect(JSON.parse(text)).toMatchObject({ page: { name: 'Nimbus Cloud' } });
    expect(sim.stats().bodyBytes).toBeLessThan(text.length / 2);
    sim.openIncident({ page: 'nimbus-cloud', name: 'DNS', impact: 'minor', body: 'x' });
    sim.setFaults({ next: [{ kind: 'badGzip' }] });
    await expect(fetcher.fetchSummaryText('')).rejects.toMatchObject({ code: 'invalid_response', message: expect.stringMatching(/could not be decoded/) });
    expect(JSON.parse(await fetcher.fetchSummaryText(''))).toMatchObject({ incidents: [{ name: 'DNS' }] });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { startProviderSimulator } from '../../../simulators/provider';
import { providerWatchedPage } from '../../../electron/core/monitor/provider-page';
import { PROVIDER_FORMATS, type ProviderFormat } from '../../../shared/monitor/provider/provider-format';
import { pageWatcher } from './support/watch-pages';

/*
 * Every format in the monitor, against the provider simulator's page of that format over loopback:
 * the baseline, a bodiless 304 while nothing changes (each format's server sends validators), the same
 * typed events when an incident opens, and an answer of another format shown as "not understood",
 * never as operational.
 */

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

// After the file's own clean-up hook, so it runs first: each monitor stops before its simulator closes.
const watchPages = pageWatcher();

const seed = (format: ProviderFormat) => ({ slug: `sim-${format}`, name: `Sim ${format}`, format, components: ['API', 'Dashboard'] });

describe('provider formats in the monitor', () => {
  it.each(PROVIDER_FORMATS)('%s: baseline, 304 while unchanged, typed events on a change', async (format) => {
    const sim = await startProviderSimulator({ seed: [seed(format)] });
    cleanup.push(() => sim.close());
    const page = providerWatchedPage(sim.pageUrl(`sim-${format}`), { format, intervalSec: 3_600 });
    expect(page.format ?? 'statuspage').toBe(format);
    const { monitor, events } = await watchPages([page]);
    expect(monitor.state()[0]).toMatchObject({ status: 'ok', level: 'operational', error: null });

    sim.resetStats();
    await monitor.pollNow();
    expect(sim.stats()).toMatchObject({ requests: 1, notModified: 1, full: 0 });

    sim.openIncident({
      page: `sim-${format}`,
      name: 'API errors',
      impact: 'major',
      components: [{ name: 'API', status: 'major_outage' }],
      body: 'Requests fail.',
    });
    await monitor.pollNow();
    const [state] = monitor.state();
    expect(state!.level).not.toBe('operational');
    expect(state!.level).toBe(format === 'feed' ? 'minor' : 'major');
    expect(events.map((e) => e.type)).toContain('page.level_changed');
    if (format !== 'cachet') expect(events.map((e) => e.type)).toContain('incident.opened');
  });

  it('an answer in another format, or an HTML page, is "not understood" with the reason, and never operational', async () => {
    const sim = await startProviderSimulator({ seed: [seed('instatus')] });
    // A captive portal's page instead of the summary.
    const portal = await startProviderSimulator({ seed: [seed('statuspage')], faults: { next: [{ kind: 'html' }] } });
    cleanup.push(
      () => sim.close(),
      () => portal.close(),
    );
    // status.io reads the address as given: here it is an Instatus page's summary.json.
    const wrong = providerWatchedPage(`${sim.pageUrl('sim-instatus')}/summary.json`, { format: 'statusio', intervalSec: 3_600 });
    const html = providerWatchedPage(portal.pageUrl('sim-statuspage'), { intervalSec: 3_600 });
    const { monitor } = await watchPages([html, wrong]);
    const states = new Map(monitor.state().map((s) => [s.url, s]));
    expect(states.get(wrong.url)).toMatchObject({ status: 'pending', level: null });
    expect(states.get(wrong.url)!.error).toMatchObject({
      code: 'invalid_response',
      message: 'Not understood as a status.io page: there is no result.status_overall.',
    });
    expect(states.get(html.url)).toMatchObject({ status: 'pending', level: null });
    expect(states.get(html.url)!.error!.message).toMatch(/^Not understood as a Statuspage page: the answer is an HTML or XML page, not JSON/);
  });
});

describe('Cachet 3', () => {
  it('is read at <root>/api/components when /api/v1 is not there, and its maintenance is maintenance', async () => {
    const sim = await startProviderSimulator({
      seed: [{ slug: 'sim-cachet3', name: 'Sim Cachet 3', format: 'cachet', cachetVersion: 3, components: ['API', 'Web'] }],
    });
    cleanup.push(() => sim.close());
    const page = providerWatchedPage(sim.pageUrl('sim-cachet3'), { format: 'cachet', intervalSec: 3_600 });
    const { monitor } = await watchPages([page]);
    expect(monitor.state()[0]).toMatchObject({ status: 'ok', level: 'operational', error: null });

    sim.setComponentStatus({ page: 'sim-cachet3', component: 'API', status: 'under_maintenance' });
    sim.resetStats();
    await monitor.pollNow();
    expect(monitor.state()[0]).toMatchObject({ status: 'ok', level: 'scheduled' });
    // The Cachet 3 path is remembered: one request a poll, not a 404 first.
    expect(sim.stats().requests).toBe(1);
  });
});

describe("the simulator's 'formats' seed", () => {
  it('serves one page per format beside the demo ones, each read by its own reader', async () => {
    const sim = await startProviderSimulator({ seed: 'formats' });
    cleanup.push(() => sim.close());
    const formats = new Map<ProviderFormat, string>([
      ['incidentio', 'relay-ai'],
      ['instatus', 'hatch-hosting'],
      ['statusio', 'ledger-git'],
      ['cachet', 'openlane-mail'],
      ['feed', 'stratus-cloud'],
    ]);
    const pages = [...formats].map(([format, slug]) => providerWatchedPage(sim.pageUrl(slug), { format, intervalSec: 3_600 }));
    const { monitor } = await watchPages(pages);
    expect(monitor.state().map((s) => [s.status, s.level])).toEqual(pages.map(() => ['ok', 'operational']));
    expect(sim.pages()).toHaveLength(8);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { readProviderParts } from '../../../electron/core/monitor/read-provider-parts';
import { providerWatchedPage } from '../../../electron/core/monitor/provider-page';
import { startProviderSimulator, type ProviderSimulator } from '../../../simulators/provider';
import type { ProviderFormat } from '../../../shared/monitor/provider/provider-format';
import { pageWatcher } from './support/watch-pages';

/*
 * A provider page watched for some of its parts, in the monitor against the provider simulator over loopback:
 * an incident in a part not followed changes nothing (no level, no event) and is kept aside; one in a part
 * followed, or naming no part, counts; following other parts reads the last answer again without events.
 */

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

// After the file's own clean-up hook, so it runs first: each monitor stops before its simulator closes.
const watchPages = pageWatcher();

async function simulator(format: ProviderFormat): Promise<ProviderSimulator> {
  const sim = await startProviderSimulator({ seed: [{ slug: 'cloud', name: 'Sim Cloud', format, components: ['Compute', 'Storage'] }] });
  cleanup.push(() => sim.close());
  return sim;
}

// Statuspage names an incident's components by id, the feed by name (its categories): both are followed.
describe.each(['statuspage', 'incidentio', 'feed'] as const)('%s page followed for one part', (format) => {
  it('an incident elsewhere is aside; one in the part followed, or naming none, counts', async () => {
    const sim = await simulator(format);
    const page = providerWatchedPage(sim.pageUrl('cloud'), { format, intervalSec: 3_600, parts: ['Storage'] });
    const { monitor, events } = await watchPages([page]);
    expect(monitor.state()[0]).toMatchObject({ status: 'ok', level: 'operational' });

    sim.openIncident({ page: 'cloud', name: 'Compute errors', impact: 'major', components: [{ name: 'Compute', status: 'major_outage' }], body: 'VMs fail.' });
    await monitor.pollNow();
    const aside = monitor.state()[0]!;
    expect(aside.level).toBe('operational');
    expect(aside.summary?.incidents).toEqual([]);
    expect(aside.summary?.elsewhere).toEqual([{ id: expect.any(Number), title: 'Compute errors', kind: 'incident', parts: ['Compute'] }]);
    expect(events).toEqual([]);

    sim.openIncident({
      page: 'cloud',
      name: 'Storage slow',
      impact: 'minor',
      components: [{ name: 'Storage', status: 'degraded_performance' }],
      body: 'Reads are slow.',
    });
    await monitor.pollNow();
    expect(monitor.state()[0]!.level).toBe('minor');
    expect(events.filter((e) => e.type === 'incident.opened').map((e) => (e as { incident: { title: string } }).incident.title)).toEqual(['Storage slow']);

    sim.openIncident({ page: 'cloud', name: 'Sign-in fails', impact: 'major', body: 'Nobody can sign in.' });
    await monitor.pollNow();
    const whole = monitor.state()[0]!;
    expect(whole.summary?.incidents.map((i) => i.title).sort()).toEqual(['Sign-in fails', 'Storage slow']);
    expect(whole.level).toBe(format === 'feed' ? 'minor' : 'major');
  });
});

describe('following other parts', () => {
  it('reads the last answer again as a new baseline: no events, the level of the new parts', async () => {
    const sim = await simulator('statuspage');
    const page = providerWatchedPage(sim.pageUrl('cloud'), { intervalSec: 3_600, parts: ['Storage'] });
    const { monitor, events } = await watchPages([page]);
    sim.openIncident({ page: 'cloud', name: 'Compute errors', impact: 'major', components: [{ name: 'Compute', status: 'major_outage' }], body: 'VMs fail.' });
    await monitor.pollNow();
    expect(monitor.state()[0]!.level).toBe('operational');
    const states: string[] = [];
    const requests = sim.stats().requests;
    monitor.setPages([{ ...page, parts: ['Compute'] }]);
    states.push(monitor.state()[0]!.level ?? 'none');
    expect(states).toEqual(['major']);
    expect(monitor.state()[0]!.summary?.incidents.map((i) => i.title)).toEqual(['Compute errors']);
    expect(sim.stats().requests).toBe(requests);
    monitor.setPages([{ ...page, parts: undefined }]);
    expect(monitor.state()[0]!.summary?.services.map((s) => s.name)).toEqual(['Compute', 'Storage']);
    expect(events).toEqual([]);
  });
});

describe('the parts offered', () => {
  it("are the page's components and the parts its incidents name, read now", async () => {
    const sim = await simulator('feed');
    sim.openIncident({ page: 'cloud', name: 'Compute errors', impact: 'major', components: [{ name: 'Compute', status: 'major_outage' }], body: 'VMs fail.' });
    const found = await readProviderParts(sim.pageUrl('cloud'), 'feed');
    expect(found).toMatchObject({ format: 'feed', name: 'Sim Cloud', choices: [{ key: 'Compute', label: 'Compute', seen: true }] });
  });
});

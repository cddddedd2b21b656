import { afterEach, describe, expect, it } from 'vitest';
import { ACME, monitorOnSimulator } from './support/monitor-on-simulator';

/*
 * A month in the tray with no window open: what the monitor keeps is bounded by the pages watched now. A removed
 * page leaves the dashboard model without a window to flush it; a followed incident that ended leaves the settings
 * once its end was told.
 */

const cleanup: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const setup = () => monitorOnSimulator(cleanup);

describe('with no window open, the monitor holds the pages watched now', () => {
  it('pages added and removed many times leave nothing in the dashboard model', async () => {
    const { sim, feature } = await setup();
    for (let round = 0; round < 20; round++) {
      const page = await feature.addPage({ region: 'custom', baseUrl: sim.baseUrl, subdomain: 'globex' });
      await feature.pollNow(page.id);
      await feature.removePage(page.id);
    }
    expect(feature.footprint()).toMatchObject({ watchedPages: 1, dashboardPages: 1 });
  });

  it('a followed incident that ended is told, then no longer followed; one still open stays followed', async () => {
    const { sim, feature, settings, notified } = await setup();
    const ending = sim.openIncident({ page: 'acme', title: 'Slow logins', type: 'minor' });
    const lasting = sim.openIncident({ page: 'acme', title: 'Search degraded', type: 'minor' });
    await feature.pollNow(ACME);
    await feature.follow(ACME, ending.id, true);
    await feature.follow(ACME, lasting.id, true);
    notified.length = 0;

    sim.resolveIncident({ page: 'acme', incidentId: ending.id, message: 'Logins are fast again' });
    await feature.pollNow(ACME);
    await expect.poll(() => settings.get().watchedPages[0]!.followedIncidentIds).toEqual([lasting.id]);
    expect(notified.map((n) => n.target.incidentId)).toContain(ending.id);
    expect(feature.footprint().followedIncidents).toBe(1);
  });
});

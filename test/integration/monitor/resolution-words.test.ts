import { afterEach, describe, expect, it } from 'vitest';
import { CriticalAlerts } from '../../../electron/core/critical/critical-alerts';
import { makeTempDir } from '../../support/temp-dir';
import { ACME, monitorOnSimulator } from './support/monitor-on-simulator';
import { createAppBus } from '@core/events/app-events';

/*
 * A resolution at 3 a.m. reads as a resolution: the notification quotes the resolution's words (read from the
 * incident, since the page's summary drops it once resolved), never the update before it, and the critical
 * banner of that incident turns into a resolved one instead of staying red.
 */

const ACCOUNT = '00000000-0000-4000-8000-0000000000a1';
const cleanup: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function setup() {
  const keysAsked: string[] = [];
  let critical: CriticalAlerts | null = null;
  const monitor = await monitorOnSimulator(cleanup, {
    page: { accountId: ACCOUNT },
    notify: (intent) => critical!.mark(intent, true),
    feature: (sim) => {
      const alerts = makeTempDir('statusdesk-critical-');
      cleanup.push(() => alerts.remove());
      critical = new CriticalAlerts({ dataDir: alerts.dir, events: createAppBus() });
      return {
        apiKeyFor: async (accountId, url) => {
          keysAsked.push(`${accountId} ${url}`);
          return sim.keys.demoReadWrite;
        },
        accountBaseUrl: () => sim.baseUrl,
      };
    },
  });
  return { ...monitor, critical: critical!, keysAsked };
}

describe('a resolved incident on our own page', () => {
  it('is notified with the resolution’s words, and its critical alert says it is resolved', async () => {
    const { sim, feature, notified, critical, keysAsked } = await setup();
    const incident = sim.openIncident({ page: 'acme', type: 'major', title: 'Logins slow', services: [2], message: 'Logins take a minute.' });
    await feature.pollNow(ACME);
    sim.addUpdate({ page: 'acme', incidentId: incident.id, type: 'monitoring', message: 'A fix is out; we are monitoring.' });
    await feature.pollNow(ACME);
    expect(critical.alerts()).toEqual([expect.objectContaining({ title: 'Acme: Major outage: Logins slow' })]);

    sim.resolveIncident({ page: 'acme', incidentId: incident.id, message: 'Logins are fast again' });
    await feature.pollNow(ACME);
    const last = notified.at(-1)!;
    expect(last).toMatchObject({ title: expect.stringMatching(/Resolved: Logins slow$/), ends: true });
    expect(last.body.split('\n')[0]).toBe('Logins are fast again');
    expect(last.body).not.toContain('monitoring');
    expect(last.critical).toBeUndefined();
    expect(critical.alerts()).toEqual([
      expect.objectContaining({ title: last.title, body: last.body, resolvedAt: expect.any(String), target: { pageId: ACME, incidentId: incident.id } }),
    ]);
    // Every key asked for was for the account's own server.
    expect(keysAsked.every((asked) => asked.startsWith(`${ACCOUNT} ${sim.baseUrl}/`))).toBe(true);
  });
});

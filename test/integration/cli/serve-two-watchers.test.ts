import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAlertsSimulator, type AlertsSimulator } from '../../../simulators/alerts';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { until, type CliChild } from './support/cli-child';
import { serveHome, startServe, type ServeHome } from './support/serve-setup';

/*
 * Two `statusdesk serve` watchers with the same settings (two servers, for redundancy) see the same incident
 * open: each sends its trigger, and PagerDuty's simulator, deduplicating by dedup_key as the Events API v2
 * documents, opens one alert: the on-call is paged once. Their keys are the same because they are made from
 * the page and the incident, never from the watcher.
 */

let pages: StatusPageSimulator;
let alerts: AlertsSimulator;
const homes: ServeHome[] = [];
const children: CliChild[] = [];

beforeAll(async () => {
  pages = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
  alerts = await startAlertsSimulator();
});
afterAll(async () => {
  await pages.close();
  await alerts.stop();
});
afterEach(async () => {
  for (const child of children.splice(0)) {
    child.child.kill('SIGKILL');
    await child.exited;
  }
  for (const home of homes.splice(0)) home.remove();
});

describe('two statusdesk serve watchers', () => {
  it('two watchers with the same settings page the on-call once: PagerDuty deduplicates their triggers by dedup_key', async () => {
    const routingKey = 'R0UT1NGKEYFORSERVE00000000000042';
    const first = serveHome({
      baseUrl: pages.baseUrl,
      destination: { name: 'On call', kind: 'pagerduty', origin: alerts.url, timeZone: 'UTC' },
      secret: routingKey,
      rule: { minSeverity: 'major', updates: 'open-and-resolve' },
    });
    homes.push(first);
    const id = new SettingsStore(first.dir).get().alerts.destinations[0]!.id;
    const second = serveHome({
      baseUrl: pages.baseUrl,
      destination: { id, name: 'On call', kind: 'pagerduty', origin: alerts.url, timeZone: 'UTC' },
      secret: routingKey,
      settingsFrom: first.dir,
    });
    homes.push(second);
    const watchers = [await startServe(first), await startServe(second)];
    children.push(...watchers);

    pages.openIncident({ page: 'acme', type: 'major', title: 'Database down', message: 'Investigating' });
    await until(() => alerts.requests('pagerduty').filter((r) => r.status === 202).length === 2, 'both watchers to send their trigger');
    for (const watcher of watchers) watcher.child.kill('SIGTERM');
    const ended = await Promise.all(watchers.map((w) => w.exited));
    children.length = 0;

    expect(ended.map((e) => e.code)).toEqual([0, 0]);
    const triggers = alerts.requests('pagerduty').map((r) => r.body as { event_action: string; dedup_key: string });
    expect(triggers.map((t) => t.event_action)).toEqual(['trigger', 'trigger']);
    expect(new Set(triggers.map((t) => t.dedup_key)).size).toBe(1);
    expect(alerts.pagerDuty.pages()).toBe(1);
    expect(alerts.pagerDuty.alerts[0]).toMatchObject({ status: 'triggered', triggers: 2 });
    for (const e of ended) expect(e.stdout + e.stderr).not.toContain(routingKey);
  });
});

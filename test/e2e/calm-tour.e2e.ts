import type { Page } from '@playwright/test';
import { startAlertsSimulator, type AlertsSimulator } from '../../simulators/alerts';
import { expect, test as base } from './support/fixtures';
import { addAcmeAccount, goTo } from './support/navigation';
import { screenshotPath } from './support/screenshots';

/*
 * Every screen in a lived-in state (an account, a watched page with an incident, writes waiting and refused, a
 * translation key, a team alert destination), light and dark: the pictures a first-time user would see, taken
 * into test-results/screens (docs/screenshots with STATUSDESK_SCREENSHOTS=1) as `tour-<screen>[-dark].png`.
 */

const test = base.extend<{ alertsSim: AlertsSimulator }>({
  alertsSim: async ({ closing }, use) => {
    const sim = await startAlertsSimulator();
    closing.servers.push({ close: () => sim.stop() });
    await use(sim);
  },
});
test.use({ translatorKey: 'sim-e2e-tour-key' });

async function both(
  page: Page,
  name: string,
  take: () => Promise<void> = () => page.screenshot({ path: screenshotPath(`tour-${name}.png`), fullPage: true }).then(() => undefined),
) {
  await page.emulateMedia({ colorScheme: 'light' });
  await take();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: screenshotPath(`tour-${name}-dark.png`), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a tour of every screen, light and dark', async ({ page, sim, translator, alertsSim, launch }) => {
  test.slow();
  const app = await launch();
  const account = await addAcmeAccount(app, sim);
  const watched = await app.core.monitor.addPage({ region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', accountId: account.id });
  await app.core.translation.updateSettings({ baseUrl: translator.baseUrl });
  await app.core.translation.setKey('sim-e2e-tour-key');
  const ops = await app.core.alerts.addDestination({
    name: '#ops-alerts',
    kind: 'slack',
    address: alertsSim.slackHookUrl('T0', 'B0', 'tourToken0001'),
    timeZone: 'Europe/Berlin',
  });
  const pageId = watched.id;
  await app.core.alerts.saveRule({ destinationId: ops.id, pageIds: [pageId], updates: 'open-and-resolve', minSeverity: 'minor' });
  await app.core.monitor.pollNow();
  sim.openIncident({ page: 'acme', type: 'major', title: 'Database unavailable', services: [4], message: 'Writes are failing.' });
  await app.core.monitor.pollNow();
  const outbox = await app.core.outbox.service();
  sim.setFaults({ method: 'POST', errorRates: { 400: 1 }, times: 2 });
  for (const title of ['Checkout down', 'Search slow']) {
    await outbox.enqueue({
      kind: 'statuspage',
      accountId: account.id,
      operation: 'createIncident',
      input: { subdomain: 'acme', incident: { type: 'minor', title } },
    });
  }
  await expect.poll(() => outbox.list().filter((e) => e.state === 'failed').length).toBe(2);
  await page.reload();

  await goTo(page, 'Dashboard', 'Dashboard');
  await app.settled();
  await both(page, 'dashboard');
  await page.getByRole('button', { name: 'Watch a page' }).first().click();
  await expect(page.getByRole('form', { name: 'Watch a page' })).toBeVisible();
  await both(page, 'watch-a-page');

  await goTo(page, /Incidents/, 'Incidents');
  await app.settled();
  await both(page, 'incidents');
  await page.getByRole('button', { name: 'New incident' }).click();
  await expect(page.getByRole('dialog', { name: 'New incident' })).toBeVisible();
  await both(page, 'new-incident');
  await page.keyboard.press('Escape');

  await goTo(page, /Outbox/, 'Outbox');
  await app.settled();
  await both(page, 'outbox');

  await goTo(page, 'Notifications', 'Notification centre');
  await app.settled();
  await both(page, 'notifications');

  await goTo(page, 'Administration', 'Administration');
  for (const [tab, name] of [
    ['Services', 'admin-services'],
    ['Subscriptions', 'admin-subscriptions'],
    ['Webhooks', 'admin-webhooks'],
    ['Metrics', 'admin-metrics'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await app.settled();
    await both(page, name);
  }

  await goTo(page, 'Settings', 'Settings');
  await app.settled();
  await both(page, 'settings');

  await goTo(page, 'Translation', 'Translation');
  await app.settled();
  await both(page, 'translation');

  await goTo(page, 'Operations', 'Operations');
  await app.settled();
  await both(page, 'operations');
});

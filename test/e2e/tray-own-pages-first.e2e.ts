import { startProviderSimulator, type ProviderSimulator } from '../../simulators/provider';
import { expect, test } from './support/fixtures';
import type { Harness } from './support/harness';
import { screenshotPath } from './support/screenshots';

/*
 * The tray tooltip names our own pages' problems before a provider's ("Nimbus Cloud: major
 * outage; 2 others" hid that both our pages were unreachable). A provider page is named with its own
 * name from its summary, and by its address (never the slug made from it) only until the first read: in the
 * tray, on a failed card and in the tray menu.
 */

const lastTray = (harness: Harness) => harness.trayModels.at(-1)!;
let providers: ProviderSimulator;
test.beforeEach(async () => {
  providers = await startProviderSimulator();
});
test.afterEach(async () => {
  await providers.close();
});

test('our own unreachable pages come first in the tray tooltip; a provider page is named by its summary, else its address', async ({ page, sim, app }) => {
  const slugless = (url: string) => url.replace(/^https?:\/\//, '');
  const missing = `${providers.pageUrl('nimbus-cloud')}-old`;
  await app.core.monitor.addPage({ region: 'custom', url: providers.pageUrl('nimbus-cloud') });
  await app.core.monitor.addPage({ region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', name: 'Acme' });
  await app.core.monitor.addPage({ region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme-eu', name: 'Acme EU' });
  providers.openIncident({
    page: 'nimbus-cloud',
    name: 'Object storage down',
    impact: 'critical',
    components: [{ name: 'Object storage', status: 'major_outage' }],
    body: 'Uploads fail.',
  });
  // Both our pages stop answering.
  sim.setFaults({ pathPrefix: '/status_pages/acme', errorRates: { 503: 1 }, retryAfterSeconds: null });
  for (let i = 0; i < 3; i += 1) await app.core.monitor.pollNow();

  await expect.poll(() => lastTray(app).icon).toBe('major');
  expect(lastTray(app).tooltip).toMatch(/^Statusdesk: Acme: not reachable; Acme EU: not reachable; Nimbus Cloud: major outage/);
  const names = lastTray(app).menu.flatMap((item) => (item.kind === 'page' ? [item.label] : []));
  expect(names).toEqual([expect.stringMatching(/^Nimbus Cloud — Major outage$/), expect.stringMatching(/^Acme — /), expect.stringMatching(/^Acme EU — /)]);

  // A provider page that never answered: its address, not "127-0-0-1-…-pages-nimbus-cloud-old".
  await app.core.monitor.addPage({ region: 'custom', url: missing });
  for (let i = 0; i < 3; i += 1) await app.core.monitor.pollNow();
  await page.reload();
  const failed = page.getByRole('article', { name: `Page ${slugless(missing)}` });
  await expect(failed).toBeVisible();
  await expect(failed.locator('.page-name')).toHaveText(slugless(missing));
  await expect(page.locator('.page-name').filter({ hasText: /^127-0-0-1-/ })).toHaveCount(0);
  await expect.poll(() => lastTray(app).menu.some((item) => item.kind === 'page' && item.label.startsWith(`${slugless(missing)} — `))).toBe(true);
  expect(JSON.stringify(lastTray(app))).not.toMatch(/127-0-0-1-\d+-pages/);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: screenshotPath('dashboard-provider-names.png'), fullPage: true });
});

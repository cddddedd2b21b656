import { expect, test } from './support/fixtures';
import type { Harness } from './support/harness';
import { addAcmeAccount, openNewIncident } from './support/navigation';

/*
 * Once the server confirms a write of ours, its page is checked at once: the dashboard and
 * the tray show the new incident without waiting for the next poll (here an hour away) or a Check now.
 */

const lastTray = (harness: Harness) => harness.trayModels.at(-1)!;

test('a confirmed write of ours has its page checked at once: the dashboard and the tray show it', async ({ page, sim, launch }) => {
  const app = await launch();
  const account = await addAcmeAccount(app, sim, 'Acme');
  await app.core.monitor.addPage({ region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', accountId: account.id, name: 'Acme', intervalSec: 3600 });
  await app.core.monitor.pollNow();
  await expect.poll(() => lastTray(app).icon).toBe('operational');
  const summaryReads = () => sim.requestCount('/status_pages/acme/summary');
  const before = summaryReads();

  const dialog = await openNewIncident(page);
  await dialog.getByLabel('Title', { exact: true }).fill('Checkout failing for some cards');
  await dialog.getByLabel('Message', { exact: true }).fill('We are looking into failed card payments.');
  await dialog.getByRole('button', { name: 'Create incident' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => sim.writeLog({ method: 'POST' }).length).toBe(1);

  // No Check now, and the next poll is an hour away: the write's confirmation made the check.
  await expect.poll(() => summaryReads()).toBeGreaterThan(before);
  await expect.poll(() => lastTray(app).icon).toBe('minor');
  expect(lastTray(app).tooltip).toMatch(/^Statusdesk: Acme: minor incident/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Dashboard' }).click();
  const card = page.getByRole('article', { name: 'Page Acme' });
  await expect(card.locator('.level-badge').first()).toHaveText(/Minor incident/);
  await expect(card).toContainText('Checkout failing for some cards');
  // Our own incident is not announced to us.
  expect(app.notifications).toHaveLength(0);
});

import { expect, test } from './support/fixtures';
import { decideWindowOpen } from '../../electron/core/security/navigation';
import type { StatusPageSimulator } from '../../simulators/statuspal';
import type { Harness } from './support/harness';
import { addAcmeAccount } from './support/navigation';
import { screenshotPath } from './support/screenshots';

/** Acme watched twice: as the page of an account with a key (one's own) and as a public page (no account). */
async function watchAcme(app: Harness, sim: StatusPageSimulator, { withAccount }: { withAccount: boolean }) {
  let accountId: string | undefined;
  if (withAccount) {
    const account = await addAcmeAccount(app, sim);
    accountId = account.id;
  }
  await app.core.monitor.addPage({ region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', accountId, name: withAccount ? 'Acme (mine)' : 'Acme (public)' });
}

test('Post update on an incident of one’s own page opens the update editor and the update reaches the page', async ({ sim, app }) => {
  const { page } = app;
  await watchAcme(app, sim, { withAccount: true });
  const incident = sim.openIncident({ page: 'acme', type: 'major', title: 'Database unavailable', services: [4], message: 'Writes are failing.' });
  await app.core.monitor.pollNow();
  await page.reload();

  const shown = page.getByRole('article', { name: 'Incident Database unavailable' });
  await shown.getByRole('button', { name: 'Post update' }).click();
  const editor = page.getByRole('dialog', { name: 'Post update: Database unavailable' });
  await expect(editor).toBeVisible();
  await editor.getByLabel('Update type').selectOption('monitoring');
  await editor.getByLabel('Message').fill('Failover done, watching the replicas.');
  await page.screenshot({ path: screenshotPath('dashboard-post-update.png') });
  await editor.getByRole('button', { name: 'Post update' }).click();
  await expect(editor).toHaveCount(0);
  await expect(shown.getByRole('status')).toContainText('Update queued');

  // The outbox sends it to the page's server: the incident there has the update.
  const writes = () => sim.writeLog({ method: 'POST', pathPrefix: `/status_pages/acme/incidents/${incident.id}/updates` });
  await expect.poll(() => writes().length).toBe(1);
  expect(writes()[0]!.status).toBeLessThan(300);
  expect(writes()[0]!.body).toMatchObject({ update: { type: 'monitoring', description: 'Failover done, watching the replicas.' } });

  // And the dashboard shows it after the next check.
  await page.getByRole('button', { name: 'Check all now' }).click();
  await expect(shown).toContainText('Failover done, watching the replicas.');
});

test('a public page’s incident offers no Post update, and Open public page hands the public page’s https address (its incidents’ origin, not the company site) to the browser', async ({
  context,
  sim,
  app,
}) => {
  const { page } = app;
  await watchAcme(app, sim, { withAccount: false });
  sim.openIncident({ page: 'acme', type: 'minor', title: 'Slow dashboard', services: [3] });
  await app.core.monitor.pollNow();
  await page.reload();

  const shown = page.getByRole('article', { name: 'Incident Slow dashboard' });
  await expect(shown).toBeVisible();
  await expect(shown.getByRole('button', { name: 'Post update' })).toHaveCount(0);

  const link = shown.getByRole('link', { name: 'Open public page' });
  await expect(link).toHaveAttribute('href', 'https://acme.statuspal.io');
  await expect(link).toHaveAttribute('target', '_blank');
  // Electron's window-open handler gets this address: it opens no window and gives it to the system browser.
  expect(decideWindowOpen('https://acme.statuspal.io')).toEqual({ action: 'deny', openExternally: true });

  // Clicking asks for a new window at that address (here Chromium's; in the app, the handler above).
  await context.route('https://acme.statuspal.io/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Acme status</title>' }));
  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await expect.poll(() => popup.url()).toBe('https://acme.statuspal.io/');
});

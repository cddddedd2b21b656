import { expect, test } from './support/fixtures';
import type { Harness } from './support/harness';
import { watchAcmeFromDashboard } from './support/navigation';
import { screenshotPath } from './support/screenshots';

test.use({ simOptions: { seed: 'demo' } });

const lastTray = (harness: Harness) => harness.trayModels.at(-1)!;

test('an incident opens: the dashboard shows it, one notification, the tray turns major; it resolves and all returns to operational', async ({ sim, app }) => {
  const { page } = app;
  await expect(page.getByRole('heading', { name: 'No pages watched yet' })).toBeVisible();
  const card = await watchAcmeFromDashboard(page, sim);
  await expect.poll(() => lastTray(app).icon).toBe('operational');
  expect(app.notifications).toHaveLength(0); // the first poll never notifies about what already was

  const incident = sim.openIncident({ page: 'acme', type: 'major', title: 'Database unavailable', services: [4], message: 'Writes are failing.' });
  await page.getByRole('button', { name: 'Check all now' }).click();

  const shown = card.getByRole('article', { name: 'Incident Database unavailable' });
  await expect(shown).toBeVisible();
  await expect(shown).toContainText('Writes are failing.');
  await expect(card.locator('.level-badge').first()).toHaveText(/Major outage/);
  await expect(page.getByTestId('overall')).toHaveText('A major outage is ongoing');
  await expect.poll(() => lastTray(app).icon).toBe('major');
  expect(lastTray(app).tooltip).toMatch(/Acme/);
  expect(app.notifications).toHaveLength(1);
  expect(app.notifications[0]).toMatchObject({ severity: 'major', target: { incidentId: incident.id } });
  expect(app.notifications[0]!.title + app.notifications[0]!.body).toMatch(/Database unavailable/);

  // Polling again without change raises nothing new.
  await page.getByRole('button', { name: 'Check all now' }).click();
  await expect.poll(() => app.answered.filter((a) => a.channel === 'monitor.pollNow').length).toBe(2);
  expect(app.notifications).toHaveLength(1);

  sim.addUpdate({ page: 'acme', incidentId: incident.id, type: 'monitoring', message: 'Failover done, watching.' });
  await page.getByRole('button', { name: 'Check all now' }).click();
  await shown.getByRole('button', { name: /Show all updates/ }).click();
  const timeline = shown.getByRole('list', { name: 'Updates, newest first' });
  await expect(timeline.getByRole('listitem')).toHaveCount(2);
  await expect(timeline.getByRole('listitem').first()).toContainText('Failover done');
  await page.screenshot({ path: screenshotPath('dashboard.png'), fullPage: true });

  sim.resolveIncident({ page: 'acme', incidentId: incident.id, message: 'All writes succeed again.' });
  await page.getByRole('button', { name: 'Check all now' }).click();
  await expect(card.locator('.level-badge').first()).toHaveText(/Operational/);
  await expect(card.getByRole('article', { name: 'Incident Database unavailable' })).toHaveCount(0);
  await expect.poll(() => lastTray(app).icon).toBe('operational');
  await expect(page.getByTestId('overall')).toHaveText('All watched pages are operational');

  await page.getByRole('button', { name: 'Notifications' }).click();
  const events = page.getByRole('list', { name: 'Events' });
  await expect(events).toContainText('Incident opened');
  await expect(events).toContainText('Incident resolved');
  await page.screenshot({ path: screenshotPath('notification-centre.png') });
});

test('clicking a notification opens its incident on the dashboard', async ({ sim, app }) => {
  const { page } = app;
  await watchAcmeFromDashboard(page, sim);
  const incident = sim.openIncident({ page: 'acme', type: 'minor', title: 'Slow dashboard', services: [3] });
  await page.getByRole('button', { name: 'Settings' }).click();
  await app.core.monitor.pollNow();
  await expect.poll(() => app.notifications.length).toBe(1);
  app.clickNotification(app.notifications[0]!);
  const shown = page.getByRole('article', { name: 'Incident Slow dashboard' });
  await expect(shown).toBeVisible();
  await expect(shown.getByRole('list', { name: 'Updates, newest first' })).toBeVisible();
  expect(app.notifications[0]!.target.incidentId).toBe(incident.id);
});

test('a page that stops answering turns stale, never operational, and recovers', async ({ sim, app }) => {
  const { page } = app;
  const card = await watchAcmeFromDashboard(page, sim);
  sim.goOffline({ mode: 'refuse' });
  for (let i = 0; i < 3; i += 1) await app.core.monitor.pollNow();
  await expect(card.locator('.level-badge').first()).toHaveText(/Not reachable/);
  await expect(card.getByRole('status').filter({ hasText: /last known at/ })).toBeVisible();
  await expect.poll(() => lastTray(app).icon).toBe('stale');
  await page.screenshot({ path: screenshotPath('dashboard-stale.png') });
  expect(app.notifications.filter((n) => n.severity !== 'operational')).toHaveLength(0);

  await sim.goOnline();
  await app.core.monitor.pollNow();
  await expect(card.locator('.level-badge').first()).toHaveText(/Operational/);
  await expect.poll(() => lastTray(app).icon).toBe('operational');
});

test('muting a page keeps it off the tray colour and out of notifications; pausing shows until when', async ({ sim, app }) => {
  const { page } = app;
  const card = await watchAcmeFromDashboard(page, sim);
  await card.getByRole('button', { name: 'Mute page' }).click();
  await expect(card.getByText('Muted', { exact: true })).toBeVisible();
  sim.openIncident({ page: 'acme', type: 'major', title: 'Muted outage' });
  await page.getByRole('button', { name: 'Check all now' }).click();
  await expect(card.locator('.level-badge').first()).toHaveText(/Major outage/);
  expect(app.notifications).toHaveLength(0);
  await expect.poll(() => lastTray(app).icon).toBe('operational');

  await page.getByRole('button', { name: 'Pause for an hour' }).click();
  await expect(page.getByText(/Paused until/)).toBeVisible();
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByRole('button', { name: 'Pause for an hour' })).toBeVisible();
});

test('the form validates before anything is saved, and a page can be removed', async ({ sim, app }) => {
  const { page } = app;
  await page.getByRole('button', { name: 'Watch a page' }).first().click();
  const form = page.getByRole('form', { name: 'Watch a page' });
  // With no account, the form starts on a provider's page by its address.
  await expect(form.getByLabel('Through')).toHaveValue('url');
  await form.getByLabel('Through').selectOption('public');
  await form.getByLabel('Page subdomain').fill('no spaces allowed');
  await form.getByText('More options').click();
  await form.getByLabel('Check every (seconds)').fill('5');
  await form.getByRole('button', { name: 'Watch page' }).click();
  await expect(form.getByText(/only letters, digits/)).toBeVisible();
  await expect(form.getByText(/at most every 15 seconds/)).toBeVisible();
  expect(app.core.monitor.pages()).toHaveLength(0);
  await form.getByRole('button', { name: 'Cancel' }).click();

  const card = await watchAcmeFromDashboard(page, sim);
  await card.getByRole('button', { name: 'More actions for Acme' }).click();
  await card.getByRole('menuitem', { name: 'Stop watching…' }).click();
  await card.getByRole('button', { name: 'Stop watching' }).click();
  await expect(page.getByRole('heading', { name: 'No pages watched yet' })).toBeVisible();
  expect(app.core.monitor.pages()).toHaveLength(0);
});

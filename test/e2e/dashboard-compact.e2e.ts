import { expect, test } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

test.beforeEach(async ({ page, sim, app }) => {
  for (const subdomain of ['acme', 'acme-eu', 'globex']) await app.core.monitor.addPage({ region: 'custom', baseUrl: sim.baseUrl, subdomain });
  sim.openIncident({ page: 'acme', type: 'major', title: 'Database unavailable', services: [4], message: 'Writes are failing.' });
  // Acme EU's seed has a minor one (performance); Globex stays operational.
  await app.core.monitor.pollNow();
  await page.reload();
});

test('the dashboard counts pages per level, and a compact list (one line a page) is remembered', async ({ app }) => {
  const { page } = app;
  await expect(page.getByTestId('level-counts')).toHaveText('1 with a major outage · 1 with a minor incident · 1 operational');

  const toggle = page.getByRole('button', { name: 'Compact list' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  // One line per page, worst first; no cards.
  const list = page.getByRole('list', { name: 'Watched pages' });
  const rows = list.getByRole('listitem');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Acme');
  await expect(rows.nth(0)).toContainText('Database unavailable');
  await expect(rows.nth(1)).toContainText('Slow responses from the EU API');
  await expect(rows.nth(2)).toContainText('Globex');
  await expect(page.getByRole('article', { name: /^Page / })).toHaveCount(0);
  await expect.poll(() => app.core.desktop.appearance().dashboardLayout).toBe('compact');
  // A snoozed page's line says until when, as its card does.
  const acmeEu = app.core.monitor.pages().find((p) => p.subdomain === 'acme-eu')!;
  await app.core.snoozes.add({ pageId: acmeEu.id, target: { kind: 'page' }, label: 'Acme EU', minutes: 60 });
  // Its time as the other times of the line (clockTime), the exact moment on hover.
  await expect(rows.nth(1).getByText(/^Snoozed until .*\d:\d\d/)).toHaveAttribute('title', /\(UTC[+-]\d\d:\d\d\)$/);
  await expect(rows.nth(0)).not.toContainText('Snoozed');
  await page.screenshot({ path: screenshotPath('dashboard-compact.png'), fullPage: true });

  // Remembered by a new window.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Compact list' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('list', { name: 'Watched pages' }).getByRole('listitem')).toHaveCount(3);

  // A line opens to the page's card.
  // The line reads as what it shows: name, level, worst incident, when checked.
  const acme = page.getByRole('button', { name: /^Acme Major outage Database unavailable/ });
  await acme.click();
  await expect(acme).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('article', { name: 'Incident Database unavailable' })).toBeVisible();

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: screenshotPath('dashboard-compact-dark.png'), fullPage: true });

  // Back to cards.
  await page.getByRole('button', { name: 'Compact list' }).click();
  await expect(page.getByRole('article', { name: 'Page Globex' })).toBeVisible();
  await expect.poll(() => app.core.desktop.appearance().dashboardLayout).toBe('cards');
});

test('a notification opens its page in the compact list too', async ({ sim, app }) => {
  const { page } = app;
  await page.getByRole('button', { name: 'Compact list' }).click();
  await expect(page.getByRole('button', { name: 'Compact list' })).toHaveAttribute('aria-pressed', 'true');
  const incident = sim.openIncident({ page: 'acme-eu', type: 'major', title: 'EU region down' });
  await app.core.monitor.pollNow();
  await expect.poll(() => app.notifications.length).toBe(1);
  app.clickNotification(app.notifications[0]!);
  const shown = page.getByRole('article', { name: 'Incident EU region down' });
  await expect(shown).toBeVisible();
  expect(app.notifications[0]!.target.incidentId).toBe(incident.id);
});

import { expect, test } from './support/fixtures';
import type { Harness } from './support/harness';
import { screenshotPath } from './support/screenshots';

/*
 * A page that stopped answering shows its levels as last known (hatched, "last known at …"),
 * never "Operational, checked just now"; the last successful check and the last attempt are told apart, on
 * the card, in the compact list and in the tray.
 */

const lastTray = (harness: Harness) => harness.trayModels.at(-1)!;

test('a stale page shows its levels as last known, and its last successful check apart from its last attempt', async ({ page, sim, app }) => {
  await app.core.monitor.addPage({ region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', name: 'Acme' });
  await app.core.monitor.addPage({ region: 'custom', baseUrl: sim.baseUrl, subdomain: 'globex', name: 'Globex' });
  await app.core.monitor.pollNow();
  await page.reload();
  const card = page.getByRole('article', { name: 'Page Acme' });
  await expect(card.getByTestId('last-checked')).toHaveText(/checked/);

  // Acme's page stops answering (its server fails every read of it); Globex still answers.
  sim.setFaults({ pathPrefix: '/status_pages/acme/summary', errorRates: { 503: 1 }, retryAfterSeconds: null });
  for (let i = 0; i < 3; i += 1) await app.core.monitor.pollNow();

  // The card: Not reachable, the level as last known (hatched), and when that was.
  await expect(card.locator('.level-badge').first()).toHaveText(/Not reachable/);
  const lastKnown = card.locator('.page-card-header .level-badge.last-known');
  await expect(lastKnown).toHaveText(/Last known:\s*Operational/);
  await expect(card.getByRole('status').filter({ hasText: /last known at \d/ })).toBeVisible();
  await expect(card.getByTestId('last-success')).toHaveText(/^last successful check /);
  await expect(card.getByTestId('last-attempt')).toHaveText(/^last attempt .*, failed$/);
  await expect(card.getByTestId('last-checked')).toHaveCount(0);

  // Opened: a note, and every service's level hatched as last known; none reads as a plain green Operational.
  const toggle = card.getByRole('button', { name: 'Acme', exact: true });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(card.getByRole('note')).toContainText('has not answered since');
  const services = card.locator('section[aria-label="Services"]');
  await expect(services.locator('.level-badge').first()).toBeVisible();
  expect(await services.locator('.level-badge:not(.last-known)').count()).toBe(0);
  await page.mouse.move(0, 0);
  await card.screenshot({ path: screenshotPath('dashboard-stale-last-known.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await card.screenshot({ path: screenshotPath('dashboard-stale-last-known-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });

  // Globex, which answers, is still "checked …".
  await expect(page.getByRole('article', { name: 'Page Globex' }).getByTestId('last-checked')).toBeVisible();

  // The compact list: the level as last known, and the last good check instead of "just now".
  await page.getByRole('button', { name: 'Compact list' }).click();
  const row = page.getByRole('list', { name: 'Watched pages' }).getByRole('listitem').filter({ hasText: 'Acme' });
  await expect(row.locator('.level-badge.last-known')).toHaveText(/Operational/);
  await expect(row).toContainText(/last known at \d/);
  await expect(row.getByTestId('compact-when')).toHaveText(/^last OK /);
  await expect(row.getByTestId('compact-when')).toHaveAttribute('title', /Last successful check: .* · last attempt \(failed\): /);
  await page.screenshot({ path: screenshotPath('dashboard-compact-stale.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: screenshotPath('dashboard-compact-stale-dark.png') });

  // The tray: not reachable with the last good answer's time; the menu has the level as last known.
  await expect.poll(() => lastTray(app).tooltip).toMatch(/^Statusdesk: Acme: not reachable, last OK \d{1,2}:\d\d\s?[AP]M [A-Z+\d]+; 1 operational/);
  const entry = lastTray(app).menu.find((item) => item.kind === 'page' && item.pageId !== undefined && item.label.startsWith('Acme'));
  expect(entry).toMatchObject({ state: 'stale' });
  expect(entry && 'label' in entry ? entry.label : '').toMatch(/^Acme — Not reachable · last known Operational at \d{1,2}:\d\d\s?[AP]M [A-Z+\d]+$/);
});

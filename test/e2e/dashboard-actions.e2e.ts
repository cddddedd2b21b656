import { expect, test } from './support/fixtures';
import { watchAcmeFromDashboard } from './support/navigation';
import { screenshotPath } from './support/screenshots';

test.use({ simOptions: { seed: 'demo' } });

test('Stop watching sits in the card’s ⋯ menu, not beside routine buttons; the menu works by keyboard', async ({ sim, app }) => {
  const { page } = app;
  const card = await watchAcmeFromDashboard(page, sim);
  // No red button among Check now and Mute page.
  await expect(card.getByRole('button', { name: /Stop watching/ })).toHaveCount(0);
  const more = card.getByRole('button', { name: 'More actions for Acme' });
  await expect(more).toHaveAttribute('aria-haspopup', 'menu');
  await expect(more).toHaveAttribute('aria-expanded', 'false');

  // Keyboard: Enter opens with the first entry focused, Escape closes and gives the focus back.
  await more.focus();
  await page.keyboard.press('Enter');
  const menu = card.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('menuitem', { name: 'Notify every incident update' })).toBeFocused();
  await page.screenshot({ path: screenshotPath('dashboard-action-menu.png') });
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(more).toBeFocused();

  // Arrow keys open it too (Up on the last entry) and wrap around; choosing asks first, with the safe answer focused.
  await page.keyboard.press('ArrowUp');
  await expect(card.getByRole('menuitem', { name: 'Stop watching…' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(card.getByRole('menuitem', { name: 'Notify every incident update' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(card.getByRole('menuitem', { name: 'Stop watching…' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card.getByRole('menu')).toHaveCount(0);
  const keep = card.getByRole('button', { name: 'Keep' });
  await expect(keep).toBeFocused();
  await keep.press('Enter');
  expect(app.core.monitor.pages()).toHaveLength(1);

  // Tab closes it and goes on from the button, not from nowhere.
  await more.click();
  await expect(card.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Shift+Tab');
  await expect(card.getByRole('menu')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Mute page' })).toBeFocused();

  // A click outside closes it without doing anything.
  await more.click();
  await expect(card.getByRole('menu')).toBeVisible();
  await page.getByRole('heading', { name: 'Dashboard' }).click();
  await expect(card.getByRole('menu')).toHaveCount(0);

  await more.click();
  await card.getByRole('menuitem', { name: 'Stop watching…' }).click();
  await card.getByRole('button', { name: 'Stop watching' }).click();
  await expect(page.getByRole('heading', { name: 'No pages watched yet' })).toBeVisible();
  expect(app.core.monitor.pages()).toHaveLength(0);
});

test('child services’ badges line up with their parents’ badges', async ({ sim, app }) => {
  const card = await watchAcmeFromDashboard(app.page, sim);
  const services = card.getByRole('region', { name: 'Services' });
  const badgeOf = (name: string) => services.locator('.service-row', { has: app.page.getByText(name, { exact: true }) }).locator('.level-badge');
  const left = async (name: string) => (await badgeOf(name).boundingBox())!.x;
  const web = await left('Web');
  for (const child of ['API', 'Dashboard']) expect(Math.abs((await left(child)) - web)).toBeLessThanOrEqual(1);
  expect(Math.abs((await left('Database')) - (await left('Data')))).toBeLessThanOrEqual(1);
  await services.screenshot({ path: screenshotPath('dashboard-service-tree.png') });
});

test('a service row says its name and level; its actions wait in one ⋯ menu, and what they set shows in the row', async ({ sim, app }) => {
  const card = await watchAcmeFromDashboard(app.page, sim);
  const services = card.getByRole('region', { name: 'Services' });
  const rows = services.locator('.service-row');
  await expect(rows).toHaveCount(6);
  // One control a row, not a Mute link and a Snooze select beside every level.
  for (const row of await rows.all()) {
    await expect(row.getByRole('button')).toHaveCount(1);
    await expect(row.getByRole('combobox')).toHaveCount(0);
  }
  const queue = rows.filter({ has: app.page.getByText('Queue', { exact: true }) });
  await expect(queue.getByTestId('service-muted')).toHaveCount(0);
  await queue.getByRole('button', { name: 'Actions for Queue' }).click();
  await app.page.getByRole('menuitem', { name: 'Mute notifications' }).click();
  await expect(queue.getByTestId('service-muted')).toHaveText('Muted');
  expect(app.core.monitor.pages()[0]!.mutedServiceIds).toContain(6);
  await app.page.mouse.move(0, 0);
  await services.screenshot({ path: screenshotPath('dashboard-service-rows.png') });
  // Unmuted the same way.
  await queue.getByRole('button', { name: 'Actions for Queue' }).click();
  await app.page.getByRole('menuitem', { name: 'Unmute notifications' }).click();
  await expect(queue.getByTestId('service-muted')).toHaveCount(0);
});

test('a page can tell every update of its incidents, without following each one, from its ⋯ menu', async ({ sim, app }) => {
  const { page } = app;
  const card = await watchAcmeFromDashboard(page, sim);
  const incident = sim.openIncident({ page: 'acme', type: 'minor', title: 'Slow logins', services: [2], message: 'Looking into it.' });
  await app.core.monitor.pollNow();
  await expect.poll(() => app.notifications.length).toBe(1);
  // By default an update that does not escalate stays quiet.
  sim.addUpdate({ page: 'acme', incidentId: incident.id, type: 'update', message: 'Still looking.' });
  await app.core.monitor.pollNow();
  expect(app.notifications).toHaveLength(1);

  await card.getByRole('button', { name: 'More actions for Acme' }).click();
  await page.getByRole('menuitem', { name: 'Notify every incident update' }).click();
  await expect(card.getByTestId('every-update')).toHaveText('· every incident update notified');
  expect(app.core.monitor.pages()[0]).toMatchObject({ notifyUpdates: true });
  sim.addUpdate({ page: 'acme', incidentId: incident.id, type: 'update', message: 'A fix is being deployed.' });
  await app.core.monitor.pollNow();
  await expect.poll(() => app.notifications.length).toBe(2);
  expect(app.notifications[1]).toMatchObject({ title: 'Acme: Update: Slow logins', body: 'A fix is being deployed.' });

  // And back.
  await card.getByRole('button', { name: 'More actions for Acme' }).click();
  await page.getByRole('menuitem', { name: 'Notify openings and ends only' }).click();
  await expect(card.getByTestId('every-update')).toHaveCount(0);
});

import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { addAcmeAccount, goTo } from './support/navigation';
import { queueRefusedWrite } from './support/refused-write';

/*
 * Calm lists: an administration row and a team alert rule show their names, not buttons, until pointed at or
 * reached by keyboard, and their ⋯ menu holds what the row's buttons were; a refused write offers one button and
 * keeps Retry as is and Discard in its ⋯ menu; a list's two exports are one Export menu. Times on these rows are
 * the window's zone, so both zones the app is used in are walked.
 */

/** How opaque an element is as drawn: its own opacity times every ancestor's. */
function drawnOpacity(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    let opacity = 1;
    for (let node: Element | null = element; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
    return opacity;
  });
}

/** Every button of a row, as drawn: none shows while the row is left alone. */
async function shownButtons(row: Locator): Promise<number> {
  let shown = 0;
  for (const button of await row.getByRole('button').all()) if ((await drawnOpacity(button)) > 0) shown += 1;
  return shown;
}

async function menuItems(page: Page): Promise<string[]> {
  return (await page.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
}

for (const zone of [
  { timezoneId: 'America/New_York', locale: 'en-US' },
  { timezoneId: 'Europe/Berlin', locale: 'de-DE' },
]) {
  test.describe(`in ${zone.timezoneId}`, () => {
    test.use({ timezoneId: zone.timezoneId, locale: zone.locale });

    test('admin rows and alert rules hold their actions in a ⋯ menu shown on hover or focus', async ({ page, sim, launch }) => {
      const app = await launch();
      await addAcmeAccount(app, sim);
      const watched = await app.core.monitor.addPage({ region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme' });
      const destination = await app.core.alerts.addDestination({
        name: '#ops',
        kind: 'webhook',
        address: 'https://hooks.example.com/statusdesk',
        key: 'calm-rows-signing-key-0001',
        timeZone: zone.timezoneId,
      });
      await app.core.alerts.saveRule({ destinationId: destination.id, pageIds: [watched.id], updates: 'open-and-resolve', minSeverity: 'minor' });

      await goTo(page, 'Administration', 'Administration');
      const panel = page.getByRole('tabpanel');
      const web = panel.getByTestId('admin-row').filter({ hasText: 'Public website and API' });
      await expect(web).toBeVisible();
      await page.mouse.move(0, 0);
      expect(await shownButtons(web)).toBe(0);
      // Pointed at: its one ⋯ button shows.
      await web.hover();
      await expect.poll(() => shownButtons(web)).toBe(1);
      await web.getByRole('button', { name: 'More actions for service Web', exact: true }).click();
      expect(await menuItems(page)).toEqual(['Edit service…', 'Delete service…']);
      await page.keyboard.press('Escape');
      await page.mouse.move(0, 0);
      // Reached by keyboard: the focused ⋯ shows without a pointer.
      await expect(web.getByRole('button', { name: 'More actions for service Web', exact: true })).toBeFocused();
      expect(await shownButtons(web)).toBe(1);
      await page.getByRole('heading', { name: 'Administration', level: 1 }).click();
      expect(await shownButtons(web)).toBe(0);

      // The list's exports: one menu.
      await expect(panel.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
      await panel.getByRole('button', { name: 'Export services' }).click();
      expect(await menuItems(page)).toEqual(['Export CSV', 'Export JSON']);
      await page.keyboard.press('Escape');
      await expectAccessible(page, 'Administration with its rows’ actions in menus');

      await goTo(page, 'Settings', 'Settings');
      const rule = page.getByRole('list', { name: 'Rules of #ops' }).getByRole('listitem').first();
      await rule.scrollIntoViewIfNeeded();
      await page.mouse.move(0, 0);
      expect(await shownButtons(rule)).toBe(0);
      await rule.hover();
      await expect.poll(() => shownButtons(rule)).toBe(1);
      await rule.getByRole('button', { name: /^Actions for / }).click();
      expect(await menuItems(page)).toContain('Edit rule');
      await page.keyboard.press('Escape');
    });

    test('a refused write shows one button; Retry as is and Discard wait in its ⋯ menu, and its state is a dot and a word', async ({ page, sim, launch }) => {
      await queueRefusedWrite(await launch(), sim, {
        operation: 'createIncident',
        input: { subdomain: 'acme', incident: { type: 'minor', title: 'Checkout down' } },
      });

      await goTo(page, /Outbox/, 'Outbox');
      const card = page.getByRole('article', { name: 'Create incident “Checkout down”' });
      await expect(card.locator('.entry-state')).toHaveText('Failed');
      await expect(card.locator('.entry-state .state-dot')).toHaveCount(1);
      await expect(card.locator('.card-actions').getByRole('button')).toHaveText(['Edit and retry…', '⋯']);
      await card.getByRole('button', { name: 'More actions for Create incident “Checkout down”' }).click();
      expect(await menuItems(page)).toEqual(['Retry as is', 'Discard…']);
      await page.getByRole('menuitem', { name: 'Retry as is' }).click();
      await expect.poll(() => sim.writeLog({ op: 'incidents.create' }).length).toBe(1);
      await expect(page.getByRole('heading', { name: 'Nothing waiting' })).toBeVisible();
      await expectAccessible(page, 'the outbox after Retry as is from the menu');
    });
  });
}

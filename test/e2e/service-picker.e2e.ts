import type { Locator, Page } from '@playwright/test';
import { componentName } from '../../simulators/statuspal';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { addAcmeAccount, openNewIncident, openScreen } from './support/navigation';
import { screenshotPath } from './support/screenshots';

/*
 * On a page of 400 services in three levels, picking 3 in the incident editor and in the
 * access-group dialog takes at most 15 key presses (395 with the checkbox list): type a component's number,
 * Enter, three times. The picked ones are chips, removable; the tree folds and opens by keyboard.
 */

test.use({ simOptions: { seed: { large: { subscriptions: 20, incidents: 20, maintenances: 2, metrics: 0 } }, rateLimit: false } });

const WANTED = [216, 304, 41].map(componentName);

/** Presses keys one at a time and counts them, as a person would. */
function keyboard(page: Page) {
  let count = 0;
  return {
    async press(key: string) {
      count++;
      await page.keyboard.press(key);
    },
    async type(text: string) {
      for (const char of text) await this.press(char);
    },
    get count() {
      return count;
    },
  };
}

async function pickThree(page: Page, filter: Locator): Promise<number> {
  await filter.focus();
  const keys = keyboard(page);
  for (const name of WANTED) {
    await keys.type(/\d+$/.exec(name)![0]);
    await keys.press('Enter');
    await expect(filter).toHaveValue('');
  }
  return keys.count;
}

test('the incident editor: 3 of 400 services in at most 15 key presses, as chips; folding by keyboard; sent as picked', async ({ page, sim, launch }) => {
  const app = await launch();
  await addAcmeAccount(app, sim);
  const dialog = await openNewIncident(page);
  await dialog.getByLabel('Title', { exact: true }).fill('Payments slow in three places');
  const filter = dialog.getByRole('searchbox', { name: 'Filter affected services' });
  const tree = dialog.getByRole('list', { name: 'Services to pick from' });
  // Large: the ten areas, folded.
  await expect(tree.getByRole('checkbox')).toHaveCount(10);

  const presses = await pickThree(page, filter);
  expect(presses).toBeLessThanOrEqual(15);
  const chips = dialog.getByRole('list', { name: 'Picked (3)' });
  await expect(chips.getByRole('button')).toHaveText(WANTED.map((name) => `${name}×`));
  await expect(dialog.getByText('· 3 selected')).toBeVisible();

  // Found by any word of its place, highlighted, announced; Escape clears the filter and leaves the dialog open.
  await filter.fill('payments eu west gateway');
  await expect(tree.locator('.sp-active')).toHaveCount(1);
  await expect(dialog.getByRole('status').filter({ hasText: /found\. Gateway \d+, in Payments › Payments · EU West, not picked\./ })).toHaveCount(1);
  await page.screenshot({ path: screenshotPath('service-picker.png') });
  await expectAccessible(page, 'the incident editor with the service picker');
  await filter.press('Escape');
  await expect(filter).toHaveValue('');
  await expect(dialog).toBeVisible();

  // The tree by keyboard: Down to the first area, Right opens it, Down into it, Left back up, Left folds it.
  await filter.press('ArrowDown');
  await filter.press('Tab');
  const first = tree.getByRole('checkbox', { name: 'Payments', exact: true });
  await first.focus();
  await page.keyboard.press('ArrowRight');
  await expect(tree.getByRole('checkbox', { name: 'Payments · EU West', exact: true })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(tree.getByRole('checkbox', { name: 'Payments · EU West', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(first).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(tree.getByRole('checkbox')).toHaveCount(10);
  // Typing on the tree types into the filter.
  await page.keyboard.type('ledger');
  await expect(filter).toHaveValue('ledger');
  await expect(filter).toBeFocused();
  await filter.fill('');

  // A chip removed (Backspace in the empty filter removes the last), then the incident saved with the other two.
  await filter.press('Backspace');
  await expect(chips).toHaveCount(0);
  await expect(dialog.getByRole('list', { name: 'Picked (2)' }).getByRole('button')).toHaveText(WANTED.slice(0, 2).map((name) => `${name}×`));
  await page.emulateMedia({ colorScheme: 'dark' });
  await filter.fill('storage');
  await page.screenshot({ path: screenshotPath('service-picker-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });
  await filter.fill('');
  await dialog.getByLabel('Message', { exact: true }).fill('Slow answers.');
  await dialog.getByRole('button', { name: 'Create incident' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => sim.writeLog({ op: 'incidents.create' }).length).toBe(1);
  const body = sim.writeLog({ op: 'incidents.create' })[0]!.body as { incident: { service_ids: number[] } };
  expect(body.incident.service_ids).toHaveLength(2);
});

test('the access-group dialog: 3 of 400 services in at most 15 key presses; a group picks only itself there', async ({ page, sim, launch }) => {
  test.setTimeout(120_000);
  const app = await launch();
  await addAcmeAccount(app, sim);
  await openScreen(page, 'Administration');
  await page.getByRole('tab', { name: 'Access groups' }).click();
  await page.getByRole('button', { name: 'Add access group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an access group' });
  await dialog.getByLabel('Name', { exact: true }).fill('Three components');
  // The page's public tree comes first (one read); the list itself is read one service at a time below the areas.
  const filter = dialog.getByRole('searchbox', { name: 'Filter the services its members see' });
  await expect(filter).toBeVisible();
  const presses = await pickThree(page, filter);
  expect(presses).toBeLessThanOrEqual(15);
  await expect(dialog.getByRole('list', { name: 'Picked (3)' }).getByRole('button')).toHaveText(WANTED.map((name) => `${name}×`));
  await filter.fill('storage');
  await filter.press('Enter');
  await expect(dialog.getByRole('list', { name: 'Picked (4)' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save access group' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => sim.writeLog({ op: 'access_groups.create' }).length).toBe(1);
  const body = sim.writeLog({ op: 'access_groups.create' })[0]!.body as { access_group: { service_ids: number[] } };
  expect(body.access_group.service_ids).toHaveLength(4);
});

import type { Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { addAcmeAccount, openScreen } from './support/navigation';
import { screenshotPath } from './support/screenshots';

/* Incident search, an Open / Resolved / All filter, open incidents pinned on top; still virtualised. */

const list = (page: Page) => page.getByTestId('incident-list');
const titles = (page: Page) => list(page).locator('.row-title').allTextContents();

test('search finds titles and update text, the status filter narrows, open incidents stay on top', async ({ page, sim, launch }) => {
  // Oldest first: the open one is buried under 40 newer resolved ones in the server's order.
  sim.openIncident({ page: 'acme', type: 'major', title: 'Payments delayed', message: 'Card payments take minutes to confirm.' });
  const slow = sim.openIncident({ page: 'acme', type: 'minor', title: 'Slow search results' });
  sim.addUpdate({ page: 'acme', incidentId: slow.id, message: 'Rebuilding the index of the Zürich cluster.' });
  sim.resolveIncident({ page: 'acme', incidentId: slow.id });
  for (let i = 1; i <= 40; i++) {
    const bulk = sim.openIncident({ page: 'acme', type: 'minor', title: `Resolved blip ${i}` });
    sim.resolveIncident({ page: 'acme', incidentId: bulk.id });
  }
  const app = await launch();
  await addAcmeAccount(app, sim, 'Acme');
  await openScreen(page, /Incidents/);

  // Pinned: the open incident and the upcoming maintenance come before every resolved one.
  await expect(list(page).locator('.row-title').first()).toBeVisible();
  const first = (await titles(page)).slice(0, 2);
  expect(first.sort()).toEqual(['Database upgrade', 'Payments delayed']);
  expect(await list(page).getByRole('listitem').count()).toBeLessThan(25);

  // Update text, case and accents folded, several words in any order.
  const search = page.getByRole('searchbox', { name: 'Search incidents' });
  await search.fill('zurich rebuilding');
  await expect.poll(() => titles(page)).toEqual(['Slow search results']);
  await expect(page.getByRole('status').filter({ hasText: 'matching' })).toHaveText(/^1 matching · 44 of 44 incidents read/);
  await page.screenshot({ path: screenshotPath('incidents-search.png') });
  await expectAccessible(page, 'the searched incident list');
  await search.press('Escape');
  await expect(search).toHaveValue('');

  const filter = page.getByRole('radiogroup', { name: 'Show incidents' });
  await filter.getByRole('radio', { name: 'Open' }).check();
  await expect.poll(async () => (await titles(page)).sort()).toEqual(['Database upgrade', 'Payments delayed']);
  await filter.getByRole('radio', { name: 'Resolved' }).check();
  await expect.poll(async () => (await titles(page)).includes('Payments delayed')).toBe(false);
  await expect(list(page).locator('.row-title').first()).toHaveText('Resolved blip 40');
  await search.fill('payments');
  await expect(page.getByRole('heading', { name: 'Nothing matches' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear search and filter' }).click();
  await expect(search).toHaveValue('');
  await expect(filter.getByRole('radio', { name: 'All' })).toBeChecked();
  await expect(list(page).getByRole('listitem').first()).toBeVisible();
});

import type { Page } from '@playwright/test';
import { startProviderSimulator, type ProviderSimulator } from '../../simulators/provider';
import { expect, test } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

/*
 * Watch a page finds providers in the catalogue as the user types and fills the
 * address and format; a page of another format is watched in its format; a page whose answer is not its
 * format says "not understood" and why, never Operational.
 */

let providers: ProviderSimulator;
test.beforeEach(async () => {
  providers = await startProviderSimulator({ seed: 'formats' });
});
test.afterEach(async () => {
  await providers.close();
});

async function openProviderForm(page: Page) {
  await page.getByRole('button', { name: 'Watch a page' }).first().click();
  const form = page.getByRole('form', { name: 'Watch a page' });
  await form.getByLabel('Through').selectOption('url');
  return form;
}

test('Watch a page searches the catalogue as you type, and watches a page in its format, told by the page when not given', async ({ page, launch }) => {
  const app = await launch();
  const form = await openProviderForm(page);
  await form.getByLabel('Find a provider').fill('gitl');
  const matches = form.getByRole('list', { name: 'Matching providers' });
  await expect(matches.getByRole('button').first()).toContainText('GitLab');
  await expect(matches.getByRole('button').first()).toContainText('status.gitlab.com · status.io');
  await page.screenshot({ path: screenshotPath('watch-provider-search-light.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: screenshotPath('watch-provider-search-dark.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });

  await matches.getByRole('button', { name: /GitLab/ }).click();
  await expect(form.getByLabel('Page address')).toHaveValue('https://api.status.io/1.0/status/5b36dc6502d06804c08349f7');
  await expect(form.getByLabel('Format')).toHaveValue('statusio');
  await expect(form.getByLabel('Display name')).toHaveValue('GitLab');
  await expect(form.getByLabel('Find a provider')).toHaveValue('');

  // This run stays on this computer: an Instatus page of the simulator instead, its bare address pasted with
  // the format left to the page, as the command line reads one.
  await form.getByLabel('Page address').fill(providers.pageUrl('hatch-hosting'));
  await form.getByLabel('Format').selectOption('');
  await form.getByLabel('Display name').fill('');
  await form.getByRole('button', { name: 'Watch page' }).click();
  await expect(form).toBeHidden();
  const card = page.getByRole('article', { name: 'Page Hatch Hosting' });
  await expect(card.locator('.level-badge').first()).toHaveText(/Operational/);
  expect(app.core.monitor.pages()).toEqual([expect.objectContaining({ format: 'instatus' })]);
});

test('a page whose answer is not its format says "not understood" and why, never Operational', async ({ page, launch }) => {
  const app = await launch();
  const form = await openProviderForm(page);
  // An Instatus page's address watched as a feed: the answer is JSON. Watch a page reads it once and refuses
  // it with the reason.
  const url = `${providers.pageUrl('hatch-hosting')}/summary.json`;
  await form.getByLabel('Page address').fill(url);
  await form.getByText('More options').click();
  await form.getByLabel('Format').selectOption('feed');
  await form.getByLabel('Display name').fill('Hatch as a feed');
  await form.getByRole('button', { name: 'Watch page' }).click();
  await expect(form.getByRole('alert')).toContainText(/not understood as an RSS or Atom feed: the answer is JSON, not a feed/i);
  expect(app.core.monitor.pages()).toHaveLength(0);
  await form.getByRole('button', { name: 'Cancel' }).click();

  // Watched all the same (a page saved before, whose provider changed what it serves): the card says so.
  await app.core.monitor.addPage({ region: 'custom', url, format: 'feed', name: 'Hatch as a feed' });
  const card = page.getByRole('article', { name: 'Page Hatch as a feed' });
  await expect(card).toContainText(/not understood as an RSS or Atom feed: the answer is JSON, not a feed/i);
  await expect(card.locator('.level-badge').first()).not.toHaveText(/Operational/);
  await page.screenshot({ path: screenshotPath('provider-not-understood-light.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: screenshotPath('provider-not-understood-dark.png'), fullPage: true });
});

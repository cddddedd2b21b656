import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { addAcmeAccount, openNewIncident } from './support/navigation';
import { screenshotPath } from './support/screenshots';

/*
 * The page's own languages preselected in "Translate into…". The API lists no languages of a
 * page, so: the languages last used on the page (kept by the main process), else those its incidents carry.
 */

const KEY = 'wg_e2e_languages_key';
test.use({ translatorKey: KEY });

async function openTranslate(page: Page) {
  const dialog = await openNewIncident(page);
  await dialog.getByRole('button', { name: 'Translate into…' }).click();
  return dialog;
}

const chips = (page: Page) =>
  page.getByRole('dialog', { name: 'New incident' }).getByRole('list', { name: 'Languages to translate into' }).getByRole('listitem');

test('Translate into… starts with the languages last used on the page, else those of its incidents', async ({ page, sim, translator, launch }) => {
  // Someone already posts this page's incidents in Spanish.
  const posted = await fetch(`${sim.baseUrl}/status_pages/acme/incidents`, {
    method: 'POST',
    headers: { Authorization: sim.keys.demoReadWrite, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({
      incident: {
        type: 'minor',
        title: 'Slow checkout',
        service_ids: [],
        translations: { es: { title: 'Pago lento' } },
        updates: [{ type: 'issue', description: 'Looking.' }],
      },
    }),
  });
  expect(posted.ok).toBe(true);
  const app = await launch();
  await app.core.translation.updateSettings({ baseUrl: translator.baseUrl });
  await app.core.translation.setKey(KEY);
  const account = await addAcmeAccount(app, sim, 'Acme');

  let dialog = await openTranslate(page);
  await expect(chips(page)).toHaveText([/Spanish/]);
  await expect(dialog.getByText("This page's languages")).toBeVisible();
  // A preselected language is not typing: the untouched editor closes at once.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  dialog = await openTranslate(page);
  await dialog.getByLabel('Title', { exact: true }).fill('Login failures');
  await dialog.getByLabel('Message', { exact: true }).fill('We are investigating failed logins.');
  await dialog.getByRole('button', { name: 'Remove Spanish' }).click();
  for (const [typed, name] of [
    ['germ', 'German'],
    ['fren', 'French'],
  ] as const) {
    const add = dialog.getByRole('combobox', { name: 'Add a language' });
    await expect(add).toBeEnabled();
    await add.focus();
    await add.pressSequentially(typed);
    await add.press('Enter');
    await expect(chips(page).filter({ hasText: name })).toHaveCount(1);
  }
  await dialog.getByRole('button', { name: 'Translate into 2 languages' }).click();
  // Both translations in before the create: the incident carries the languages it was sent with.
  await expect(dialog.getByLabel('German title')).not.toHaveValue('');
  await expect(dialog.getByLabel('French title')).not.toHaveValue('');
  await dialog.getByRole('button', { name: 'Create incident' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await app.core.incidentPages.get({ accountId: account.id, subdomain: 'acme' })).languages).toEqual(['de', 'fr']);

  dialog = await openTranslate(page);
  await expect(chips(page)).toHaveText([/German/, /French/]);
  await chips(page).last().scrollIntoViewIfNeeded();
  await dialog.screenshot({ path: screenshotPath('incident-languages.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Remembered by the main process: a reloaded window preselects the same.
  await page.reload();
  dialog = await openTranslate(page);
  await expect(chips(page)).toHaveText([/German/, /French/]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // An update of the page's incident starts with them too, offered at once: the incident carries them.
  await page.getByTestId('incident-list').getByRole('listitem').filter({ hasText: 'Login failures' }).getByRole('button').click();
  await page.getByTestId('incident-detail').getByRole('button', { name: 'Add update' }).click();
  const update = page.getByRole('dialog', { name: 'Add update' });
  await expect(update.getByRole('list', { name: 'Languages to translate into' }).getByRole('listitem')).toHaveText([/German/, /French/]);
});

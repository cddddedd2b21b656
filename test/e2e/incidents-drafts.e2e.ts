import { expect, test } from './support/fixtures';
import { openNewIncident } from './support/navigation';
import { screenshotPath } from './support/screenshots';

/* A dirty New incident editor keeps a draft per page until it is saved or discarded. */

const KEY = 'wg_e2e_drafts_key';
test.use({ translatorKey: KEY });

const TITLE = 'Checkout failing for some cards';
const MESSAGE = 'We are looking into failed card payments.';
const GERMAN = 'Kartenzahlungen schlagen fehl';

test('closing with Keep as draft or reloading the window brings the typed text back; discarding or saving clears it', async ({
  page,
  sim,
  translator,
  launch,
}) => {
  const app = await launch();
  await app.core.translation.updateSettings({ baseUrl: translator.baseUrl });
  await app.core.translation.setKey(KEY);
  const add = (name: string, subdomain: string) =>
    app.core.accounts.add({ name, region: 'custom', baseUrl: sim.baseUrl, subdomain, organizationId: '1', apiKey: sim.keys.demoReadWrite });
  await add('Acme', 'acme');
  const eu = await add('Acme EU', 'acme-eu');

  let dialog = await openNewIncident(page);
  await dialog.getByLabel('Title', { exact: true }).fill(TITLE);
  await dialog.getByLabel('Message', { exact: true }).fill(MESSAGE);
  await dialog.getByRole('button', { name: 'Translate into…' }).click();
  const picker = dialog.getByRole('combobox', { name: 'Add a language' });
  await expect(picker).toBeEnabled();
  await picker.focus();
  await picker.pressSequentially('germ');
  await picker.press('Enter');
  await expect(dialog.getByRole('list', { name: 'Languages to translate into' })).toContainText('German');
  await dialog.getByLabel('German title').fill(GERMAN);
  await page.keyboard.press('Escape');
  const ask = dialog.getByRole('alertdialog', { name: 'Discard changes?' });
  await expect(ask).toBeVisible();
  await dialog.screenshot({ path: screenshotPath('incident-draft-ask.png') });
  await ask.getByRole('button', { name: 'Keep as draft' }).click();
  await expect(dialog).toBeHidden();
  expect((await app.core.outbox.service()).list()).toEqual([]);

  dialog = await openNewIncident(page);
  await expect(dialog.getByLabel('Title', { exact: true })).toHaveValue(TITLE);
  await expect(dialog.getByLabel('Message', { exact: true })).toHaveValue(MESSAGE);
  await expect(dialog.getByLabel('German title')).toHaveValue(GERMAN);
  await expect(dialog.getByRole('status').filter({ hasText: 'is back' })).toContainText('Your draft from');
  await dialog.evaluate((element) => element.scrollTo(0, 0));
  await dialog.screenshot({ path: screenshotPath('incident-draft.png') });

  // An app reload: the draft was kept as it was typed, nothing else needed.
  await dialog.getByLabel('Title', { exact: true }).fill(`${TITLE} (EU too)`);
  await page.reload();
  dialog = await openNewIncident(page);
  await expect(dialog.getByLabel('Title', { exact: true })).toHaveValue(`${TITLE} (EU too)`);
  await expect(dialog.getByLabel('German title')).toHaveValue(GERMAN);
  await page.keyboard.press('Escape');
  await ask.getByRole('button', { name: 'Keep as draft' }).click();

  // Drafts are per page: the other page's editor starts empty.
  await page.getByRole('combobox', { name: 'Account' }).selectOption(eu.id);
  await page.getByRole('button', { name: 'New incident' }).click();
  await expect(dialog.getByLabel('Title', { exact: true })).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('combobox', { name: 'Account' }).selectOption({ label: 'Acme (acme)' });

  // Discarding clears it.
  await page.getByRole('button', { name: 'New incident' }).click();
  await expect(dialog.getByLabel('Title', { exact: true })).toHaveValue(`${TITLE} (EU too)`);
  await page.keyboard.press('Escape');
  await ask.getByRole('button', { name: 'Discard changes' }).click();
  await expect(dialog).toBeHidden();
  dialog = await openNewIncident(page);
  await expect(dialog.getByLabel('Title', { exact: true })).toHaveValue('');

  // Saving clears it too.
  await dialog.getByLabel('Title', { exact: true }).fill('Search is slow');
  await dialog.getByLabel('Message', { exact: true }).fill('Search requests take seconds.');
  await dialog.getByRole('button', { name: 'Create incident' }).click();
  await expect(dialog).toBeHidden();
  dialog = await openNewIncident(page);
  await expect(dialog.getByLabel('Title', { exact: true })).toHaveValue('');
  await expect(dialog.getByRole('status').filter({ hasText: 'is back' })).toHaveCount(0);
});

import { expect, test } from './support/fixtures';
import { addAcmeAccount, openScreen } from './support/navigation';
import { screenshotPath } from './support/screenshots';

/* Escape or × on an editor with typed text asks before throwing it away. */

test('a New incident dialog with typed text asks before it closes; an untouched one closes at once', async ({ page, sim, launch }) => {
  const app = await launch();
  await addAcmeAccount(app, sim, 'Acme');
  await openScreen(page, /Incidents/);

  // Untouched: Escape closes without a question.
  await page.getByRole('button', { name: 'New incident' }).click();
  const dialog = page.getByRole('dialog', { name: 'New incident' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Typed: Escape asks; Escape again (or Keep editing) keeps the text.
  await page.getByRole('button', { name: 'New incident' }).click();
  await dialog.getByLabel('Title', { exact: true }).fill('Checkout failing for some cards');
  await dialog.getByLabel('Message', { exact: true }).fill('We are looking into failed card payments.');
  await page.keyboard.press('Escape');
  const ask = dialog.getByRole('alertdialog', { name: 'Discard changes?' });
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await dialog.screenshot({ path: screenshotPath('editor-discard.png') });
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(dialog.getByLabel('Title', { exact: true })).toHaveValue('Checkout failing for some cards');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog.getByLabel('Message', { exact: true })).toHaveValue('We are looking into failed card payments.');

  // The footer's Cancel asks the same way.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();

  // Only the explicit choice discards.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await ask.getByRole('button', { name: 'Discard changes' }).click();
  await expect(dialog).toBeHidden();
  expect((await app.core.outbox.service()).list()).toEqual([]);
});

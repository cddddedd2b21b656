import { secretNames } from '../../electron/core/vault/key-vault';
import { deadServiceUrl } from './support/dead-address';
import { expect, test } from './support/fixtures';
import { openScreen } from './support/navigation';
import { screenshotPath } from './support/screenshots';

/*
 * A new translation key is checked with the service before it is saved:
 * a one-word translation with the key itself (API 1.0 has no other call that reads the key).
 */

const KEY = 'sim-e2e-polish-key-9c1d';
test.use({ translatorKey: KEY });

test('a key is not saved while the service cannot be asked, and the user is told why; it is saved once the service answers', async ({ translator, app }) => {
  const { page } = app;
  await app.core.translation.updateSettings({ baseUrl: await deadServiceUrl() });
  await openScreen(page, 'Translation');
  const setup = page.getByRole('region', { name: 'Add your translation key' });
  const field = setup.getByLabel('Translation API key');
  await field.fill(KEY);
  await setup.getByRole('button', { name: 'Save key' }).click();
  await expect(setup.getByRole('alert')).toContainText('The key was not saved: the translation service could not check it');
  await expect(setup.getByRole('alert')).toContainText(/ECONNREFUSED/);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(app.keychain.get(secretNames.translationKey())).resolves.toBeNull();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: screenshotPath('polish-translation-key-unchecked.png'), fullPage: true });

  // The service answers again: one one-word translation with the key, then the key is kept.
  await app.core.translation.updateSettings({ baseUrl: translator.baseUrl });
  await setup.getByRole('button', { name: 'Save key' }).click();
  await expect(page.getByTestId('translation-key-state')).toHaveText('Key …9c1d in keychain');
  await expect(app.keychain.get(secretNames.translationKey())).resolves.toBe(KEY);
  expect(translator.stats().requests.byEndpoint.translate).toBe(1);
});

test('a key the service refuses is not saved, says so, and offers no way around the refusal', async ({ translator, app }) => {
  const { page } = app;
  await app.core.translation.updateSettings({ baseUrl: translator.baseUrl });
  await openScreen(page, 'Translation');
  const setup = page.getByRole('region', { name: 'Add your translation key' });
  const field = setup.getByLabel('Translation API key');
  await field.fill('sim-wrong-key-0000');
  await setup.getByRole('button', { name: 'Save key' }).click();
  await expect(setup.getByRole('alert')).toContainText('The translation service refused this key, so it was not saved');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(setup.getByRole('button', { name: 'Save without checking' })).toHaveCount(0);
  await expect(app.keychain.get(secretNames.translationKey())).resolves.toBeNull();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: screenshotPath('polish-translation-key-refused.png'), fullPage: true });
});

test('a key can still be kept without the check, when the user says so', async ({ app }) => {
  const { page } = app;
  await app.core.translation.updateSettings({ baseUrl: await deadServiceUrl() });
  await openScreen(page, 'Translation');
  const setup = page.getByRole('region', { name: 'Add your translation key' });
  await setup.getByLabel('Translation API key').fill(KEY);
  await setup.getByRole('button', { name: 'Save key' }).click();
  await setup.getByRole('button', { name: 'Save without checking' }).click();
  await expect(page.getByTestId('translation-key-state')).toHaveText('Key …9c1d in keychain');
  await expect(app.keychain.get(secretNames.translationKey())).resolves.toBe(KEY);
});

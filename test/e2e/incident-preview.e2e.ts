import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { addAcmeAccount, openNewIncident } from './support/navigation';
import { screenshotPath } from './support/screenshots';
import { publicDescriptionHtml } from '../../shared/statuspal/public-description';

/* The New incident editor shows the incident as the public page will show it, in the page's
   words and in each language whose translation is filled in. */

const KEY = 'wg_e2e_preview_key';
test.use({ translatorKey: KEY });

test('the editor previews title, type, services and the message as the page lays it out, per language', async ({ page, sim, translator, launch }) => {
  const app = await launch();
  await app.core.translation.updateSettings({ baseUrl: translator.baseUrl });
  await app.core.translation.setKey(KEY);
  await addAcmeAccount(app, sim, 'Acme');
  const dialog = await openNewIncident(page);
  const preview = dialog.getByRole('region', { name: 'Preview on the public page' });
  const own = preview.getByRole('article', { name: 'Preview in the page’s language' });
  await expect(own).toContainText('Untitled incident');

  const message = "We're looking at failed logins.\n\nFirst check:\nthe <b>auth</b> service.";
  await dialog.getByLabel('Title', { exact: true }).fill('Login failures');
  await dialog.getByRole('checkbox', { name: 'Database' }).check();
  await dialog.getByLabel('Message', { exact: true }).fill(message);
  await expect(own).toContainText('Login failures');
  await expect(own).toContainText('Affects Database');
  const paragraphs = own.locator('.preview-paragraph');
  await expect(paragraphs).toHaveText(['We’re looking at failed logins.', 'First check:the <b>auth</b> service.']);
  // A line break stays a break; a typed tag is text, not bold.
  expect(await paragraphs.nth(1).innerHTML()).toMatch(/First check:<br[^>]*>the &lt;b&gt;auth&lt;\/b&gt; service\./);

  // Translated into German: a second preview in German.
  await dialog.getByRole('button', { name: 'Translate into…' }).click();
  const add = dialog.getByRole('combobox', { name: 'Add a language' });
  // The picker opens once the service's languages are read (slower while other suites run beside this one).
  await expect(add).toBeEnabled();
  await add.focus();
  await add.pressSequentially('germ');
  await add.press('Enter');
  await expect(dialog.getByRole('list', { name: 'Languages to translate into' })).toContainText('German');
  await dialog.getByRole('button', { name: 'Translate', exact: true }).click();
  const germanTitle = dialog.getByLabel('German title');
  await expect(germanTitle).not.toHaveValue('');
  // Named as people name it, not by its code.
  const german = preview.getByRole('article', { name: 'Preview in German' });
  await expect(german.locator('.preview-lang')).toHaveText('German');
  await expect(german).toContainText(await germanTitle.inputValue());
  await expect(german).toHaveAttribute('lang', 'de');
  await preview.scrollIntoViewIfNeeded();
  await expectAccessible(page, 'incident preview');
  await dialog.screenshot({ path: screenshotPath('incident-preview.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await dialog.screenshot({ path: screenshotPath('incident-preview-dark.png') });

  // What the page then stores is laid out as the preview showed it (the simulator keeps straight apostrophes;
  // the real service curls them, which the unit test checks against the captured pages).
  await dialog.getByRole('button', { name: 'Create incident' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => {
      const answer = (await (await fetch(`${sim.baseUrl}/status_pages/acme/incidents`, { headers: { Authorization: sim.keys.demoReadWrite } })).json()) as {
        incidents: Array<{ title: string; updates: Array<{ description_html: string }> }>;
      };
      return answer.incidents.find((incident) => incident.title === 'Login failures')?.updates[0]?.description_html ?? null;
    })
    .toBe(publicDescriptionHtml(message).replace(/’/g, "'"));
});

test('Add update previews the update as the page will show it', async ({ page, sim, launch }) => {
  sim.openIncident({ page: 'acme', type: 'minor', title: 'Slow checkout', services: [2], message: 'Looking.' });
  const app = await launch();
  await addAcmeAccount(app, sim, 'Acme');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /Incidents/ })
    .click();
  await page.getByTestId('incident-list').getByRole('listitem').filter({ hasText: 'Slow checkout' }).getByRole('button').click();
  await page.getByTestId('incident-detail').getByRole('button', { name: 'Add update' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add update' });
  await dialog.getByLabel('Message', { exact: true }).fill("It's fixed.\n\n\nWe're watching.");
  const own = dialog.getByRole('region', { name: 'Preview on the public page' }).getByRole('article', { name: 'Preview in the page’s language' });
  await expect(own.locator('.preview-paragraph')).toHaveText(['It’s fixed.', 'We’re watching.']);
  // Only the update: the incident's title is already on the page.
  await expect(own).not.toContainText('Untitled incident');
  await dialog.screenshot({ path: screenshotPath('update-preview.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await dialog.screenshot({ path: screenshotPath('update-preview-dark.png') });
});

import { startProviderSimulator, type ProviderSimulator } from '../../simulators/provider';
import { expect, test } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

/*
 * Watch a page offers a provider's parts (what its answer names, searched as the user types); the card follows
 * only those: its level leaves out an incident elsewhere, which it shows as "affects parts you do not follow",
 * and its menu changes the parts. In two zones, as the window's times are.
 */

let providers: ProviderSimulator;
test.beforeEach(async () => {
  providers = await startProviderSimulator({ seed: 'demo' });
  providers.openIncident({
    page: 'nimbus-cloud',
    name: 'DNS down',
    impact: 'critical',
    components: [{ name: 'DNS', status: 'major_outage' }],
    body: 'Lookups fail.',
  });
});
test.afterEach(async () => {
  await providers.close();
});

for (const zone of [
  { timezoneId: 'America/New_York', locale: 'en-US', shots: true },
  { timezoneId: 'Europe/Berlin', locale: 'de-DE', shots: false },
]) {
  test.describe(`in ${zone.timezoneId}`, () => {
    test.use({ timezoneId: zone.timezoneId, locale: zone.locale });

    test('a provider watched for one part: the level of that part, the incident elsewhere told apart, the parts changed from the card', async ({
      page,
      launch,
    }) => {
      const app = await launch();
      await page.getByRole('button', { name: 'Watch a page' }).first().click();
      const form = page.getByRole('form', { name: 'Watch a page' });
      await form.getByLabel('Through').selectOption('url');
      await form.getByLabel('Page address').fill(providers.pageUrl('nimbus-cloud'));
      await form.getByRole('button', { name: 'Choose parts to follow…' }).click();
      const parts = form.getByRole('list', { name: 'Parts' });
      await expect(parts.getByRole('checkbox', { name: /Public API/ })).toBeVisible();
      await form.getByLabel('Find a part').fill('api');
      await expect(parts.getByRole('listitem')).toHaveCount(1);
      await parts.getByRole('checkbox', { name: /Public API/ }).check();
      await expect(form.getByRole('list', { name: 'Parts followed' })).toContainText('Public API');
      if (zone.shots) {
        await form.screenshot({ path: screenshotPath('watch-provider-parts-light.png') });
        await page.emulateMedia({ colorScheme: 'dark' });
        await form.screenshot({ path: screenshotPath('watch-provider-parts-dark.png') });
        await page.emulateMedia({ colorScheme: 'light' });
      }
      await form.getByRole('button', { name: 'Watch page' }).click();
      await expect(form).toBeHidden();
      expect(app.core.monitor.pages()).toEqual([expect.objectContaining({ parts: ['Public API'] })]);

      const card = page.getByRole('article', { name: 'Page Nimbus Cloud' });
      await expect(card.getByTestId('followed-parts')).toHaveText('Following Public API');
      // The page as a whole is in a major outage (DNS): not the part followed.
      await expect(card.locator('.level-badge').first()).toHaveText(/Operational/);
      // A page added from the form opens its card.
      await expect(card.getByRole('button', { name: 'Nimbus Cloud', exact: true })).toHaveAttribute('aria-expanded', 'true');
      const elsewhere = card.getByRole('region', { name: 'In parts you do not follow' });
      await expect(elsewhere).toContainText('DNS down (DNS)');
      await expect(card.getByRole('region', { name: 'Active incidents' })).toHaveCount(0);
      if (zone.shots) {
        await card.screenshot({ path: screenshotPath('provider-card-parts-light.png') });
        await page.emulateMedia({ colorScheme: 'dark' });
        await card.screenshot({ path: screenshotPath('provider-card-parts-dark.png') });
        await page.emulateMedia({ colorScheme: 'light' });
      }

      await card.getByRole('button', { name: 'More actions for Nimbus Cloud' }).click();
      await page.getByRole('menuitem', { name: 'Choose parts to follow…' }).click();
      const picker = card.getByRole('form', { name: 'Parts of Nimbus Cloud to follow' });
      await picker.getByRole('checkbox', { name: /^DNS/ }).check();
      await picker.getByRole('button', { name: 'Follow these parts' }).click();
      await expect(picker).toBeHidden();
      await expect(card.getByTestId('followed-parts')).toHaveText('Following Public API, DNS');
      await expect(card.locator('.level-badge').first()).toHaveText(/Major/);
      await expect(card.getByRole('region', { name: 'Active incidents' })).toContainText('DNS down');
      await expect(elsewhere).toHaveCount(0);
    });
  });
}

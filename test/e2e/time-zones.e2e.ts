import { expect, test } from './support/fixtures';
import { addAcmeAccount, openScreen } from './support/navigation';
import { screenshotPath } from './support/screenshots';

/*
 * The window's times are right in every zone. The API's datetimes are naive UTC; read as
 * local time they put a New York user's "just now" five hours in the future. The whole window runs here in
 * three zones far from UTC (one at +05:30, one at +13:45), and every time says which zone it is in.
 */
const ZONES = [
  { timezoneId: 'America/New_York', offset: 'UTC-05:00' },
  { timezoneId: 'Asia/Kolkata', offset: 'UTC+05:30' },
  { timezoneId: 'Pacific/Chatham', offset: 'UTC+13:45' },
] as const;

for (const zone of ZONES) {
  test.describe(`in ${zone.timezoneId}`, () => {
    test.use({ timezoneId: zone.timezoneId });

    test('an update posted just now reads as just now, with the zone on hover; UTC on request', async ({ sim, app }) => {
      const { page } = app;
      const account = await addAcmeAccount(app, sim);
      await app.core.monitor.addPage({ region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', accountId: account.id, name: 'Acme' });
      sim.openIncident({ page: 'acme', type: 'major', title: 'Zone check outage', services: [4], message: 'Investigating.' });
      await app.core.monitor.pollNow();
      await page.reload();

      const incident = page.getByRole('article', { name: 'Incident Zone check outage' });
      const since = incident.locator('.incident-header > span.muted');
      await expect(since).toHaveText(/since (just now|\d+ s ago)/);
      await expect(since).toHaveAttribute('title', new RegExp(`\\(${zone.offset.replace('+', '\\+')}\\)$`));
      await incident.getByRole('button', { name: /Show all updates/ }).click();
      const update = incident.getByRole('list', { name: 'Updates, newest first' }).locator('.timeline-meta span');
      await expect(update).toHaveText(/just now|\d+ s ago/);

      // Settings → Show times in UTC: the same instant, now said in UTC.
      await openScreen(page, 'Settings');
      await page.getByRole('radio', { name: 'UTC' }).check();
      await expect.poll(() => app.core.desktop.appearance().timeZone).toBe('utc');
      if (zone.timezoneId === 'Asia/Kolkata') {
        await page.getByRole('heading', { name: 'Appearance' }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: screenshotPath('settings-time-zone.png') });
      }
      await openScreen(page, 'Dashboard');
      await expect(page.getByRole('article', { name: 'Incident Zone check outage' }).locator('.incident-header > span.muted')).toHaveAttribute(
        'title',
        /\(UTC\+00:00\)$/,
      );
    });
  });
}

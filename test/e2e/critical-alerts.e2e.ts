import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { goTo } from './support/navigation';
import { screenshotPath } from './support/screenshots';

/* A major incident on our own page is critical: a notification that stays
   (critical urgency, no time-out), a banner on every screen until acknowledged, and a sound one can turn off. */

test('a major incident on our own page stays on screen until acknowledged; a minor one does not; the sound can be turned off', async ({
  page,
  sim,
  launch,
}) => {
  const app = await launch();
  await app.core.monitor.addPage({ region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme' });
  await app.core.monitor.pollNow();
  await page.reload();
  const banner = page.getByRole('region', { name: 'Critical alerts to acknowledge' });

  // Minor: an ordinary notification, no banner.
  sim.openIncident({ page: 'acme', type: 'minor', title: 'Slow dashboard', services: [3], message: 'Pages load slowly.' });
  await app.core.monitor.pollNow();
  const last = () => app.notifications.at(-1);
  await expect.poll(() => `${last()?.title} ${last()?.body}`).toContain('Slow dashboard');
  expect(app.notifications.at(-1)?.critical).toBeUndefined();
  await expect(banner).toBeHidden();

  // Major: critical, with sound; the banner is on every screen until acknowledged.
  sim.openIncident({ page: 'acme', type: 'major', title: 'Database unavailable', services: [5], message: 'Writes are failing.' });
  await app.core.monitor.pollNow();
  await expect.poll(() => app.notifications.at(-1)?.critical).toEqual({ sound: true });
  await expect(banner.getByRole('alert')).toContainText('Database unavailable');
  await expect(banner).toHaveAttribute('data-sounds', '1');
  await expectAccessible(page, 'critical alert');
  await page.screenshot({ path: screenshotPath('critical-alert.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: screenshotPath('critical-alert-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });
  await goTo(page, /Outbox/, 'Outbox');
  await expect(banner.getByRole('alert')).toContainText('Database unavailable');
  await page.reload();
  await expect(banner.getByRole('alert')).toContainText('Database unavailable');
  await banner.getByRole('button', { name: /^Acknowledge / }).click();
  await expect(banner).toBeHidden();
  expect(app.core.critical.alerts()).toEqual([]);

  // Sound off in Settings: the next critical notification is silent, and the window plays nothing.
  await goTo(page, /Settings/, 'Settings');
  await page.getByRole('region', { name: 'Critical alerts', exact: true }).getByRole('checkbox', { name: 'Play a sound with a critical alert' }).uncheck();
  await expect.poll(() => app.core.critical.prefs().sound).toBe(false);
  sim.openIncident({ page: 'acme', type: 'major', title: 'Login failing', services: [2], message: 'Users cannot sign in.' });
  await app.core.monitor.pollNow();
  await expect.poll(() => app.notifications.at(-1)?.critical).toEqual({ sound: false });
  await expect(banner.getByRole('alert')).toContainText('Login failing');
  await expect(banner).toHaveAttribute('data-sounds', '0');

  // Clicking the notification acknowledges it too.
  app.clickNotification(app.notifications.at(-1)!);
  await expect(banner).toBeHidden();
});

for (const zone of [
  { timezoneId: 'America/New_York', locale: 'en-US' },
  { timezoneId: 'Europe/Berlin', locale: 'de-DE' },
]) {
  test.describe(`in ${zone.timezoneId}`, () => {
    test.use(zone);

    test('a resolution turns the red banner into a resolved one, in the resolution’s words, and the notification quotes them', async ({
      page,
      sim,
      launch,
    }) => {
      const app = await launch();
      await app.core.monitor.addPage({ region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme' });
      await app.core.monitor.pollNow();
      await page.reload();
      const banner = page.getByRole('region', { name: 'Critical alerts to acknowledge' });
      const incident = sim.openIncident({ page: 'acme', type: 'major', title: 'Logins slow', services: [2], message: 'Logins take a minute.' });
      await app.core.monitor.pollNow();
      sim.addUpdate({ page: 'acme', incidentId: incident.id, type: 'monitoring', message: 'A fix is out; we are monitoring.' });
      await app.core.monitor.pollNow();
      await expect(banner.getByRole('alert')).toContainText('Critical');

      sim.resolveIncident({ page: 'acme', incidentId: incident.id, message: 'Logins are fast again' });
      await app.core.monitor.pollNow();
      await expect.poll(() => app.notifications.at(-1)?.title).toMatch(/Resolved: Logins slow$/);
      expect(app.notifications.at(-1)!.body).toMatch(/^Logins are fast again/);
      expect(app.notifications.at(-1)!.body).not.toContain('monitoring');
      expect(app.notifications.at(-1)!.critical).toBeUndefined();
      const alert = banner.getByRole('alert');
      await expect(alert).toContainText('Resolved');
      await expect(alert).toContainText('Logins are fast again');
      await expect(alert).not.toContainText('monitoring');
      await expect(alert).toHaveClass(/resolved/);
      await expect(alert).toContainText(/from .+ to .+/);
      // One line each (they ran together), under Details: the resolution, the page's status, the services.
      await alert.getByRole('button', { name: 'Details' }).click();
      expect(await alert.locator('.critical-body').evaluate((el) => (el as HTMLElement).innerText.split('\n'))).toEqual([
        'Logins are fast again',
        'Page status: operational (was major outage)',
        '2 services changed level',
      ]);
      await page.screenshot({ path: screenshotPath(`critical-alert-resolved-${zone.timezoneId.replace('/', '-')}.png`) });
      await banner.getByRole('button', { name: /^Acknowledge / }).click();
      await expect(banner).toBeHidden();
    });
  });
}

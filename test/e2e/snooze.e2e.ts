import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

/* Snooze a page, a service or an incident for a chosen time. While it lasts
   its news is not notified and a snoozed page does not colour the tray; the card says until when. */

test('a snoozed page, service or incident stays quiet until the snooze ends; the card says until when', async ({ page, sim, launch }) => {
  const app = await launch();
  for (const subdomain of ['acme', 'globex']) await app.core.monitor.addPage({ region: 'custom', baseUrl: sim.baseUrl, subdomain });
  await app.core.monitor.pollNow();
  await page.reload();
  const acme = page.getByRole('article', { name: 'Page Acme' });
  await expect(acme).toBeVisible();
  const notifiedAbout = (title: string) => app.notifications.some((intent) => `${intent.title} ${intent.body}`.includes(title));

  // The page, for an hour: its card says until when, and it survives a new window.
  await acme.getByRole('button', { name: 'Snooze Acme' }).click();
  await page.getByRole('menuitem', { name: 'for 1 hour' }).click();
  const badge = acme.getByRole('status').filter({ hasText: /^Snoozed until / });
  await expect(badge).toBeVisible();
  expect(app.core.snoozes.list()).toEqual([expect.objectContaining({ target: { kind: 'page' }, label: 'Acme' })]);
  await page.reload();
  await expect(badge).toBeVisible();

  // A major incident on the snoozed page: no notification, and the tray keeps the colour of the pages not snoozed.
  const database = sim.openIncident({ page: 'acme', type: 'major', title: 'Database unavailable', services: [5], message: 'Writes are failing.' });
  await app.core.monitor.pollNow();
  await expect
    .poll(() => app.trayModels.at(-1)?.menu.find((item) => item.kind === 'page' && item.label.startsWith('Acme')))
    .toMatchObject({
      muted: true,
      label: expect.stringMatching(/\(snoozed until \d{1,2}:\d\d\s?[AP]M [A-Z+\d]+\)$/),
    });
  expect(app.trayModels.at(-1)?.icon).toBe('operational');
  expect(notifiedAbout('Database unavailable')).toBe(false);
  await expectAccessible(page, 'snoozed page');
  await page.screenshot({ path: screenshotPath('snooze-page.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: screenshotPath('snooze-page-dark.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });

  // Ended: the tray shows the outage at once, without a poll.
  await acme.getByRole('button', { name: 'End snooze of Acme' }).click();
  await expect(badge).toBeHidden();
  await expect.poll(() => app.trayModels.at(-1)?.icon).toBe('major');

  // One incident, for 15 minutes: its updates are quiet, while another incident on the page still notifies.
  const incident = acme.getByRole('article', { name: 'Incident Database unavailable' });
  await incident.getByRole('button', { name: 'Snooze Database unavailable' }).click();
  await page.getByRole('menuitem', { name: 'for 15 minutes' }).click();
  await expect(incident.getByRole('status').filter({ hasText: /^Snoozed until / })).toBeVisible();
  const before = app.notifications.length;
  sim.addUpdate({ page: 'acme', incidentId: database.id, message: 'Failing over to the replica.' });
  await app.core.monitor.pollNow();
  expect(app.notifications.length).toBe(before);

  // One service, for 4 hours: an incident on it alone is quiet; one on another service is not.
  // A service's actions are in its row's ⋯ menu; its snooze then shows in the row.
  await acme.getByRole('button', { name: 'Actions for Queue' }).click();
  await page.getByRole('menuitem', { name: 'Snooze for 4 hours' }).click();
  const queue = acme.locator('.service-row').filter({ hasText: 'Queue' });
  await expect(queue.getByRole('status')).toHaveText(/^Snoozed until /);
  await acme.getByRole('button', { name: 'Actions for Queue' }).click();
  await expect(page.getByRole('menuitem', { name: 'End snooze' })).toBeVisible();
  await page.keyboard.press('Escape');
  sim.openIncident({ page: 'acme', type: 'minor', title: 'Queue backlog', services: [6], message: 'Jobs are delayed.' });
  await app.core.monitor.pollNow();
  expect(notifiedAbout('Queue backlog')).toBe(false);
  sim.openIncident({ page: 'acme', type: 'minor', title: 'Slow dashboard', services: [3], message: 'Pages load slowly.' });
  await app.core.monitor.pollNow();
  await expect.poll(() => notifiedAbout('Slow dashboard')).toBe(true);
  await acme.getByRole('region', { name: 'Services' }).screenshot({ path: screenshotPath('snooze-service.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await acme.getByRole('region', { name: 'Services' }).screenshot({ path: screenshotPath('snooze-service-dark.png') });
});

for (const zone of [
  { timezoneId: 'America/New_York', locale: 'en-US' },
  { timezoneId: 'Europe/Berlin', locale: 'de-DE' },
]) {
  test.describe(`in ${zone.timezoneId}`, () => {
    test.use(zone);

    test('the tray says until when a page is snoozed in the zone the window says it', async ({ page, sim, launch }) => {
      const app = await launch();
      await app.core.monitor.addPage({ region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme' });
      await app.core.monitor.pollNow();
      await page.reload();
      const acme = page.getByRole('article', { name: 'Page Acme' });
      await acme.getByRole('button', { name: 'Snooze Acme' }).click();
      await page.getByRole('menuitem', { name: 'for 1 hour' }).click();
      const badge = acme.getByRole('status').filter({ hasText: /^Snoozed until / });
      await expect(badge).toBeVisible();
      const until = Date.parse(app.core.snoozes.list()[0]!.until);
      // The hour and minute as this zone has them, and the zone's name as the window writes it.
      const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone.timezoneId, hour: 'numeric', minute: '2-digit', hour12: false }).formatToParts(until);
      const hour = Number(parts.find((p) => p.type === 'hour')!.value) % 24;
      const minute = parts.find((p) => p.type === 'minute')!.value;
      const label = () => {
        const item = app.trayModels.at(-1)?.menu.find((entry) => entry.kind === 'page' && entry.label.startsWith('Acme'));
        return item && 'label' in item ? item.label : '';
      };
      await expect.poll(label).toContain('snoozed until');
      const said = /snoozed until (\d{1,2}):(\d\d)\s?([AP]M)? (\S+)\)$/.exec(label())!;
      const saidHour = (Number(said[1]) % 12) + (said[3] === 'PM' ? 12 : 0);
      expect([said[3] ? saidHour : Number(said[1]), said[2]]).toEqual([hour, minute]);
      expect(said[4]).not.toBe('UTC');
      await expect(badge).toContainText(`${minute}`);
    });
  });
}

import { expect, test } from './support/fixtures';
import { openScreen } from './support/navigation';
import { screenshotPath } from './support/screenshots';

/*
 * One vocabulary for levels: the notification centre says a change in the words the dashboard's badges use
 * (shared/people-words/level-words.ts), never a raw level such as "major" or "scheduled", and a count of
 * services reads as people say it.
 */

const HOUR = 3_600_000;

test('the notification centre names level changes as the dashboard does, and a card counts its services in words', async ({ app, sim }) => {
  const { page } = app;
  await app.core.monitor.addPage({ region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme' });
  await app.core.monitor.pollNow();

  const incident = sim.openIncident({ page: 'acme', type: 'major', title: 'Database unavailable', services: [4], message: 'Writes are failing.' });
  await app.core.monitor.pollNow();
  const card = page.getByRole('article', { name: 'Page Acme' });
  await card.locator('button.page-toggle').click();
  await expect(card).toContainText('1 active, 1 service affected');

  sim.resolveIncident({ page: 'acme', incidentId: incident.id, message: 'Writes work again.' });
  await app.core.monitor.pollNow();
  await expect(card).toContainText('0 active, no services affected');

  // A maintenance that starts and ends: the page goes to maintenance and back.
  sim.scheduleMaintenance({ page: 'acme', title: 'Router swap', startsAt: sim.now(), endsAt: new Date(sim.now().getTime() + HOUR), services: [4] });
  await app.core.monitor.pollNow();
  // Its update's type in words too, not the raw "scheduled".
  await card.locator('button.page-toggle').click();
  const maintenance = card.getByRole('article', { name: /Router swap/ });
  await expect(maintenance).toContainText('Scheduled:');
  await expect(maintenance).not.toContainText('scheduled:');
  sim.advanceClock(2 * HOUR);
  await app.core.monitor.pollNow();

  await openScreen(page, /Notifications/);
  const events = page.getByRole('list', { name: 'Events' });
  const pageLevel = events.getByRole('listitem').filter({ hasText: 'Page level changed' });
  await expect(pageLevel.filter({ hasText: 'Operational → Major outage' })).toHaveCount(1);
  await expect(pageLevel.filter({ hasText: 'Major outage → Operational' })).toHaveCount(1);
  await expect(pageLevel.filter({ hasText: 'Operational → Maintenance' })).toHaveCount(1);
  await expect(pageLevel.filter({ hasText: 'Maintenance → Operational' })).toHaveCount(1);
  await expect(events).not.toContainText(/\b(major|minor|scheduled|operational) →|→ (major|minor|scheduled|operational)\b/);
  await page.screenshot({ path: screenshotPath('level-words-notification-centre.png') });
});

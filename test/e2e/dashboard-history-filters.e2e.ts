import { expect, test } from './support/fixtures';
import { openScreen } from './support/navigation';
import { screenshotPath } from './support/screenshots';

const ROUNDS = 40;

test.beforeEach(async ({ sim, app }) => {
  for (const subdomain of ['acme', 'globex']) await app.core.monitor.addPage({ region: 'custom', baseUrl: sim.baseUrl, subdomain });
  await app.core.monitor.pollNow();
  // Real events from real polls: incidents opening and resolving on both pages, a notice, an outage of the server.
  for (let round = 0; round < ROUNDS; round += 1) {
    const pageName = round % 2 === 0 ? 'acme' : 'globex';
    const incident = sim.openIncident({
      page: pageName,
      type: round % 4 < 2 ? 'minor' : 'major',
      title: `Queue backlog #${round}`,
      message: 'Jobs are delayed.',
    });
    await app.core.monitor.pollNow();
    sim.resolveIncident({ page: pageName, incidentId: incident.id, message: 'Jobs run on time again.' });
    await app.core.monitor.pollNow();
  }
  sim.postNotice({ page: 'globex', title: 'New data centre in Frankfurt' });
  await app.core.monitor.pollNow();
});

test('the notification centre filters by page, by kind and by words, and its list stays virtualised', async ({ app }) => {
  const { page } = app;
  await openScreen(page, /Notifications/);
  const history = await app.core.monitor.history({ limit: 1000 });
  const total = history.length;
  expect(total).toBeGreaterThan(120);
  const count = page.getByTestId('history-count');
  await expect(count).toHaveText(`${total} events`);
  const rows = page.getByRole('list', { name: 'Events' }).getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeLessThan(40); // only the rows in view are in the page

  const filters = page.getByRole('search', { name: 'Filter events' });

  // By page.
  await filters.getByLabel('Page').selectOption({ label: 'Globex' });
  const globex = history.filter((e) => e.page.name === 'Globex').length;
  await expect(count).toHaveText(`${globex} of ${total} events`);
  for (const text of await rows.allInnerTexts()) expect(text).toContain('Globex');

  // By kind, on top of the page.
  await filters.getByLabel('Kind').selectOption({ label: 'Notices' });
  await expect(count).toHaveText(`1 of ${total} events`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Notice posted');
  await expect(rows.first()).toContainText('New data centre in Frankfurt');

  // By words, on every page: one incident's opening and resolution.
  await filters.getByLabel('Page').selectOption({ label: 'All pages' });
  await filters.getByLabel('Kind').selectOption({ label: 'Incidents' });
  await filters.getByRole('searchbox', { name: 'Search events' }).fill('backlog #17');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Incident resolved');
  await expect(rows.nth(1)).toContainText('Incident opened');
  await page.screenshot({ path: screenshotPath('notification-centre-filters.png') });

  // Many matches are still virtualised.
  await filters.getByRole('searchbox', { name: 'Search events' }).fill('');
  const incidentEvents = history.filter((e) => e.type.startsWith('incident.')).length;
  await expect(count).toHaveText(`${incidentEvents} of ${total} events`);
  expect(incidentEvents).toBeGreaterThan(60);
  expect(await rows.count()).toBeLessThan(40);

  // Nothing matches: said so, and one click shows everything again.
  await filters.getByRole('searchbox', { name: 'Search events' }).fill('no such words here');
  await expect(page.getByRole('heading', { name: 'No event matches' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(count).toHaveText(`${total} events`);

  await page.emulateMedia({ colorScheme: 'dark' });
  await filters.getByLabel('Kind').selectOption({ label: 'Incidents' });
  await page.screenshot({ path: screenshotPath('notification-centre-filters-dark.png') });
});

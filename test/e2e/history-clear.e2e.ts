import { expect, test } from './support/fixtures';
import { openScreen } from './support/navigation';

test.beforeEach(async ({ sim, app }) => {
  await app.core.monitor.addPage({ region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme' });
  await app.core.monitor.pollNow();
  const incident = sim.openIncident({ page: 'acme', type: 'minor', title: 'Queue backlog', message: 'Jobs are delayed.' });
  await app.core.monitor.pollNow();
  sim.resolveIncident({ page: 'acme', incidentId: incident.id, message: 'Jobs run on time again.' });
  await app.core.monitor.pollNow();
});

test('clearing the notification centre asks first: Keep leaves every event, Clear empties it for good', async ({ app }) => {
  const { page } = app;
  await openScreen(page, /Notifications/);
  const total = (await app.core.monitor.history({ limit: 1000 })).length;
  expect(total).toBeGreaterThan(1);
  const header = page.locator('.page-header');
  const rows = page.getByRole('list', { name: 'Events' }).getByRole('listitem');
  await expect(page.getByTestId('history-count')).toHaveText(`${total} events`);

  await header.getByRole('button', { name: 'Clear history' }).click();
  await expect(header).toContainText(`Clear all ${total} events?`);
  await header.getByRole('button', { name: 'Keep' }).click();
  await expect(header.getByRole('button', { name: 'Clear history' })).toBeEnabled();
  await expect(rows).toHaveCount(total);
  expect(await app.core.monitor.history({ limit: 1000 })).toHaveLength(total);

  await header.getByRole('button', { name: 'Clear history' }).click();
  await header.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Nothing has happened yet', level: 2 })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Clear history' })).toBeDisabled();
  await expect.poll(async () => (await app.core.monitor.history({ limit: 1000 })).length).toBe(0);
});

import fs from 'node:fs';
import type { Download, Locator, Page } from '@playwright/test';
import { parseCsv } from '../../shared/export/csv';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { addAcmeAccount, openScreen } from './support/navigation';
import { screenshotPath } from './support/screenshots';

/*
 * Rows picked (one by one, a Shift-click range, all shown) and deleted
 * together, members given a role together, subscribers imported from CSV through the outbox, every list
 * exported as CSV and JSON, and what is loaded filtered by any part, services, webhooks and access groups
 * included; a delete patches the list without reading it again.
 */

test.use({
  simOptions: {
    seed: { large: { services: 40, subscriptions: 150, webhooks: 8, accessGroups: 4, members: 12, incidents: 5, maintenances: 1, metrics: 1, metricDays: 1 } },
    rateLimit: false,
  },
});

const rows = (panel: Locator) => panel.getByRole('listitem');
const reads = (answered: Array<{ channel: string }>) => answered.filter((a) => a.channel === 'statuspal.read').length;

async function openTab(page: Page, name: string): Promise<Locator> {
  await page.getByRole('tab', { name }).click();
  return page.getByRole('tabpanel');
}

/** Export sits in one Export ▾ menu beside the list's search. */
async function exportFrom(page: Page, panel: Locator, format: 'CSV' | 'JSON') {
  await panel.getByRole('button', { name: /^Export / }).click();
  await page.getByRole('menuitem', { name: `Export ${format}` }).click();
}

async function exported(page: Page, panel: Locator, format: 'CSV' | 'JSON'): Promise<{ name: string; text: string }> {
  const [download]: [Download, void] = await Promise.all([page.waitForEvent('download'), exportFrom(page, panel, format)]);
  return { name: download.suggestedFilename(), text: fs.readFileSync((await download.path())!, 'utf8') };
}

test('subscriptions: picked by a search, a range and all shown; deleted together without reading the list again; imported; exported', async ({
  page,
  sim,
  launch,
}) => {
  const app = await launch();
  await addAcmeAccount(app, sim);
  await openScreen(page, 'Administration');
  const panel = await openTab(page, 'Subscriptions');
  await expect(panel.getByTestId('list-count')).toHaveText('100 of 150 subscriptions');

  // Any part of what is loaded: the server could only look for a whole address.
  const search = panel.getByRole('searchbox', { name: 'Filter subscriptions' });
  await search.fill('@corp.example');
  await expect(panel.getByRole('status').filter({ hasText: 'match' })).toHaveText('20 of the 100 subscriptions loaded match.');
  await expect(panel.getByText('The server can search every one only by a whole email address')).toBeVisible();
  await panel.getByRole('checkbox', { name: /^Select the 20 shown/ }).check();
  await expect(panel.getByText('20 selected')).toBeVisible();
  await page.screenshot({ path: screenshotPath('admin-bulk-select.png') });
  await expectAccessible(page, 'subscriptions with rows picked');

  // Counted once the reads the screen asked for are answered (one can still be on its way on a busy machine).
  await app.settled();
  const before = reads(app.answered);
  await panel.getByRole('button', { name: 'Delete 20 subscriptions…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 20 subscriptions?' });
  await expect(confirm).toContainText('“subscriber3@corp.example”, “subscriber7@corp.example”, “subscriber11@corp.example” and 17 more');
  await confirm.getByRole('button', { name: 'Delete 20' }).click();
  await expect(panel.getByText('20 deletes queued, to be sent in order.')).toBeVisible();
  await expect.poll(() => sim.writeLog({ op: 'subscriptions.delete' }).length).toBe(20);
  await expect(panel.getByTestId('list-count')).toHaveText('80 of 130 subscriptions');
  // Taken out where they were: not one read of the list for twenty deletes.
  expect(reads(app.answered)).toBe(before);

  // A range: the first box, then Shift and the fourth.
  await search.fill('');
  await rows(panel).nth(0).getByRole('checkbox').click();
  await rows(panel)
    .nth(3)
    .getByRole('checkbox')
    .click({ modifiers: ['Shift'] });
  await expect(panel.getByText('4 selected')).toBeVisible();
  await panel.getByRole('button', { name: 'Clear selection' }).click();
  await expect(panel.getByText('Shift-click a box to select a range')).toBeVisible();

  // Import: every line checked first, then one write each.
  await panel.getByRole('button', { name: 'Import CSV…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import subscribers to page “acme”' });
  const lines = dialog.getByLabel(/Subscribers, one a line/);
  await lines.fill('new1@example.net\nnot an address\n+44 20 7946 0000\nhttps://hooks.chat.example/services/NEW');
  await dialog.getByRole('button', { name: 'Check and queue' }).click();
  await expect(dialog.getByTestId('import-errors')).toContainText('Line 2: Enter an email address');
  expect(sim.writeLog({ op: 'subscriptions.create' })).toHaveLength(0);
  await page.screenshot({ path: screenshotPath('admin-subscriber-import.png') });
  await lines.fill('new1@example.net\n+44 20 7946 0000\nhttps://hooks.chat.example/services/NEW\nnew1@example.net');
  await dialog.getByRole('button', { name: 'Check and queue' }).click();
  await expect(dialog.getByText('3 subscribers queued, to be sent in order. 1 line named a subscriber twice and was skipped.')).toBeVisible();
  await expect
    .poll(() => sim.writeLog({ op: 'subscriptions.create' }).map((w) => w.body))
    .toEqual([
      { subscription: { kind: 'email', email: 'new1@example.net' } },
      { subscription: { kind: 'sms', phone_country_code: '+44', phone_number: '20 7946 0000' } },
      { subscription: { kind: 'chat', webhook_url: 'https://hooks.chat.example/services/NEW' } },
    ]);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Exported whole, though a part is loaded: read 100 at a time.
  const csv = await exported(page, panel, 'CSV');
  expect(csv.name).toMatch(/^page-acme-subscriptions-\d{4}-\d{2}-\d{2}\.csv$/);
  const table = parseCsv(csv.text).rows;
  expect(table[0]!.cells.slice(0, 3)).toEqual(['id', 'kind', 'email']);
  expect(table).toHaveLength(1 + 133);
  await expect(panel.getByText(/133 subscriptions exported to page-acme-subscriptions-/)).toBeVisible();
  const json = JSON.parse((await exported(page, panel, 'JSON')).text) as Array<{ id: string }>;
  expect(json).toHaveLength(133);

  // The export imported back with one address changed: that one is added, nobody else a second time.
  const first = table[1]!.cells[2]!;
  await panel.getByRole('button', { name: 'Import CSV…' }).click();
  await dialog.getByLabel(/Subscribers, one a line/).fill(csv.text.replace(first, 'changed@example.net'));
  await dialog.getByRole('button', { name: 'Check and queue' }).click();
  await expect(dialog.getByText('1 subscriber queued, to be sent in order. 132 are already subscribed and were skipped.')).toBeVisible();
  await expect(dialog.getByTestId('import-skipped')).toContainText('Already subscribed (132)');
  await expect.poll(() => sim.writeLog({ op: 'subscriptions.create' }).map((w) => w.body)).toHaveLength(4);
  expect(sim.writeLog({ op: 'subscriptions.create' }).at(-1)!.body).toEqual({ subscription: { kind: 'email', email: 'changed@example.net' } });
  await dialog.getByRole('button', { name: 'Done' }).click();

  await page.emulateMedia({ colorScheme: 'dark' });
  await search.fill('example.org');
  await panel.getByRole('checkbox', { name: /^Select the \d+ shown/ }).check();
  await page.screenshot({ path: screenshotPath('admin-bulk-select-dark.png') });
});

test('members given a role together; services, webhooks and access groups filtered by any part; metric points exported', async ({ page, sim, launch }) => {
  const app = await launch();
  await addAcmeAccount(app, sim);
  await openScreen(page, 'Administration');
  let panel = await openTab(page, 'Page members');
  await panel.getByRole('searchbox', { name: 'Filter page members' }).fill('viewer');
  await panel.getByRole('checkbox', { name: /^Select the 3 shown/ }).check();
  await panel.getByLabel('Role', { exact: true }).selectOption('editor');
  await panel.getByRole('button', { name: 'Give 3 this role' }).click();
  await expect(panel.getByText('3 role changes queued, to be sent in order.')).toBeVisible();
  await expect
    .poll(() => sim.writeLog({ op: 'status_page_members.update' }).map((w) => w.body))
    .toEqual([
      { member: { role: 'editor', name: 'Member 1' } },
      { member: { role: 'editor', name: 'Member 5' } },
      { member: { role: 'editor', name: 'Member 9' } },
    ]);
  // No longer viewers, they leave the search; once sent, each is read again through its page.
  await expect(rows(panel)).toHaveCount(0);
  await panel.getByRole('searchbox', { name: 'Filter page members' }).fill('');
  await expect(panel.getByTestId('pending-badge')).toHaveCount(0);
  const members = JSON.parse((await exported(page, panel, 'JSON')).text) as Array<{ role: string }>;
  expect(members.filter((m) => m.role === 'editor')).toHaveLength(6);

  panel = await openTab(page, 'Services');
  await expect(panel.getByTestId('list-count')).toHaveText('40 of 40 services');
  await panel.getByRole('searchbox', { name: 'Filter services' }).fill('gateway');
  // What matches, with the groups it is in.
  await expect(panel.getByTestId('admin-row').locator('.adm-item-title')).toHaveText([
    'Payments',
    'Payments · EU West',
    'Gateway 001',
    'Payments · US East',
    'Gateway 013',
    'Payments · Asia Pacific',
    'Gateway 025',
  ]);
  const services = parseCsv((await exported(page, panel, 'CSV')).text).rows;
  expect(services[0]!.cells).toEqual(['id', 'name', 'parent_id', 'order', 'private', 'description']);
  expect(services.slice(1, 3).map((row) => row.cells[1])).toEqual(['Payments', 'Payments · EU West']);

  panel = await openTab(page, 'Webhooks');
  await panel.getByRole('searchbox', { name: 'Filter webhooks' }).fill('statuspage/7');
  await expect(rows(panel)).toHaveCount(1);
  panel = await openTab(page, 'Access groups');
  await panel.getByRole('searchbox', { name: 'Filter access groups' }).fill('tier 3');
  await expect(rows(panel)).toHaveCount(1);
  await page.screenshot({ path: screenshotPath('admin-search-access-groups.png') });

  panel = await openTab(page, 'Metrics');
  await panel.getByLabel('Metric id').fill('1');
  await panel.getByLabel('Value', { exact: true }).fill('120.5');
  await panel.getByRole('button', { name: 'Add point' }).click();
  await expect(panel.getByTestId('metric-point')).toHaveCount(1);
  const points = parseCsv((await exported(page, panel, 'CSV')).text).rows;
  expect(points[0]!.cells).toEqual(['metric_id', 'time', 'value', 'state', 'queued_at']);
  expect(points[1]!.cells.slice(0, 1)).toEqual(['1']);
  expect(points[1]!.cells[2]).toBe('120.5');
});

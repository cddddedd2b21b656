import { expect, test, type Locator, type Page } from '@playwright/test';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../simulators/statuspal';
import { startHarness, type Harness } from './support/harness';
import { screenshotPath } from './support/screenshots';

/*
 * The Administration screen against the simulator: per resource a list, a create, an edit, a delete and a
 * validation error, each write checked in the simulator's write log (so it went through the outbox to the
 * server, with the client's input shape).
 */

let sim: StatusPageSimulator;
let app: Harness;
let page: Page;

test.beforeEach(async ({ page: browserPage }) => {
  sim = await startStatusPageSimulator({ seed: 'demo' });
  app = await startHarness(browserPage);
  page = browserPage;
});

test.afterEach(async () => {
  await app.close();
  await sim.close();
});

async function openAdmin(apiKey: string | undefined = sim.keys.demoReadWrite, name = 'Acme production') {
  await app.core.accounts.add({
    name,
    region: 'custom',
    baseUrl: sim.baseUrl,
    subdomain: 'acme',
    organizationId: '1',
    ...(apiKey ? { apiKey } : {}),
  });
  await page.getByRole('button', { name: 'Administration' }).click();
  await expect(page.getByRole('heading', { name: 'Administration', level: 1 })).toBeVisible();
}

async function openTab(name: string): Promise<Locator> {
  await page.getByRole('tab', { name }).click();
  return page.getByRole('tabpanel');
}

const rows = (list: Locator) => list.getByRole('listitem');
const titles = (list: Locator) => list.getByTestId('admin-row').locator('.adm-item-title').allInnerTexts();
const writes = (op: string) => sim.writeLog({ op });

/** Edit sits in the row's "⋯" menu: a row shows its name, not a button beside it. */
async function editFromMenu(page: Page, within: Locator, noun: string, title: string) {
  await expect(within.getByRole('button', { name: `Edit ${noun} ${title}`, exact: true })).toHaveCount(0);
  await within.getByRole('button', { name: `More actions for ${noun} ${title}`, exact: true }).click();
  await page.getByRole('menuitem', { name: `Edit ${noun}…` }).click();
}

/** Delete sits in the row's "⋯" menu too, and asks first. */
async function deleteFromMenu(page: Page, panel: Locator, noun: string, title: string) {
  await expect(panel.getByRole('button', { name: `Delete ${noun} ${title}`, exact: true })).toHaveCount(0);
  await panel.getByRole('button', { name: `More actions for ${noun} ${title}`, exact: true }).click();
  await page.getByRole('menuitem', { name: `Delete ${noun}…` }).click();
}

test('services: the tree, a service added under a parent (pending, then sent), moved, renamed, deleted; a name is required', async () => {
  await openAdmin();
  const panel = page.getByRole('tabpanel');
  const list = panel.getByRole('list', { name: 'Services' });
  await expect(rows(list)).toHaveCount(6);
  expect(await titles(list)).toEqual(['Web', 'API', 'Dashboard', 'Data', 'Database', 'Queue']);
  await expect(panel.getByTestId('list-count')).toHaveText('6 of 6 services');
  // Children are announced with their place in the tree.
  await expect(rows(list).nth(1)).toContainText('In Web:');

  // Validation before anything is queued.
  await panel.getByRole('button', { name: 'Add service' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add a service' });
  await dialog.getByLabel('Order').fill('first');
  await dialog.getByRole('button', { name: 'Save service' }).click();
  await expect(dialog.getByText('Give the service a name.')).toBeVisible();
  await expect(dialog.getByText(/The order is a whole number/)).toBeVisible();
  expect(writes('services.create')).toHaveLength(0);

  // Create under Web; the server is slow, so the row shows as pending first.
  sim.addFault({ method: 'POST', pathPrefix: '/status_pages/acme/services', latencyMs: 1200, times: 1 });
  await dialog.getByLabel('Name', { exact: true }).fill('Search');
  await dialog.getByLabel('Order').fill('');
  await dialog.getByLabel('Parent').selectOption({ label: 'Web' });
  await expect(dialog.getByText('Give the service a name.')).toHaveCount(0); // a fixed field stops saying it is wrong
  await page.screenshot({ path: screenshotPath('admin-service-form.png') });
  await dialog.getByRole('button', { name: 'Save service' }).click();
  await expect(dialog).toHaveCount(0);
  const search = rows(list).filter({ hasText: 'Search' });
  await expect(search.getByTestId('pending-badge')).toHaveText(/Pending add/);
  await page.screenshot({ path: screenshotPath('admin-services.png') });
  await expect.poll(() => writes('services.create').length).toBe(1);
  expect(writes('services.create')[0]!.body).toEqual({ service: { name: 'Search', description: null, parent_id: 1, private: false } });
  await expect(search.getByTestId('pending-badge')).toHaveCount(0);
  await expect.poll(() => titles(list)).toEqual(['Web', 'API', 'Dashboard', 'Search', 'Data', 'Database', 'Queue']);
  await expect(panel.getByTestId('list-count')).toHaveText('7 of 7 services');
  const id = writes('services.create')[0]!.resultId;

  // Edit: rename, move under Data, first there.
  await editFromMenu(page, panel, 'service', 'Search');
  dialog = page.getByRole('dialog', { name: 'Edit Search' });
  await expect(dialog.getByLabel('Parent').locator('option')).not.toContainText(['Search']); // not its own parent
  await dialog.getByLabel('Name', { exact: true }).fill('Search index');
  await dialog.getByLabel('Parent').selectOption({ label: 'Data' });
  await dialog.getByLabel('Order').fill('0');
  await dialog.getByRole('button', { name: 'Save service' }).click();
  await expect.poll(() => writes('services.update').length).toBe(1);
  expect(writes('services.update')[0]!.path).toBe(`/api/v2/status_pages/acme/services/${id}`);
  expect(writes('services.update')[0]!.body).toMatchObject({ service: { name: 'Search index', parent_id: 4, order: 0 } });
  // Order 0 ties with Database (names break ties) and comes before Queue (order 1).
  await expect.poll(() => titles(list)).toEqual(['Web', 'API', 'Dashboard', 'Data', 'Database', 'Search index', 'Queue']);

  // Delete, after confirming.
  await deleteFromMenu(page, panel, 'service', 'Search index');
  dialog = page.getByRole('dialog', { name: 'Delete service?' });
  await expect(dialog).toContainText('Its children move up to its parent');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => writes('services.delete').map((w) => w.path)).toEqual([`/api/v2/status_pages/acme/services/${id}`]);
  await expect.poll(() => titles(list)).toEqual(['Web', 'API', 'Dashboard', 'Data', 'Database', 'Queue']);
});

test('subscriptions: email, SMS and chat; filters in all four forms, validated, and what is loaded filtered by any part; load more past the first 100; add, edit, delete', async () => {
  // 105 more subscribers, so the list needs more than one read of 100 (seeded past the rate limit, which is the app's).
  sim.setRateLimit(false);
  for (let i = 0; i < 105; i += 1) {
    const response = await fetch(`${sim.baseUrl}/status_pages/acme/subscriptions`, {
      method: 'POST',
      headers: { Authorization: sim.keys.demoReadWrite, 'Content-Type': 'application/json' },
      body: JSON.stringify({ subscription: { email: `reader${String(i).padStart(2, '0')}@example.com` } }),
    });
    expect(response.status).toBe(201);
  }
  sim.setRateLimit({ limit: 100, windowMs: 10_000 });
  sim.clearWriteLog();
  await openAdmin();
  const panel = await openTab('Subscriptions');
  const list = panel.getByRole('list', { name: 'Subscriptions' });
  await expect(panel.getByTestId('list-count')).toHaveText('100 of 108 subscriptions');
  await page.screenshot({ path: screenshotPath('admin-subscriptions.png') });
  // Virtualised: only the rows in view are in the page.
  expect(await rows(list).count()).toBeLessThan(30);
  await panel.getByRole('button', { name: 'Load more' }).click();
  await expect(panel.getByTestId('list-count')).toHaveText('108 of 108 subscriptions');
  await expect(panel.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  const filter = panel.getByRole('searchbox', { name: 'Filter subscriptions' });
  // As it is typed, what is loaded is filtered by any part: a domain, a word of an address.
  await filter.fill('reader9');
  await expect(panel.getByRole('status').filter({ hasText: 'match' })).toHaveText('10 of 108 subscriptions match.');
  await filter.fill('');
  for (const value of ['+41 79 123 45 67', '+41', '791234567']) {
    await filter.fill(value);
    await filter.press('Enter');
    await expect(panel.getByTestId('list-count')).toHaveText('1 of 1 subscription');
    await expect(rows(list)).toHaveCount(1);
    await expect(rows(list).first()).toContainText('SMS');
    await expect(rows(list).first()).toContainText('+41 79 123 45 67');
  }
  await filter.fill('alice@example.com');
  await filter.press('Enter');
  await expect(rows(list)).toHaveCount(1);
  await expect(rows(list).first()).toContainText('Email');
  await app.settled();
  const readsBefore = app.answered.filter((a) => a.channel === 'statuspal.read').length;
  await filter.fill('call alice');
  await filter.press('Enter');
  await expect(panel.getByRole('alert')).toContainText("Filter must be an email address, or a phone number as '+41 79 123 45 67'");
  expect(app.answered.filter((a) => a.channel === 'statuspal.read').length).toBe(readsBefore);
  await panel.getByRole('button', { name: 'Show all' }).click();
  await expect(panel.getByTestId('list-count')).toHaveText('100 of 108 subscriptions');

  // Add an SMS subscription; a country code without "+" is refused first.
  await panel.getByRole('button', { name: 'Add subscription' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add a subscription' });
  await dialog.getByLabel('SMS').check();
  await dialog.getByLabel('Country code').fill('33');
  await dialog.getByLabel('Phone number').fill('6 12 34 56 78');
  await dialog.getByRole('button', { name: 'Save subscription' }).click();
  await expect(dialog.getByText('Enter the country code with its "+", such as +41.')).toBeVisible();
  await dialog.getByLabel('Country code').fill('+33');
  await dialog.getByRole('button', { name: 'Save subscription' }).click();
  await expect.poll(() => writes('subscriptions.create').length).toBe(1);
  expect(writes('subscriptions.create')[0]!.body).toEqual({ subscription: { kind: 'sms', phone_country_code: '+33', phone_number: '6 12 34 56 78' } });
  await filter.fill('+33 6 12 34 56 78');
  await filter.press('Enter');
  await expect(rows(list)).toHaveCount(1);
  await expect(rows(list).first()).toContainText('+33 6 12 34 56 78');

  // Edit alice's email address.
  await filter.fill('alice@example.com');
  await filter.press('Enter');
  await expect(rows(list)).toHaveCount(1);
  await editFromMenu(page, panel, 'subscription', 'alice@example.com');
  dialog = page.getByRole('dialog', { name: 'Edit subscription' });
  await expect(dialog.getByLabel('Email', { exact: true })).toBeChecked();
  await dialog.getByLabel('Email address').fill('alice@new.example.com');
  await dialog.getByRole('button', { name: 'Save subscription' }).click();
  await expect.poll(() => writes('subscriptions.update').length).toBe(1);
  expect(writes('subscriptions.update')[0]!.body).toEqual({ subscription: { kind: 'email', email: 'alice@new.example.com' } });
  // The list is read again from the server: the old address no longer matches the filter, the new one does.
  await expect(panel.getByTestId('empty-state')).toContainText('No subscriptions match');
  await filter.fill('alice@new.example.com');
  await filter.press('Enter');
  await expect(rows(list).first()).toContainText('alice@new.example.com');

  // Delete the chat subscription.
  await panel.getByRole('button', { name: 'Show all' }).click();
  await deleteFromMenu(page, panel, 'subscription', 'https://hooks.chat.example/services/T000/B000');
  await page.getByRole('dialog', { name: 'Delete subscription?' }).getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => writes('subscriptions.delete').length).toBe(1);
  // Taken out of the list, not read again: one fewer loaded, the rest one Load more away.
  await expect(panel.getByTestId('list-count')).toHaveText('99 of 108 subscriptions');
});

test('webhooks, by keyboard: tabs with arrow keys, a dialog that keeps focus and closes on Escape; add, edit, delete; a bad address is refused', async () => {
  await openAdmin();
  const servicesTab = page.getByRole('tab', { name: 'Services' });
  await servicesTab.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const webhooksTab = page.getByRole('tab', { name: 'Webhooks' });
  await expect(webhooksTab).toBeFocused();
  await expect(webhooksTab).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Metrics' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(servicesTab).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(webhooksTab).toHaveAttribute('aria-selected', 'true');

  const panel = page.getByRole('tabpanel');
  const list = panel.getByRole('list', { name: 'Webhooks' });
  await expect(rows(list)).toHaveCount(1);
  await expect(rows(list).first()).toContainText('https://hooks.acme.example/statuspage');

  // The dialog: focus starts inside, Tab cycles inside, Escape closes and gives focus back.
  const add = panel.getByRole('button', { name: 'Add webhook' });
  await add.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add a webhook' });
  await expect(dialog.getByLabel('Address')).toBeFocused();
  for (let i = 0; i < 12; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(add).toBeFocused();

  await page.keyboard.press('Enter');
  await dialog.getByLabel('Address').fill('ftp://hooks.example.com');
  for (const event of ['incident.created', 'incident.updated', 'incident.deleted', 'service.monitored_status.updated'])
    await dialog.getByLabel(event).uncheck();
  await dialog.getByLabel('Address').press('Enter');
  await expect(dialog.getByText('Enter the address to call, starting with https://.')).toBeVisible();
  await expect(dialog.getByText('Choose at least one event.')).toBeVisible();
  expect(writes('webhooks.create')).toHaveLength(0);
  await dialog.getByLabel('Address').fill('https://ops.example.com/hook');
  await dialog.getByLabel('incident.created').check();
  await dialog.getByLabel('incident.updated').check();
  await dialog.getByRole('button', { name: 'Save webhook' }).click();
  await expect.poll(() => writes('webhooks.create').length).toBe(1);
  expect(writes('webhooks.create')[0]!.body).toEqual({ webhook: { url: 'https://ops.example.com/hook', events: ['incident.created', 'incident.updated'] } });
  await expect(rows(list)).toHaveCount(2);
  await expect(rows(list).filter({ hasText: 'https://ops.example.com/hook' })).toContainText('incident.created, incident.updated');
  await page.screenshot({ path: screenshotPath('admin-webhooks.png') });

  await editFromMenu(page, panel, 'webhook', 'https://ops.example.com/hook');
  const edit = page.getByRole('dialog', { name: 'Edit webhook' });
  await edit.getByLabel('Address').fill('https://ops.example.com/hook/v2');
  await edit.getByRole('button', { name: 'Save webhook' }).click();
  await expect.poll(() => writes('webhooks.update').length).toBe(1);
  expect(writes('webhooks.update')[0]!.body).toEqual({ webhook: { url: 'https://ops.example.com/hook/v2', events: ['incident.created', 'incident.updated'] } });
  await expect(rows(list).filter({ hasText: '/hook/v2' })).toHaveCount(1);

  await deleteFromMenu(page, panel, 'webhook', 'https://ops.example.com/hook/v2');
  await page.getByRole('dialog', { name: 'Delete webhook?' }).getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => writes('webhooks.delete').length).toBe(1);
  await expect(rows(list)).toHaveCount(1);
});

test('access groups: listed with their services; added with a service, renamed, deleted; a name is required', async () => {
  await openAdmin();
  const panel = await openTab('Access groups');
  const list = panel.getByRole('list', { name: 'Access groups' });
  await expect(rows(list)).toHaveCount(1);
  await expect(rows(list).first()).toContainText('Enterprise customers');
  await expect(rows(list).first()).toContainText('Sees Web, API');

  await panel.getByRole('button', { name: 'Add access group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an access group' });
  await dialog.getByLabel('Database').check();
  await dialog.getByRole('button', { name: 'Save access group' }).click();
  await expect(dialog.getByText('Give the access group a name.')).toBeVisible();
  await dialog.getByLabel('Name').fill('Beta testers');
  await dialog.getByRole('button', { name: 'Save access group' }).click();
  await expect.poll(() => writes('access_groups.create').length).toBe(1);
  expect(writes('access_groups.create')[0]!.body).toEqual({ access_group: { name: 'Beta testers', service_ids: [5] } });
  await expect(rows(list).filter({ hasText: 'Beta testers' })).toContainText('Sees Database');
  await page.screenshot({ path: screenshotPath('admin-access-groups.png') });

  await editFromMenu(page, panel, 'access group', 'Beta testers');
  const edit = page.getByRole('dialog', { name: 'Edit Beta testers' });
  await edit.getByLabel('Name').fill('Early access');
  await edit.getByLabel('Queue').check();
  await edit.getByRole('button', { name: 'Save access group' }).click();
  await expect.poll(() => writes('access_groups.update').length).toBe(1);
  expect(writes('access_groups.update')[0]!.body).toEqual({ access_group: { name: 'Early access', service_ids: [5, 6] } });
  await expect(rows(list).filter({ hasText: 'Early access' })).toContainText('Sees Database, Queue');

  await deleteFromMenu(page, panel, 'access group', 'Early access');
  await page.getByRole('dialog', { name: 'Delete access group?' }).getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => writes('access_groups.delete').length).toBe(1);
  await expect(rows(list)).toHaveCount(1);
});

test('page members: an empty page, then a member added, filtered by email, given another role, deleted; the page switcher shows another page', async () => {
  await openAdmin();
  const panel = await openTab('Page members');
  await expect(panel.getByTestId('empty-state')).toContainText('No page members on page “acme” yet');

  await panel.getByRole('button', { name: 'Add the first page member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a page member' });
  await dialog.getByLabel('Email address').fill('alice@');
  await dialog.getByRole('button', { name: 'Save member' }).click();
  await expect(dialog.getByText(/Enter the member’s email address/)).toBeVisible();
  await dialog.getByLabel('Email address').fill('alice@acme.example');
  await dialog.getByLabel('Name').fill('Alice Admin');
  await dialog.getByLabel('Role').selectOption('editor');
  await dialog.getByRole('button', { name: 'Save member' }).click();
  await expect.poll(() => writes('status_page_members.create').length).toBe(1);
  expect(writes('status_page_members.create')[0]!.body).toEqual({ member: { email: 'alice@acme.example', name: 'Alice Admin', role: 'editor' } });
  const list = panel.getByRole('list', { name: 'Page members' });
  await expect(rows(list)).toHaveCount(1);
  await expect(rows(list).first()).toContainText('Editor');

  // Changes made elsewhere (the dashboard, a script) show after Refresh.
  for (const [email, role] of [
    ['bob@acme.example', 'viewer'],
    ['carol@acme.example', 'owner'],
  ]) {
    await fetch(`${sim.baseUrl}/status_pages/acme/members`, {
      method: 'POST',
      headers: { Authorization: sim.keys.demoReadWrite, 'Content-Type': 'application/json' },
      body: JSON.stringify({ member: { email, role } }),
    });
  }
  await panel.getByRole('button', { name: 'Refresh' }).click();
  await expect(rows(list)).toHaveCount(3);
  await expect(panel.getByTestId('list-count')).toHaveText('3 of 3 page members');
  await page.screenshot({ path: screenshotPath('admin-page-members.png') });

  const filter = panel.getByRole('searchbox', { name: 'Filter page members' });
  // Any part filters what is loaded; the server searches a whole address only, and says so.
  await filter.fill('alice');
  await expect(rows(list)).toHaveCount(1);
  await filter.press('Enter');
  await expect(panel.getByRole('alert')).toContainText('Enter a whole email address to search the server for');
  await filter.fill('nobody@acme.example');
  await filter.press('Enter');
  await expect(panel.getByTestId('empty-state')).toContainText('No page members match');
  await filter.fill('alice@acme.example');
  await filter.press('Enter');
  await expect(rows(list)).toHaveCount(1);

  await editFromMenu(page, panel, 'page member', 'alice@acme.example');
  const edit = page.getByRole('dialog', { name: 'Edit alice@acme.example' });
  await expect(edit.getByLabel('Email address')).toHaveAttribute('readonly', '');
  await edit.getByLabel('Role').selectOption('admin');
  await edit.getByRole('button', { name: 'Save member' }).click();
  await expect.poll(() => writes('status_page_members.update').length).toBe(1);
  expect(writes('status_page_members.update')[0]!.body).toEqual({ member: { name: 'Alice Admin', role: 'admin' } });
  await expect(rows(list).first()).toContainText('Admin');

  await deleteFromMenu(page, panel, 'page member', 'alice@acme.example');
  await page.getByRole('dialog', { name: 'Delete page member?' }).getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => writes('status_page_members.delete').length).toBe(1);

  // The other pages of the organization are in the switcher.
  await page.getByLabel('Status page').selectOption('acme-eu');
  await expect(panel.getByRole('heading', { name: 'Page members of page “acme-eu”' })).toBeVisible();
  await expect(rows(panel.getByRole('list', { name: 'Page members' }))).toHaveCount(1);
  await expect(panel).toContainText('eu-editor@acme.example');
});

test('organization members: listed for the organization; added, re-roled, deleted; a duplicate is refused by the server, shown with its reason, retried, then fixed and sent', async () => {
  await openAdmin();
  const panel = await openTab('Org members');
  await expect(page.getByLabel('Organization', { exact: true })).toHaveValue('1');
  const list = panel.getByRole('list', { name: 'Organization members' });
  await expect(rows(list)).toHaveCount(3);
  await expect(panel.getByTestId('list-count')).toHaveText('3 of 3 organization members');

  await panel.getByRole('button', { name: 'Add organization member' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add an organization member' });
  await dialog.getByLabel('Email address').fill('dana@acme');
  await dialog.getByRole('button', { name: 'Save member' }).click();
  await expect(dialog.getByText(/Enter the member’s email address/)).toBeVisible();
  await dialog.getByLabel('Email address').fill('dana@acme.example');
  await dialog.getByLabel('Role').selectOption('billing');
  await dialog.getByRole('button', { name: 'Save member' }).click();
  await expect.poll(() => writes('org_members.create').length).toBe(1);
  expect(writes('org_members.create')[0]!.path).toBe('/api/v2/orgs/1/members');
  expect(writes('org_members.create')[0]!.body).toEqual({ member: { email: 'dana@acme.example', role: 'billing' } });
  await expect(rows(list)).toHaveCount(4);

  await editFromMenu(page, panel, 'organization member', 'dana@acme.example');
  dialog = page.getByRole('dialog', { name: 'Edit dana@acme.example' });
  await dialog.getByLabel('Role').selectOption('viewer');
  await dialog.getByRole('button', { name: 'Save member' }).click();
  await expect.poll(() => writes('org_members.update').length).toBe(1);
  expect(writes('org_members.update')[0]!.body).toEqual({ member: { role: 'viewer' } });

  // The server refuses a second membership of the same person (422): shown inline with its reason.
  await panel.getByRole('button', { name: 'Add organization member' }).click();
  dialog = page.getByRole('dialog', { name: 'Add an organization member' });
  await dialog.getByLabel('Email address').fill('editor@acme.example');
  await dialog.getByRole('button', { name: 'Save member' }).click();
  const failed = panel.getByTestId('failed-write');
  await expect(failed).toContainText('Add organization member “editor@acme.example”');
  await expect(failed).toContainText('The server did not accept the data');
  await expect(failed).toContainText('422');
  await expect(rows(list).filter({ hasText: 'editor@acme.example' }).getByTestId('pending-badge').first()).toHaveText(/Failed add/);
  await page.screenshot({ path: screenshotPath('admin-org-members.png') });
  await failed.getByRole('button', { name: 'Retry', exact: true }).click();
  await expect.poll(async () => (await app.core.outbox.service()).list().find((e) => e.state === 'failed')?.attempts).toBe(2);
  // Edit and retry: the refused write is corrected in place and sent again.
  await editFromMenu(page, rows(list).filter({ hasText: 'editor@acme.example' }).first(), 'organization member', 'editor@acme.example');
  dialog = page.getByRole('dialog', { name: 'Fix and retry' });
  await expect(dialog.getByLabel('Email address')).toHaveValue('editor@acme.example');
  await dialog.getByLabel('Email address').fill('erin@acme.example');
  await dialog.getByRole('button', { name: 'Save member' }).click();
  await expect.poll(() => writes('org_members.create').length).toBe(2);
  expect(writes('org_members.create')[1]!.body).toEqual({ member: { email: 'erin@acme.example', role: 'viewer' } });
  await expect(failed).toHaveCount(0);
  await expect(rows(list)).toHaveCount(5);
  await expect(panel.getByTestId('list-count')).toHaveText('5 of 5 organization members');

  await deleteFromMenu(page, panel, 'organization member', 'dana@acme.example');
  await page.getByRole('dialog', { name: 'Delete organization member?' }).getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => writes('org_members.delete').length).toBe(1);
  await expect(rows(list)).toHaveCount(4);
});

test('status pages: the organization’s pages; one added (and offered by the page switcher), renamed, deleted after typing its subdomain; a bad subdomain is refused', async () => {
  await openAdmin();
  const panel = await openTab('Status pages');
  const list = panel.getByRole('list', { name: 'Status pages' });
  await expect(rows(list)).toHaveCount(2);
  expect(await titles(list)).toEqual(['Acme', 'Acme EU']);
  await expect(rows(list).first()).toContainText('This account’s page');

  await panel.getByRole('button', { name: 'Add status page' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a status page' });
  await dialog.getByLabel('Name').fill('Acme Labs');
  await dialog.getByLabel('Subdomain').fill('Acme Labs!');
  await dialog.getByLabel('Time zone').fill('Mars/Olympus');
  await dialog.getByRole('button', { name: 'Save status page' }).click();
  await expect(dialog.getByText(/A subdomain has lowercase letters, digits and dashes/)).toBeVisible();
  await expect(dialog.getByText(/Choose a time zone from the list/)).toBeVisible();
  await dialog.getByLabel('Subdomain').fill('acme-labs');
  await dialog.getByLabel('Time zone').fill('Europe/Zurich');
  await dialog.getByRole('button', { name: 'Save status page' }).click();
  await expect.poll(() => writes('org_status_pages.create').length).toBe(1);
  expect(writes('org_status_pages.create')[0]!.body).toEqual({ status_page: { name: 'Acme Labs', subdomain: 'acme-labs', time_zone: 'Europe/Zurich' } });
  await expect(rows(list)).toHaveCount(3);
  await page.screenshot({ path: screenshotPath('admin-status-pages.png') });

  await editFromMenu(page, panel, 'status page', 'Acme Labs');
  const edit = page.getByRole('dialog', { name: 'Edit Acme Labs' });
  await expect(edit.getByLabel('Subdomain')).toHaveAttribute('readonly', '');
  await edit.getByLabel('Name').fill('Acme Research');
  await edit.getByRole('button', { name: 'Save status page' }).click();
  await expect.poll(() => writes('org_status_pages.update').length).toBe(1);
  expect(writes('org_status_pages.update')[0]!.path).toBe('/api/v2/orgs/1/status_pages/acme-labs');
  expect(writes('org_status_pages.update')[0]!.body).toMatchObject({ status_page: { name: 'Acme Research', time_zone: 'Europe/Zurich' } });
  await expect(rows(list).filter({ hasText: 'Acme Research' })).toHaveCount(1);

  // The new page is now offered for page-level sections.
  await page.getByRole('tab', { name: 'Services' }).click();
  await expect(page.getByLabel('Status page').locator('option')).toContainText(['Acme (acme)', 'Acme EU (acme-eu)', 'Acme Research (acme-labs)']);
  await page.getByRole('tab', { name: 'Status pages' }).click();

  await deleteFromMenu(page, panel, 'status page', 'Acme Research');
  const confirm = page.getByRole('dialog', { name: 'Delete status page?' });
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await confirm.getByLabel(/Type acme-labs to confirm/).fill('acme-labs');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => writes('org_status_pages.delete').map((w) => w.path)).toEqual(['/api/v2/orgs/1/status_pages/acme-labs']);
  await expect(rows(list)).toHaveCount(2);
});

test('metrics: a CSV of three points becomes three writes in order; a bad line is named by its number and nothing is queued; one point by hand; a month of two metrics from one file, with progress and the time to send', async () => {
  await openAdmin();
  let panel = await openTab('Metrics');
  await expect(panel.getByText('No points yet')).toBeVisible();
  // Said where points are entered: they cannot be looked up after a lost answer.
  await expect(panel.getByTestId('metric-at-least-once')).toHaveText(/^Points are sent at least once: .* may be stored twice\.$/);
  await panel.getByLabel('Metric id').fill('1');
  const csv = panel.getByLabel(/Lines of time,value/);

  await csv.fill('time,value\n1717243200,120\n2024-06-01T12:05:00Z,abc\nyesterday,3\n');
  await panel.getByRole('button', { name: 'Check and queue points' }).click();
  const errors = panel.getByTestId('csv-errors');
  await expect(errors).toContainText('Nothing was queued: 2 lines have problems.');
  await expect(errors).toContainText('Line 3: "abc" is not a number');
  await expect(errors).toContainText('Line 4: "yesterday" is not a time');
  expect((await app.core.outbox.service()).list().filter((e) => e.operation === 'addMetricEntry')).toHaveLength(0);
  await page.screenshot({ path: screenshotPath('admin-metrics-csv-error.png') });

  await csv.fill('time,value\n1717243200,120\n2024-06-01T12:05:00Z,118.5\n2024-06-01 12:10:00,121\n');
  await panel.getByRole('button', { name: 'Check and queue points' }).click();
  await expect(panel.getByRole('status').filter({ hasText: '3 points queued' })).toBeVisible();
  await expect.poll(() => writes('metrics.entries.create').length).toBe(3);
  const sent = writes('metrics.entries.create');
  expect(sent.map((w) => w.path)).toEqual(Array(3).fill('/api/v2/status_pages/acme/metrics/1/entries'));
  // A metric's points go several at a time (each carries its own time): which the server takes first is the
  // network's, so the three are compared whatever their order of arrival.
  expect(sent.map((w) => w.body)).toHaveLength(3);
  expect(sent.map((w) => w.body)).toEqual(
    expect.arrayContaining([
      { entry: { time: 1717243200, value: 120 } },
      { entry: { time: 1717243500, value: 118.5 } },
      { entry: { time: 1717243800, value: 121 } },
    ]),
  );
  const points = panel.getByRole('list', { name: 'Metric data points' });
  await expect(points.getByTestId('metric-point')).toHaveCount(3);
  await expect(points.getByText('Sent')).toHaveCount(3);

  await panel.getByLabel('Value', { exact: true }).fill('12 ms');
  await panel.getByRole('button', { name: 'Add point' }).click();
  await expect(panel.getByText('"12 ms" is not a number.')).toBeVisible();
  await panel.getByLabel('Time', { exact: true }).fill('1717244100');
  await panel.getByLabel('Value', { exact: true }).fill('99');
  await panel.getByRole('button', { name: 'Add point' }).click();
  await expect.poll(() => writes('metrics.entries.create').length).toBe(4);
  expect(writes('metrics.entries.create')[3]!.body).toEqual({ entry: { time: 1717244100, value: 99 } });
  await expect(points.getByTestId('metric-point').first()).toContainText('2024-06-01 12:15:00 UTC');
  await page.screenshot({ path: screenshotPath('admin-metrics.png'), fullPage: true });

  // A month of 5-minute points of two metrics in one file, queued offline: progress while the
  // points go in 1,000 at a time, then how long the API's rate takes to send them; the order is the file's.
  await sim.goOffline({ mode: 'refuse' });
  // A point waiting in the Outbox is marked "at least once", and the Outbox's promise names the exception.
  await panel.getByLabel('Time', { exact: true }).fill('1717244400');
  await panel.getByLabel('Value', { exact: true }).fill('98');
  await panel.getByRole('button', { name: 'Add point' }).click();
  await expect(panel.getByRole('heading', { name: /Points sent from Statusdesk/ })).toContainText('(1 not sent yet)');
  await page.getByRole('button', { name: /^Outbox/ }).click();
  await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
  await expect(page.getByText('then sent in order, once (metric data points at least once)')).toBeVisible();
  const waiting = page.getByTestId('outbox-entry').filter({ hasText: 'Add metric entry' });
  await expect(waiting.getByTestId('entry-at-least-once')).toHaveText('sent at least once');
  const outboxService = await app.core.outbox.service();
  await outboxService.drop(outboxService.list().find((e) => e.operation === 'addMetricEntry' && e.state !== 'sent')!.id);
  await page.getByRole('button', { name: 'Administration' }).click();
  panel = await openTab('Metrics');
  await expect(panel.getByRole('heading', { name: /Points sent from Statusdesk/ })).not.toContainText('not sent yet');
  const second = sim.addMetric({ page: 'acme', name: 'Queue depth' }).id;
  const lines = ['metric_id,time,value'];
  for (const metric of [1, second]) for (let i = 0; i < 8_640; i++) lines.push(`${metric},${1717200000 + i * 300},${i % 97}`);
  await panel.getByLabel('Metric id').fill('');
  await panel.locator('input[type="file"]').setInputFiles({ name: 'month.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
  await expect(panel.getByText('— from month.csv')).toBeVisible();
  // Every progress line the screen shows, as it shows it.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="metric-progress"]')?.textContent?.trim();
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await panel.getByRole('button', { name: 'Check and queue points' }).click();
  const done = panel.getByRole('status').filter({ hasText: '17,280 points of 2 metrics queued' });
  await expect(done).toHaveText('17,280 points of 2 metrics queued, to be sent in order; sending takes about 29 min at the API’s rate.', {
    timeout: 60_000,
  });
  const progress = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
  expect(progress.length).toBeGreaterThan(2);
  expect(progress.every((text) => /^Queuing [\d,]+ of 17,280 points…$/.test(text))).toBe(true);
  expect(progress).toContain('Queuing 9,000 of 17,280 points…');
  const queued = (await app.core.outbox.service()).list().filter((e) => e.operation === 'addMetricEntry' && e.state === 'pending');
  expect(queued).toHaveLength(17_280);
  expect(queued.map((e) => `${String(e.input.metricId)}:${(e.input.entry as { time: number }).time}`)).toEqual(
    lines.slice(1).map((line) => line.split(',').slice(0, 2).join(':')),
  );
  await expect(panel.getByRole('heading', { name: /Points sent from Statusdesk/ })).toContainText('(17,280 not sent yet)');
  await done.scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('admin-metrics-import.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: screenshotPath('admin-metrics-import-dark.png') });
});

test('designed empty and error states: no account, an account without a key, and a read-only key whose change is refused (403) with the reason', async () => {
  await page.getByRole('button', { name: 'Administration' }).click();
  await expect(page.getByTestId('admin-notice')).toContainText('No status page account yet');

  await app.core.accounts.add({ name: 'Keyless', region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', organizationId: '1' });
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('button', { name: 'Administration' }).click();
  await expect(page.getByTestId('admin-notice')).toContainText('“Keyless” has no API key');
  await page.screenshot({ path: screenshotPath('admin-no-key.png') });
  await page.getByRole('button', { name: 'Open Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  await app.core.accounts.add({
    name: 'Read only',
    region: 'custom',
    baseUrl: sim.baseUrl,
    subdomain: 'acme',
    organizationId: '1',
    apiKey: sim.keys.demoReadOnly,
  });
  await page.getByRole('button', { name: 'Administration' }).click();
  await page.getByLabel('Account').selectOption({ label: 'Read only' });
  const panel = await openTab('Webhooks');
  await expect(rows(panel.getByRole('list', { name: 'Webhooks' }))).toHaveCount(1);
  await panel.getByRole('button', { name: 'Add webhook' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a webhook' });
  await dialog.getByLabel('Address').fill('https://ops.example.com/hook');
  await dialog.getByRole('button', { name: 'Save webhook' }).click();
  const failed = panel.getByTestId('failed-write');
  await expect(failed).toContainText('Add webhook “https://ops.example.com/hook”');
  await expect(failed).toContainText('this account’s key is read-only');
  await expect(failed).toContainText('403');
  expect(writes('webhooks.create')).toHaveLength(0);
  await page.screenshot({ path: screenshotPath('admin-read-only.png') });
  await failed.getByRole('button', { name: 'Discard' }).click();
  await expect(failed).toHaveCount(0);
  await expect(rows(panel.getByRole('list', { name: 'Webhooks' }))).toHaveCount(1);

  // A key of another organization may not read this one's pages.
  await app.core.accounts.add({
    name: 'Globex key',
    region: 'custom',
    baseUrl: sim.baseUrl,
    subdomain: 'acme',
    organizationId: '2',
    apiKey: sim.keys.otherOrg,
  });
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('button', { name: 'Administration' }).click();
  await page.getByLabel('Account').selectOption({ label: 'Globex key' });
  await expect(page.getByRole('tabpanel').getByTestId('admin-notice')).toContainText('This key may not read webhooks of page “acme”');
});

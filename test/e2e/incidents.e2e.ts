import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { AppError } from '../../shared/errors';
import { startStatusPageSimulator, type StatusPageSimulator, type WriteLogEntry } from '../../simulators/statuspal';
import { pseudoTranslate, startTranslationSimulator, type TranslationSimulator } from '../../simulators/translation';
import { makeTempDir } from '../support/temp-dir';
import { expectAccessible } from './support/axe';
import { startHarness, type Harness } from './support/harness';
import { addAcmeAccount } from './support/navigation';
import { screenshotPath } from './support/screenshots';

/*
 * The incident console and the offline outbox, end to end: the real renderer build in Chromium, the real
 * core (outbox, reads, translation) in this process, the status page and translation simulators over HTTP.
 */

let sim: StatusPageSimulator;
let app: Harness | null = null;

test.beforeEach(async () => {
  sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
});

test.afterEach(async () => {
  await app?.close();
  app = null;
  await sim.close();
});

const INCIDENTS = '/api/v2/status_pages/acme/incidents';
const NOTICES = '/api/v2/status_pages/acme/info_notices';

async function start(page: Page, options: Parameters<typeof startHarness>[1] = {}): Promise<Harness> {
  app = await startHarness(page, options);
  return app;
}

const addAccount = (harness: Harness) => addAcmeAccount(harness, sim);

async function openConsole(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /Incidents/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Incidents', level: 1 })).toBeVisible();
}

async function openOutbox(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /Outbox/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
}

const list = (page: Page) => page.getByTestId('incident-list');
const row = (page: Page, title: string) => list(page).getByRole('listitem').filter({ hasText: title });
const detail = (page: Page) => page.getByTestId('incident-detail');
const update = (page: Page, text: string) => detail(page).getByTestId('update').filter({ hasText: text });
const queued = async (harness: Harness) => (await harness.core.outbox.service()).list().filter((e) => e.state !== 'sent');

async function createIncident(page: Page, fields: { title: string; message: string; type?: string; services?: string[] }) {
  await page.getByRole('button', { name: 'New incident' }).click();
  const dialog = page.getByRole('dialog', { name: 'New incident' });
  await dialog.getByLabel('Title', { exact: true }).fill(fields.title);
  if (fields.type) await dialog.getByLabel('Type', { exact: true }).selectOption(fields.type);
  for (const service of fields.services ?? []) await dialog.getByRole('checkbox', { name: service, exact: true }).check();
  await dialog.getByLabel('Message', { exact: true }).fill(fields.message);
  await dialog.getByRole('button', { name: 'Create incident' }).click();
  await expect(dialog).toBeHidden();
}

async function postUpdate(page: Page, message: string, type?: string) {
  await detail(page).getByRole('button', { name: 'Add update' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add update' });
  if (type) await dialog.getByLabel('Update type').selectOption(type);
  await dialog.getByLabel('Message', { exact: true }).fill(message);
  await dialog.getByRole('button', { name: 'Post update' }).click();
  await expect(dialog).toBeHidden();
}

async function confirmIn(page: Page, title: string, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** No badge of the outbox anywhere in `scope`: everything shown there is the server's. */
async function expectAllSent(scope: Locator) {
  await expect(scope.getByTestId('outbox-badge')).toHaveCount(0);
}

const bodyOf = (entry: WriteLogEntry) => entry.body as Record<string, Record<string, unknown>>;

test('offline: an incident and two updates survive a restart and are sent once, in order, when the server is back', async ({ page, context }) => {
  const data = makeTempDir('statusdesk-e2e-offline-');
  const keychainService = `Statusdesk-e2e-${randomUUID()}`;
  try {
    const first = await start(page, { dataDir: data.dir, keychainService });
    await addAccount(first);
    await sim.goOffline({ mode: 'refuse' });
    await openConsole(page);
    await expect(page.getByRole('alert').filter({ hasText: 'could not be read' })).toBeVisible();

    await createIncident(page, { title: 'Checkout failing', message: 'Payments time out at checkout.' });
    await expect(row(page, 'Checkout failing').getByTestId('outbox-badge')).toHaveText('Pending');
    await expect(row(page, 'Checkout failing')).toContainText('tmp-');
    await row(page, 'Checkout failing').getByRole('button').click();
    await postUpdate(page, 'The payment provider confirms an outage.');
    await postUpdate(page, 'Failover to the second provider started.', 'monitoring');
    await expect(detail(page).getByTestId('update')).toHaveCount(3);
    await expect(detail(page).getByTestId('update').first()).toContainText('Failover to the second provider');
    for (const text of ['outage', 'Failover']) await expect(update(page, text).getByTestId('outbox-badge')).toHaveText('Pending');
    await expect(page.getByTestId('connectivity-banner')).toContainText('Offline');
    await expect(page.getByTestId('outbox-count')).toHaveText('3');
    await page.screenshot({ path: screenshotPath('incidents-offline.png') });
    expect(sim.writeLog()).toHaveLength(0);

    // The services restart on the same data folder (the outbox file and the keychain entry stay).
    await first.close();
    app = null;
    await page.close();
    const page2 = await context.newPage();
    await start(page2, { dataDir: data.dir, keychainService });
    await openConsole(page2);
    await expect(row(page2, 'Checkout failing').getByTestId('outbox-badge')).toHaveText('Pending');
    await row(page2, 'Checkout failing').getByRole('button').click();
    await expect(detail(page2).getByTestId('update')).toHaveCount(3);
    await expect(page2.getByTestId('connectivity-banner')).toContainText('Offline');

    // "Try now" while the server is still down: it looks at once, finds it down, and everything stays queued.
    await page2.getByTestId('connectivity-banner').getByRole('button', { name: 'Try now' }).click();
    await expect(page2.getByTestId('connectivity-banner').getByRole('button', { name: 'Try now' })).toBeEnabled();
    await expect(page2.getByTestId('outbox-count')).toHaveText('3');
    expect(sim.writeLog()).toHaveLength(0);

    // The server comes back: the outbox's own probe finds it and sends, with no click.
    await sim.goOnline();
    await expect(page2.getByTestId('connectivity-banner')).toBeHidden({ timeout: 30_000 });

    // Sent: the page follows the incident to its server id and shows the server's copy.
    await expect(detail(page2).getByRole('heading', { name: 'Checkout failing' })).toBeVisible();
    await expectAllSent(detail(page2));
    await expect(detail(page2).getByTestId('update')).toHaveCount(3);
    await expect(detail(page2).getByTestId('update').first()).toContainText('Failover to the second provider');
    await expect(detail(page2)).not.toContainText('Not sent yet');
    await expect(page2.getByTestId('connectivity-banner')).toBeHidden();
    await expect(page2.getByTestId('outbox-count')).toBeHidden();

    const writes = sim.writeLog({ pathPrefix: INCIDENTS });
    const id = writes[0]?.resultId;
    expect(typeof id).toBe('number');
    expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([`POST ${INCIDENTS}`, `POST ${INCIDENTS}/${id}/updates`, `POST ${INCIDENTS}/${id}/updates`]);
    expect(bodyOf(writes[0]!).incident).toMatchObject({ title: 'Checkout failing', type: 'minor' });
    expect(bodyOf(writes[1]!).update).toMatchObject({ description: 'The payment provider confirms an outage.' });
    expect(bodyOf(writes[2]!).update).toMatchObject({ type: 'monitoring', description: 'Failover to the second provider started.' });
    await detail(page2)
      .getByRole('button', { name: /All incidents/ })
      .click();
    await expectAllSent(row(page2, 'Checkout failing'));
  } finally {
    await app?.close();
    app = null;
    data.remove();
  }
});

test('online: create, edit, add / edit / delete an update, resolve and delete an incident; each write is sent once', async ({ page }) => {
  const harness = await start(page);
  await addAccount(harness);
  await openConsole(page);
  await expect(row(page, 'Elevated API error rates')).toBeVisible();

  await createIncident(page, { title: 'Search is slow', message: 'Search requests take several seconds.', services: ['API', 'Dashboard'] });
  await expect(page.getByTestId('write-status')).toContainText('Create incident “Search is slow”');
  await expect(page.getByTestId('write-status').getByTestId('write-state').first()).toHaveText('Sent');
  await expect(row(page, 'Search is slow')).toContainText(/#\d+/);
  await expectAllSent(row(page, 'Search is slow'));
  await page.mouse.move(0, 0);
  await page.screenshot({ path: screenshotPath('incidents.png') });

  await row(page, 'Search is slow').getByRole('button').click();
  await expect(detail(page).getByRole('heading', { name: 'Search is slow' })).toBeFocused();
  await expect(detail(page)).toContainText('API, Dashboard');

  await detail(page).getByRole('button', { name: 'Edit incident' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit incident' });
  await expect(edit.getByLabel('Title', { exact: true })).toHaveValue('Search is slow');
  await edit.getByLabel('Title', { exact: true }).fill('Search is slow for EU users');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(detail(page).getByRole('heading', { name: 'Search is slow for EU users' })).toBeVisible();

  await postUpdate(page, 'A fix is being deployed.', 'monitoring');
  await expect(update(page, 'A fix is being deployed.')).toBeVisible();
  await expectAllSent(detail(page));
  await update(page, 'A fix is being deployed.').getByRole('button', { name: 'Edit' }).click();
  const editUpdate = page.getByRole('dialog', { name: 'Edit update' });
  await editUpdate.getByLabel('Message', { exact: true }).fill('A fix is deployed in two regions of three.');
  await editUpdate.getByRole('button', { name: 'Save update' }).click();
  await expect(update(page, 'two regions of three')).toBeVisible();
  await expectAllSent(detail(page));

  await postUpdate(page, 'Posted by mistake.');
  await expectAllSent(detail(page));
  // The recent-writes toast sits bottom right, over the last update's ⋯ button, and holds still while the pointer
  // is on it: a click aimed through it would keep it there. Pointer away, the toast goes, then the click.
  await page.mouse.move(0, 0);
  await expect(page.getByTestId('write-status').getByRole('listitem')).toHaveCount(0);
  await update(page, 'Posted by mistake.').getByRole('button', { name: 'More actions for this update' }).click();
  await page.getByRole('menuitem', { name: 'Delete update…' }).click();
  await confirmIn(page, 'Delete this update?', 'Delete update');
  await expect(update(page, 'Posted by mistake.')).toHaveCount(0);

  await detail(page).getByRole('button', { name: 'Resolve…' }).click();
  const resolve = page.getByRole('dialog', { name: 'Resolve incident' });
  await expect(resolve.getByLabel('Resolution message')).toHaveValue('This incident has been resolved.');
  await resolve.getByLabel('Resolution message').fill('Search is fast again everywhere.');
  await resolve.getByRole('button', { name: 'Resolve incident' }).click();
  await expect(detail(page).locator('.phase-badge')).toHaveText('Resolved');
  await expect(detail(page).getByTestId('update').first()).toContainText('Search is fast again everywhere.');
  await expect(detail(page).getByRole('button', { name: 'Resolve…' })).toHaveCount(0);

  await detail(page).getByRole('button', { name: 'More actions for this incident' }).click();
  await page.getByRole('menuitem', { name: 'Delete incident…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this incident?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Delete incident' }).click();
  await expect(list(page)).toBeVisible();
  await expect(row(page, 'Search is slow')).toHaveCount(0);

  const writes = sim.writeLog({ pathPrefix: INCIDENTS });
  const id = writes[0]!.resultId;
  expect(writes.map((w) => `${w.method} ${w.path.replace(String(id), 'ID')}`)).toEqual([
    `POST ${INCIDENTS}`,
    `PUT ${INCIDENTS}/ID`,
    `POST ${INCIDENTS}/ID/updates`,
    `PUT ${INCIDENTS}/ID/updates/${writes[3]!.path.split('/').pop()}`,
    `POST ${INCIDENTS}/ID/updates`,
    `DELETE ${INCIDENTS}/ID/updates/${writes[4]!.resultId}`,
    `POST ${INCIDENTS}/ID/updates`,
    `DELETE ${INCIDENTS}/ID`,
  ]);
  expect(bodyOf(writes[0]!).incident).toMatchObject({ type: 'minor', title: 'Search is slow', service_ids: [2, 3] });
  // An edit sends what changed, nothing more.
  expect(bodyOf(writes[1]!).incident).toEqual({ title: 'Search is slow for EU users' });
  expect(bodyOf(writes[3]!).update).toEqual({ description: 'A fix is deployed in two regions of three.' });
  expect(bodyOf(writes[6]!).update).toMatchObject({ type: 'resolved', description: 'Search is fast again everywhere.' });
  expect(await queued(harness)).toHaveLength(0);
});

test.describe('in New York', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('a maintenance window is typed in local time and sent in UTC; a window that ends before it starts is refused', async ({ page }) => {
    const harness = await start(page);
    await addAccount(harness);
    await openConsole(page);
    await page.getByRole('button', { name: 'New incident' }).click();
    const dialog = page.getByRole('dialog', { name: 'New incident' });
    await dialog.getByLabel('Title', { exact: true }).fill('Database upgrade');
    await dialog.getByLabel('Type', { exact: true }).selectOption('scheduled');
    await expect(dialog.getByLabel('Update type')).toHaveValue('scheduled');
    await expect(dialog).toContainText('America/New_York');
    await dialog.getByLabel('Starts').fill('2030-01-15T10:00');
    await dialog.getByLabel('Ends').fill('2030-01-15T09:30');
    await dialog.getByRole('checkbox', { name: 'Data', exact: true }).check();
    // Checking a group checks its services.
    await expect(dialog.getByRole('checkbox', { name: 'Database', exact: true })).toBeChecked();
    await dialog.getByLabel('Message', { exact: true }).fill('The primary database is upgraded; writes pause for a few minutes.');
    await dialog.getByRole('button', { name: 'Create incident' }).click();
    await expect(dialog.getByText('The end must be after the start.')).toBeVisible();
    await expect(dialog.getByLabel('Ends')).toBeFocused();
    expect(await queued(harness)).toHaveLength(0);

    await dialog.getByLabel('Ends').fill('2030-01-15T12:30');
    await dialog.getByRole('button', { name: 'Create incident' }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(() => sim.writeLog({ pathPrefix: INCIDENTS }).length).toBe(1);
    const incident = bodyOf(sim.writeLog({ pathPrefix: INCIDENTS })[0]!).incident!;
    expect(incident).toMatchObject({ type: 'scheduled', starts_at: '2030-01-15T15:00:00', ends_at: '2030-01-15T17:30:00', service_ids: [4, 5, 6] });

    await row(page, 'Database upgrade').filter({ hasText: '2030' }).getByRole('button').click();
    await expect(detail(page).locator('.phase-badge')).toHaveText('Upcoming');
    await expect(detail(page)).toContainText('Jan 15, 2030, 10:00');
    await expect(detail(page)).toContainText('Jan 15, 2030, 12:30');
    // Editing shows the window in local time again.
    await detail(page).getByRole('button', { name: 'Edit incident' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit incident' });
    await expect(edit.getByLabel('Starts')).toHaveValue('2030-01-15T10:00');
    await expect(edit.getByLabel('Ends')).toHaveValue('2030-01-15T12:30');
    await edit.getByLabel('Ends').fill('2030-01-15T13:00');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(detail(page)).toContainText('Jan 15, 2030, 1:00');
    await expect.poll(() => sim.writeLog({ pathPrefix: INCIDENTS }).length).toBe(2);
    expect(bodyOf(sim.writeLog({ pathPrefix: INCIDENTS })[1]!).incident).toEqual({ ends_at: '2030-01-15T18:00:00' });
  });
});

test('validation: clear messages next to the fields, and nothing is queued', async ({ page }) => {
  const harness = await start(page);
  await addAccount(harness);
  await openConsole(page);
  const opener = page.getByRole('button', { name: 'New incident' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'New incident' });
  await dialog.getByRole('button', { name: 'Create incident' }).click();
  await expect(dialog.getByText('Enter a title: it is the first thing readers see.')).toBeVisible();
  await expect(dialog.getByText('Write the first update: subscribers see it with the title.')).toBeVisible();
  await expect(dialog.getByLabel('Title', { exact: true })).toBeFocused();
  await expect(dialog.getByLabel('Title', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await dialog.getByLabel('Title', { exact: true }).fill('Login problems');
  // A field put right loses its message as it is typed; the one still empty keeps its own.
  await expect(dialog.getByText('Enter a title: it is the first thing readers see.')).toBeHidden();
  await expect(dialog.getByLabel('Title', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Write the first update: subscribers see it with the title.')).toBeVisible();
  await dialog.getByLabel('Type', { exact: true }).selectOption({ label: 'Other (custom type)…' });
  await expect(dialog.getByLabel('Custom type key')).toBeFocused();
  await dialog.getByLabel('Custom type key').fill('not a key');
  await dialog.getByLabel('Message', { exact: true }).fill('Some users cannot log in.');
  await expect(dialog.getByText('Write the first update: subscribers see it with the title.')).toBeHidden();
  await dialog.getByRole('button', { name: 'Create incident' }).click();
  await expect(dialog.getByText(/A type key has only letters, digits/)).toBeVisible();
  await page.screenshot({ path: screenshotPath('incident-editor-validation.png') });

  // Escape asks before throwing the typed text away; discarding queues nothing, and focus goes back to the
  // button that opened the editor.
  await page.keyboard.press('Escape');
  await dialog.getByRole('alertdialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  expect(await queued(harness)).toHaveLength(0);
  expect((await harness.core.outbox.service()).list()).toHaveLength(0);
  expect(sim.writeLog()).toHaveLength(0);
});

test('the first update follows a maintenance type until the user picks one, and then keeps the pick', async ({ page }) => {
  const harness = await start(page);
  await addAccount(harness);
  await openConsole(page);
  await page.getByRole('button', { name: 'New incident' }).click();
  const dialog = page.getByRole('dialog', { name: 'New incident' });
  const updateType = dialog.getByLabel('Update type');
  await expect(updateType).toHaveValue('issue');
  await dialog.getByLabel('Type', { exact: true }).selectOption('scheduled');
  await expect(updateType).toHaveValue('scheduled');
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await updateType.selectOption('monitoring');
  await dialog.getByLabel('Type', { exact: true }).selectOption('major');
  await dialog.getByLabel('Type', { exact: true }).selectOption('scheduled');
  await expect(updateType).toHaveValue('monitoring');
  expect(pageErrors).toEqual([]);
});

test('a write the server refuses (422) is listed as failed; edit and retry sends the corrected one', async ({ page }) => {
  const harness = await start(page);
  await addAccount(harness);
  await openConsole(page);
  await page.getByRole('button', { name: 'New incident' }).click();
  const dialog = page.getByRole('dialog', { name: 'New incident' });
  await dialog.getByLabel('Title', { exact: true }).fill('Queue backlog');
  await dialog.getByLabel('Type', { exact: true }).selectOption({ label: 'Other (custom type)…' });
  await dialog.getByLabel('Custom type key').fill('backlog');
  await dialog.getByLabel('Message', { exact: true }).fill('Jobs are delayed by about ten minutes.');
  await dialog.getByRole('button', { name: 'Create incident' }).click();
  await expect(dialog).toBeHidden();

  await expect(row(page, 'Queue backlog').getByTestId('outbox-badge')).toHaveText('Failed');
  await expect(page.getByTestId('write-status')).toContainText('Failed');
  await expect(page.getByTestId('outbox-count')).toHaveText('1');
  await openOutbox(page);
  const failed = page.getByRole('region', { name: /Failed/ });
  const card = failed.getByRole('article', { name: 'Create incident “Queue backlog”' });
  await expect(card.getByTestId('entry-error')).toContainText('422');
  await page.screenshot({ path: screenshotPath('outbox-failed.png') });

  await card.getByRole('button', { name: 'Edit and retry…' }).click();
  const retry = page.getByRole('dialog', { name: 'Edit and retry: new incident' });
  await expect(retry.getByLabel('Title', { exact: true })).toHaveValue('Queue backlog');
  await expect(retry.getByLabel('Type', { exact: true })).toHaveValue('backlog');
  await expect(retry.getByLabel('Message', { exact: true })).toHaveValue('Jobs are delayed by about ten minutes.');
  await retry.getByLabel('Type', { exact: true }).selectOption('minor');
  await retry.getByRole('button', { name: 'Retry' }).click();
  await expect(retry).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Nothing waiting' })).toBeVisible();
  await expect(page.getByTestId('outbox-count')).toBeHidden();

  const writes = sim.writeLog({ pathPrefix: INCIDENTS });
  expect(writes).toHaveLength(1);
  expect(bodyOf(writes[0]!).incident).toMatchObject({ type: 'minor', title: 'Queue backlog' });
  await openConsole(page);
  await expect(row(page, 'Queue backlog')).toContainText(`#${writes[0]!.resultId}`);
  await expectAllSent(row(page, 'Queue backlog'));

  // An edit the server refuses has no form of its own in the Outbox: it is fixed as JSON, checked first.
  await row(page, 'Queue backlog').getByRole('button').click();
  await detail(page).getByRole('button', { name: 'Edit incident' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit incident' });
  await edit.getByLabel('Type', { exact: true }).selectOption({ label: 'Other (custom type)…' });
  await edit.getByLabel('Custom type key').fill('still-unknown');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(detail(page).getByTestId('outbox-badge')).toHaveText('Failed');
  await detail(page).getByRole('button', { name: 'Open the Outbox' }).click();
  await page
    .getByRole('article', { name: /Edit incident #\d+/ })
    .getByRole('button', { name: 'Edit and retry…' })
    .click();
  const json = page.getByRole('dialog', { name: /Edit and retry: Edit incident/ });
  const box = json.getByLabel('Write (JSON)');
  const input = JSON.parse(await box.inputValue()) as { incident: { type: string } };
  expect(input).toMatchObject({ subdomain: 'acme', incidentId: writes[0]!.resultId, incident: { type: 'still-unknown' } });
  await box.fill('{"subdomain": "acme", "incident": {"type": 7}');
  await json.getByRole('button', { name: 'Check and retry' }).click();
  await expect(json.getByRole('alert')).toContainText('not valid JSON');
  await box.fill('{"subdomain": "acme", "incident": {"type": 7}}');
  await json.getByRole('button', { name: 'Check and retry' }).click();
  await expect(json.getByRole('alert')).toContainText('"incidentId" is missing');
  await expect(json.getByRole('alert')).toContainText('incident.type');
  await box.fill(JSON.stringify({ ...input, incident: { type: 'major' } }));
  await json.getByRole('button', { name: 'Check and retry' }).click();
  await expect(json).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Nothing waiting' })).toBeVisible();
  await expect.poll(() => sim.writeLog({ pathPrefix: INCIDENTS, method: 'PUT' }).length).toBe(1);
  expect(bodyOf(sim.writeLog({ pathPrefix: INCIDENTS, method: 'PUT' })[0]!).incident).toEqual({ type: 'major' });
});

test('a conflict (changed on the server meanwhile) is settled with keep mine, then with take theirs', async ({ page }) => {
  const harness = await start(page);
  await addAccount(harness);
  const incident = sim.openIncident({ page: 'acme', type: 'minor', title: 'Payments degraded', services: [2], message: 'Some payments fail.' });
  await openConsole(page);
  await row(page, 'Payments degraded').getByRole('button').click();

  // A colleague posts an update after this window read the incident: its updated_at moves on.
  await detail(page).getByRole('button', { name: 'Edit incident' }).click();
  let edit = page.getByRole('dialog', { name: 'Edit incident' });
  await edit.getByLabel('Title', { exact: true }).fill('Payments degraded in the EU');
  sim.addUpdate({ page: 'acme', incidentId: incident.id, message: 'Colleague: the US is affected too.' });
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(detail(page).getByTestId('outbox-badge').first()).toHaveText('Conflict');
  await expect(detail(page).getByRole('alert')).toContainText('Open the Outbox');

  // A write queued behind the conflict waits for it (writes on one incident go in order).
  await detail(page).getByRole('button', { name: 'Add update' }).click();
  const add = page.getByRole('dialog', { name: 'Add update' });
  await add.getByLabel('Message', { exact: true }).fill('Waiting for the conflict to be settled.');
  await add.getByRole('button', { name: 'Post update' }).click();
  await expect(add).toBeHidden();

  await detail(page).getByRole('button', { name: 'Open the Outbox' }).click();
  const conflicts = page.getByRole('region', { name: /Conflicts/ });
  const card = conflicts.getByRole('article', { name: /Edit incident #\d+ “Payments degraded in the EU”/ });
  await expect(card.getByRole('row', { name: /title/ }).getByTestId('conflict-mine')).toHaveText('Payments degraded in the EU');
  await expect(card.getByRole('row', { name: /title/ }).getByTestId('conflict-theirs')).toHaveText('Payments degraded');
  await expect(page.getByRole('region', { name: /Waiting/ })).toContainText('Add an update to incident');
  await page.mouse.move(0, 0);
  await page.screenshot({ path: screenshotPath('outbox.png'), fullPage: true });

  await card.getByRole('button', { name: 'Keep mine' }).click();
  await expect(page.getByRole('heading', { name: 'Nothing waiting' })).toBeVisible();
  const puts = () => sim.writeLog({ pathPrefix: INCIDENTS, method: 'PUT' });
  expect(puts()).toHaveLength(1);
  expect(bodyOf(puts()[0]!).incident).toEqual({ title: 'Payments degraded in the EU' });

  // Second time: take theirs drops the edit; the server's version is what the page shows. Back in the
  // console, the incident that was open is open again.
  await openConsole(page);
  await expect(detail(page).getByRole('heading', { name: 'Payments degraded in the EU' })).toBeVisible();
  await expect(update(page, 'Colleague: the US is affected too.')).toBeVisible();
  await detail(page).getByRole('button', { name: 'Edit incident' }).click();
  edit = page.getByRole('dialog', { name: 'Edit incident' });
  await edit.getByLabel('Title', { exact: true }).fill('Payments degraded (my wording)');
  sim.resolveIncident({ page: 'acme', incidentId: incident.id, message: 'Colleague: all fixed.' });
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(detail(page).getByTestId('outbox-badge').first()).toHaveText('Conflict');
  await openOutbox(page);
  const second = page.getByRole('region', { name: /Conflicts/ }).getByRole('article');
  await expect(second.getByRole('row', { name: /title/ }).getByTestId('conflict-theirs')).toHaveText('Payments degraded in the EU');
  await second.getByRole('button', { name: 'Take theirs' }).click();
  await expect(page.getByRole('heading', { name: 'Nothing waiting' })).toBeVisible();
  expect(puts()).toHaveLength(1);
  await openConsole(page);
  await expect(detail(page).getByRole('heading', { name: 'Payments degraded in the EU' })).toBeVisible();
  await expect(detail(page).locator('.phase-badge')).toHaveText('Resolved');
  await expectAllSent(detail(page));
});

test('information notices: create, add and edit an update, edit the notice, delete it', async ({ page }) => {
  const harness = await start(page);
  await addAccount(harness);
  await openConsole(page);
  await page.getByRole('tab', { name: 'Information notices' }).click();
  await expect(row(page, 'New status page layout')).toBeVisible();

  await page.getByRole('button', { name: 'New notice' }).click();
  const dialog = page.getByRole('dialog', { name: 'New information notice' });
  await dialog.getByLabel('Title', { exact: true }).fill('New support hours');
  await dialog.getByRole('checkbox', { name: 'Web', exact: true }).check();
  await dialog.getByLabel('Message', { exact: true }).fill('Support answers from 7:00 to 22:00 from Monday.');
  await dialog.getByRole('button', { name: 'Create notice' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'New support hours')).toContainText(/#\d+/);
  await row(page, 'New support hours').getByRole('button').click();
  await expect(detail(page)).toContainText('Web, API, Dashboard');

  await detail(page).getByRole('button', { name: 'Add update' }).click();
  const add = page.getByRole('dialog', { name: 'Add update' });
  await expect(add.getByLabel('Update type')).toHaveCount(0);
  await add.getByLabel('Message', { exact: true }).fill('Weekends included.');
  await add.getByRole('button', { name: 'Post update' }).click();
  await expect(update(page, 'Weekends included.')).toBeVisible();
  await expectAllSent(detail(page));
  await update(page, 'Weekends included.').getByRole('button', { name: 'Edit' }).click();
  const editUpdate = page.getByRole('dialog', { name: 'Edit update' });
  await editUpdate.getByLabel('Message', { exact: true }).fill('Weekends included, from 9:00.');
  await editUpdate.getByRole('button', { name: 'Save update' }).click();
  await expect(update(page, 'from 9:00')).toBeVisible();

  await detail(page).getByRole('button', { name: 'Edit notice' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit information notice' });
  await edit.getByLabel('Title', { exact: true }).fill('New support hours from June');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(detail(page).getByRole('heading', { name: 'New support hours from June' })).toBeVisible();
  await expectAllSent(detail(page));

  await detail(page).getByRole('button', { name: 'More actions for this notice' }).click();
  await page.getByRole('menuitem', { name: 'Delete notice…' }).click();
  await confirmIn(page, 'Delete this notice?', 'Delete notice');
  await expect(row(page, 'New support hours')).toHaveCount(0);
  await expect.poll(() => sim.writeLog({ pathPrefix: NOTICES }).length).toBe(5);

  const writes = sim.writeLog({ pathPrefix: NOTICES });
  const id = writes[0]!.resultId;
  expect(writes.map((w) => `${w.method} ${w.path.replace(String(id), 'ID')}`)).toEqual([
    `POST ${NOTICES}`,
    `POST ${NOTICES}/ID/updates`,
    `PUT ${NOTICES}/ID/updates/${writes[1]!.resultId}`,
    `PUT ${NOTICES}/ID`,
    `DELETE ${NOTICES}/ID`,
  ]);
  expect(bodyOf(writes[0]!).info_notice).toMatchObject({ title: 'New support hours', service_ids: [1, 2, 3] });
  expect(bodyOf(writes[1]!).update).toEqual({ description: 'Weekends included.', notify: true });
  expect(await queued(harness)).toHaveLength(0);
});

test.describe('translate into…', () => {
  const KEY = 'sim-e2e-incidents-key-5c1d';
  let translator: TranslationSimulator;

  test.beforeEach(async () => {
    translator = await startTranslationSimulator({ key: KEY });
  });
  test.afterEach(async () => {
    await translator.close();
  });

  test('without a key the editor says so and links to the Translation screen; with one, translations are filled, reviewed and sent', async ({ page }) => {
    const harness = await start(page);
    await harness.core.translation.updateSettings({ baseUrl: translator.baseUrl });
    await addAccount(harness);
    await openConsole(page);

    await page.getByRole('button', { name: 'New incident' }).click();
    let dialog = page.getByRole('dialog', { name: 'New incident' });
    await dialog.getByRole('button', { name: 'Translate into…' }).click();
    await expect(dialog.getByTestId('translate-no-key')).toContainText('No translation key');
    await dialog.getByTestId('translate-no-key').getByRole('button', { name: 'Open the Translation screen' }).click();
    await expect(page.getByRole('heading', { name: 'Translation', level: 1 })).toBeVisible();
    await expect(dialog).toBeHidden();

    await harness.core.translation.setKey(KEY);
    await openConsole(page);
    await page.getByRole('button', { name: 'New incident' }).click();
    dialog = page.getByRole('dialog', { name: 'New incident' });
    const title = 'Login failures for some users';
    const message = 'We are investigating failed logins.';
    await dialog.getByLabel('Title', { exact: true }).fill(title);
    await dialog.getByLabel('Message', { exact: true }).fill(message);
    await dialog.getByRole('button', { name: 'Translate into…' }).click();
    await expect(dialog.getByRole('combobox', { name: 'Translate from' })).toHaveValue('English');
    for (const [typed, name] of [
      ['germ', 'German'],
      ['fren', 'French'],
    ] as const) {
      const add = dialog.getByRole('combobox', { name: 'Add a language' });
      await add.focus();
      await add.pressSequentially(typed);
      await add.press('Enter');
      await expect(dialog.getByRole('list', { name: 'Languages to translate into' })).toContainText(name);
    }
    await dialog.getByRole('button', { name: 'Translate into 2 languages' }).click();
    await expect(dialog.getByLabel('German title')).toHaveValue(pseudoTranslate(title, 'de'));
    await expect(dialog.getByLabel('German update')).toHaveValue(pseudoTranslate(message, 'de'));
    await expect(dialog.getByLabel('French title')).toHaveValue(pseudoTranslate(title, 'fr'));
    // Reviewed and corrected before it is posted.
    await dialog.getByLabel('French update').fill('Nous enquêtons sur des échecs de connexion.');
    await page.mouse.move(0, 0);
    await page.setViewportSize({ width: 1200, height: 1240 });
    await dialog.evaluate((element) => element.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath('incident-editor.png') });
    await page.setViewportSize({ width: 1200, height: 800 });
    await dialog.getByRole('button', { name: 'Create incident' }).click();
    await expect(dialog).toBeHidden();

    await expect.poll(() => sim.writeLog({ pathPrefix: INCIDENTS }).length).toBe(1);
    const incident = bodyOf(sim.writeLog({ pathPrefix: INCIDENTS })[0]!).incident!;
    expect(incident.translations).toEqual({ de: { title: pseudoTranslate(title, 'de') }, fr: { title: pseudoTranslate(title, 'fr') } });
    expect((incident.updates as Array<Record<string, unknown>>)[0]!.translations).toEqual({
      de: { description: pseudoTranslate(message, 'de') },
      fr: { description: 'Nous enquêtons sur des échecs de connexion.' },
    });

    // An update is translated the same way; the editors keep nothing in the Translation panel's history.
    await row(page, title).getByRole('button').click();
    await detail(page).getByRole('button', { name: 'Add update' }).click();
    const add = page.getByRole('dialog', { name: 'Add update' });
    await add.getByLabel('Message', { exact: true }).fill('A fix is being deployed.');
    // The incident's languages (German and French) are offered at once, preselected; this update goes out in Spanish
    // only, and the editor says so before it is posted.
    const chosen = add.getByRole('list', { name: 'Languages to translate into' }).getByRole('listitem');
    await expect(chosen).toHaveText([/German/, /French/]);
    await add.getByRole('button', { name: 'Remove German' }).click();
    await add.getByRole('button', { name: 'Remove French' }).click();
    const picker = add.getByRole('combobox', { name: 'Add a language' });
    await picker.focus();
    await picker.pressSequentially('span');
    await picker.press('Enter');
    await expect(add.getByTestId('missing-languages')).toHaveText('The incident has German and French; this update will be posted in English only.');
    await add.getByRole('button', { name: 'Translate', exact: true }).click();
    await expect(add.getByTestId('missing-languages')).toHaveText('The incident has German and French; this update will be posted without German and French.');
    await expect(add.getByLabel('Spanish update')).toHaveValue(pseudoTranslate('A fix is being deployed.', 'es'));
    await add.getByRole('button', { name: 'Post update' }).click();
    await expect(add).toBeHidden();
    await expect.poll(() => sim.writeLog({ pathPrefix: INCIDENTS }).length).toBe(2);
    expect(bodyOf(sim.writeLog({ pathPrefix: INCIDENTS })[1]!).update).toMatchObject({
      description: 'A fix is being deployed.',
      translations: { es: { description: pseudoTranslate('A fix is being deployed.', 'es') } },
    });
    await expect(harness.core.translation.history()).resolves.toHaveLength(0);
    expect(
      translator
        .stats()
        .translateLog.map((call) => call.lTo)
        .sort(),
    ).toEqual(['de', 'es', 'fr']);
  });
});

test('keyboard only: open the editor, fill it, queue it, and find the incident again', async ({ page }) => {
  const harness = await start(page);
  await addAccount(harness);
  await openConsole(page);
  const opener = page.getByRole('button', { name: 'New incident' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New incident' });
  await expect(dialog.getByLabel('Title', { exact: true })).toBeFocused();
  await page.keyboard.type('Webhooks delayed');

  /** Tabs forward until `target` has the focus (at most 30 steps), as a keyboard user would. */
  async function tabTo(target: Locator) {
    for (let i = 0; i < 30; i++) {
      if (await target.evaluate((element) => element === document.activeElement)) return;
      await page.keyboard.press('Tab');
    }
    await expect(target).toBeFocused();
  }
  await tabTo(dialog.getByLabel('Type', { exact: true }));
  await page.keyboard.press('ArrowUp'); // minor (the default) → major
  await expect(dialog.getByLabel('Type', { exact: true })).toHaveValue('major');
  await tabTo(dialog.getByRole('checkbox', { name: 'Queue', exact: true }));
  await page.keyboard.press('Space');
  await tabTo(dialog.getByLabel('Message', { exact: true }));
  await page.keyboard.type('Deliveries to webhooks are delayed by up to five minutes.');
  await page.keyboard.press('Control+Enter');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await expect(row(page, 'Webhooks delayed')).toContainText(/#\d+/);
  const body = bodyOf(sim.writeLog({ pathPrefix: INCIDENTS })[0]!).incident!;
  expect(body).toMatchObject({ type: 'major', title: 'Webhooks delayed', service_ids: [6] });

  // Rows: Tab reaches the list, arrows move, Enter opens; Back returns focus to the row.
  await list(page).getByRole('listitem').first().getByRole('button').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(row(page, 'Webhooks delayed').getByRole('button')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(detail(page).getByRole('heading', { name: 'Webhooks delayed' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(detail(page).getByRole('button', { name: /All incidents/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(row(page, 'Webhooks delayed').getByRole('button')).toBeFocused();
});

test('a long list is virtualised: a few rows in the DOM, more pages read by cursor as it scrolls', async ({ page }) => {
  for (let i = 1; i <= 130; i++) {
    const incident = sim.openIncident({ page: 'acme', type: i % 3 === 0 ? 'major' : 'minor', title: `Bulk incident ${i}` });
    if (i > 5) sim.resolveIncident({ page: 'acme', incidentId: incident.id });
  }
  const harness = await start(page);
  await addAccount(harness);
  await openConsole(page);
  // 50 first, then 100 a read: the API's maximum.
  await expect(page.getByRole('status').filter({ hasText: 'of 132 incidents' })).toHaveText(/^50 of 132 incidents/);
  const rows = list(page).getByRole('listitem');
  expect(await rows.count()).toBeLessThan(25);
  await list(page).evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(page.getByRole('status').filter({ hasText: 'of 132 incidents' })).toHaveText(/^132 of 132 incidents/);
  await list(page).evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(rows.filter({ hasText: 'Elevated API error rates' })).toBeVisible();
  expect(await rows.count()).toBeLessThan(25);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  // The type filter is the server's (`type` on listIncidents).
  await page.getByLabel('Filter by type').selectOption('major');
  await expect(page.getByRole('status').filter({ hasText: 'incidents' })).toHaveText(/^44 of 44 incidents/);
  const lists = harness.answered.filter((a) => a.channel === 'statuspal.read').length;
  expect(lists).toBeGreaterThanOrEqual(4);
});

test('with no account the console points to Settings; a queued write can be discarded after confirming', async ({ page }) => {
  const harness = await start(page);
  await openConsole(page);
  await expect(page.getByRole('heading', { name: 'No account with an API key' })).toBeVisible();
  await page.getByRole('button', { name: 'Open Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  await addAccount(harness);
  await sim.goOffline({ mode: 'refuse' });
  await openConsole(page);
  await createIncident(page, { title: 'Typo in the title', message: 'Queued by mistake.' });
  await expect(row(page, 'Typo in the title').getByTestId('outbox-badge')).toHaveText('Pending');
  await openOutbox(page);
  const card = page.getByRole('region', { name: /Waiting/ }).getByRole('article', { name: 'Create incident “Typo in the title”' });
  await expect(card).toContainText('Waiting for the server to be reachable');
  await card.getByRole('button', { name: /^More actions for / }).click();
  await page.getByRole('menuitem', { name: 'Discard…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Discard this write?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: /^More actions for / }).click();
  await page.getByRole('menuitem', { name: 'Discard…' }).click();
  await confirmIn(page, 'Discard this write?', 'Discard');
  await expect(page.getByRole('heading', { name: 'Nothing waiting' })).toBeVisible();
  expect((await harness.core.outbox.service()).list()).toHaveLength(0);
  await openConsole(page);
  await expect(page.getByText('Typo in the title')).toHaveCount(0);
  await sim.goOnline();
  expect(sim.writeLog()).toHaveLength(0);
});

test('one incident on two pages: also post to a second page with its services mapped, see each page’s state, resolve both', async ({ page }) => {
  const harness = await start(page);
  await addAccount(harness);
  await harness.core.accounts.add({
    name: 'Acme EU',
    region: 'custom',
    baseUrl: sim.baseUrl,
    subdomain: 'acme-eu',
    organizationId: '1',
    apiKey: sim.keys.demoReadWrite,
  });
  // The EU page's create is answered 503 twice: its member waits (looked up, then sent again) while the first is sent.
  sim.addFault({ method: 'POST', pathPrefix: '/status_pages/acme-eu/incidents', errorRates: { '503': 1 }, times: 2, retryAfterSeconds: 2 });
  await openConsole(page);
  await expect(row(page, 'Elevated API error rates')).toBeVisible();

  await page.getByRole('button', { name: 'New incident' }).click();
  const dialog = page.getByRole('dialog', { name: 'New incident' });
  await dialog.getByLabel('Title', { exact: true }).fill('Checkout failing');
  await dialog.getByLabel('Type', { exact: true }).selectOption('major');
  for (const service of ['API', 'Database']) await dialog.getByRole('checkbox', { name: service, exact: true }).check();
  await dialog.getByLabel('Message', { exact: true }).fill('Payments fail for some customers.');
  const also = dialog.getByTestId('also-post-to');
  await also.getByRole('checkbox', { name: /Acme EU/ }).check();
  // API is EU API by its name (a region word more); Database has no match: the user maps it to EU Data.
  await expect(also.getByLabel('API on acme-eu')).toHaveValue('8');
  await expect(also.getByLabel('Database on acme-eu')).toHaveValue('');
  await also.getByLabel('Database on acme-eu').selectOption({ label: 'EU Data' });
  await expect(also.getByRole('row', { name: /API/ }).first()).toContainText('Performance (minor incident)');
  await also.scrollIntoViewIfNeeded();
  await dialog.screenshot({ path: screenshotPath('linked-incident-editor.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await dialog.screenshot({ path: screenshotPath('linked-incident-editor-dark.png') });
  await expectAccessible(page, 'Also post to… (dark)');
  await page.emulateMedia({ colorScheme: 'light' });
  // The EU page's first create is refused by the outbox (as a full disk answers): the editor names it; Try again sends there only.
  const enqueue = harness.core.outbox.enqueue.bind(harness.core.outbox);
  let refuse = true;
  harness.core.outbox.enqueue = async (request) => {
    if (refuse && request.operation === 'createIncident' && request.input.subdomain === 'acme-eu') {
      refuse = false;
      throw new AppError('storage', 'The outbox could not be saved: no space left on the disk');
    }
    return enqueue(request);
  };
  await dialog.getByRole('button', { name: 'Create on 2 pages' }).click();
  await expect(dialog.getByTestId('linked-post-failed')).toContainText('Acme EU (acme-eu): The outbox could not be saved: no space left on the disk');
  await expect(dialog.getByRole('button', { name: 'Create on the page missing' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Try again for Acme EU (acme-eu)' }).click();
  await expect(dialog).toBeHidden();

  await row(page, 'Checkout failing').getByRole('button').click();
  const linked = detail(page).getByTestId('linked-pages');
  await expect(linked.getByTestId('linked-member')).toHaveCount(2);
  await expect(linked.getByTestId('linked-member').first()).toContainText('shown here');
  await expect(linked.getByTestId('linked-state')).toHaveText(['Sent', 'Waiting']);
  await page.mouse.move(0, 0);
  await detail(page).screenshot({ path: screenshotPath('linked-incident-group.png') });
  await expectAccessible(page, 'Linked pages');
  await page.emulateMedia({ colorScheme: 'dark' });
  await detail(page).screenshot({ path: screenshotPath('linked-incident-group-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(linked.getByTestId('linked-state')).toHaveText(['Sent', 'Sent'], { timeout: 30_000 });

  await detail(page).getByRole('button', { name: 'Resolve…' }).click();
  const resolve = page.getByRole('dialog', { name: 'Resolve incident' });
  await expect(resolve.getByRole('checkbox', { name: /Post to all 2 linked pages/ })).toBeChecked();
  await resolve.getByLabel('Resolution message').fill('Payments work again.');
  await resolve.getByRole('button', { name: 'Resolve incident' }).click();
  await expect(detail(page).locator('.phase-badge')).toHaveText('Resolved');
  await expect(linked.getByTestId('linked-state')).toHaveText(['Sent', 'Sent']);

  await linked.getByRole('button', { name: 'Open on acme-eu' }).click();
  await expect(detail(page).getByRole('heading', { name: 'Checkout failing' })).toBeVisible();
  await expect(detail(page)).toContainText('EU API, EU Data');
  await expect(detail(page).locator('.phase-badge')).toHaveText('Resolved');
  await expect(detail(page).getByTestId('linked-member').first()).toContainText('Acme EU (acme-eu)');
  await detail(page)
    .getByRole('button', { name: /All incidents/ })
    .click();
  await expect(row(page, 'Checkout failing').getByTestId('linked-badge')).toHaveText('Linked · 2 pages');

  // One write a page: the two pages' writes are independent, so the outbox may send them side by side.
  const byPage = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));
  const creates = sim.writeLog({ op: 'incidents.create' });
  expect(creates.map((w) => [w.path.split('/')[4], bodyOf(w).incident?.service_ids]).sort(byPage)).toEqual([
    ['acme', [2, 5]],
    ['acme-eu', [8, 9]],
  ]);
  const resolves = sim.writeLog({ method: 'POST' }).filter((w) => w.path.endsWith('/updates'));
  expect(resolves.map((w) => [w.path.split('/')[4], bodyOf(w).update?.type]).sort(byPage)).toEqual([
    ['acme', 'resolved'],
    ['acme-eu', 'resolved'],
  ]);
  expect(await queued(harness)).toHaveLength(0);
});

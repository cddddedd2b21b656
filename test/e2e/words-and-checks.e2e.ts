import { expect, test, type Locator, type Page } from '@playwright/test';
import { startProviderSimulator, type ProviderSimulator } from '../../simulators/provider';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../simulators/statuspal';
import { deadServiceUrl } from './support/dead-address';
import { startHarness, type Harness } from './support/harness';
import { goTo } from './support/navigation';
import { screenshotPath } from './support/screenshots';

/*
 * A failed check on a dashboard card, a failed write on the Outbox screen and
 * a provider's levels are people's words, never an operation id, a method and path, or a raw value. And
 * Watch a page and Save account try once, refuse what the server says cannot work with the reason, and offer
 * Save anyway only when the server could not be asked.
 */

let sim: StatusPageSimulator;
let providers: ProviderSimulator;
let app: Harness | null = null;

test.beforeEach(async () => {
  sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
  providers = await startProviderSimulator();
});

test.afterEach(async () => {
  await app?.close();
  app = null;
  await providers.close();
  await sim.close();
});

const DEVELOPER_TEXT =
  /\b(?:GET|POST|PUT|DELETE) \/|\{[A-Za-z]+\}|getPageSummary|addIncidentUpdate|createIncident|partial_outage|degraded_performance|not_found/;

async function expectPeopleWords(locator: Locator): Promise<void> {
  expect(await locator.innerText()).not.toMatch(DEVELOPER_TEXT);
}

/** The screen as it is, in light and in dark. */
async function screenshots(page: Page, name: string, fullPage = false): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: screenshotPath(`${name}-light.png`), fullPage });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: screenshotPath(`${name}-dark.png`), fullPage });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a card, a failed write and a provider’s levels speak people’s words', async ({ page }) => {
  app = await startHarness(page);
  const account = await app.core.accounts.add({
    name: 'Acme production',
    region: 'custom',
    baseUrl: sim.baseUrl,
    subdomain: 'acme',
    organizationId: '1',
    apiKey: sim.keys.demoReadWrite,
  });
  // A page that is not on the server (added behind the form's back, as an older version could).
  await app.core.monitor.addPage({ name: 'Status of Initech', region: 'custom', baseUrl: sim.baseUrl, subdomain: 'initech' });
  await app.core.monitor.addPage({ region: 'custom', url: providers.pageUrl('nimbus-cloud') });
  providers.openIncident({
    page: 'nimbus-cloud',
    name: 'Object storage errors',
    impact: 'major',
    components: [{ name: 'Object storage', status: 'partial_outage' }],
    body: 'Some uploads fail.',
  });
  // An update to an incident the server does not have, queued and refused (404).
  const outbox = await app.core.outbox.service();
  await outbox.enqueue({
    accountId: account.id,
    operation: 'addIncidentUpdate',
    input: { subdomain: 'acme', incidentId: 987654, update: { type: 'update', description: 'Still looking' } },
  });
  await app.core.monitor.pollNow();
  await expect.poll(() => outbox.list().map((e) => e.state)).toEqual(['failed']);
  await page.reload();

  const missing = page.getByRole('article', { name: 'Page Status of Initech' });
  await expect(missing.getByTestId('check-failure')).toHaveText(
    `Could not check Status of Initech: there is no status page "initech" on ${sim.baseUrl} (404). Check the subdomain, the first part of the page's address (acme for acme.statuspal.io), and the region.`,
  );
  await expectPeopleWords(missing);

  const provider = page.getByRole('article', { name: 'Page Nimbus Cloud' });
  // Two pages: the cards open by themselves.
  await expect(provider.getByText('Partial outage').first()).toBeVisible();
  await expectPeopleWords(provider);
  await screenshots(page, 'words-dashboard', true);

  await goTo(page, /Outbox/, 'Outbox');
  const entry = page.getByTestId('outbox-entry');
  await expect(entry.getByTestId('entry-error')).toHaveText('Not sent: Incident #987654 is not on the server (404). Discard this change.');
  await expectPeopleWords(entry);
  await screenshots(page, 'words-outbox', true);
});

async function openWatchForm(page: Page) {
  await page.getByRole('button', { name: 'Watch a page' }).first().click();
  return page.getByRole('form', { name: 'Watch a page' });
}

test('Watch a page refuses a page or an address that does not exist, and saves anyway only when the server cannot be asked', async ({ page }) => {
  app = await startHarness(page);
  const form = await openWatchForm(page);
  await form.getByLabel('Through').selectOption('public');
  await form.getByLabel('Custom base URL').check();
  await form.getByLabel('Base URL', { exact: true }).fill(sim.baseUrl);
  await form.getByLabel('Page subdomain').fill('initech');
  await form.getByRole('button', { name: 'Watch page' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    `Could not find the page "initech": there is no status page "initech" on ${sim.baseUrl} (404). Check the subdomain, the first part of the page's address (acme for acme.statuspal.io), and the region.`,
  );
  await expect(form.getByRole('button', { name: 'Save anyway' })).toHaveCount(0);
  expect(app.core.monitor.pages()).toHaveLength(0);
  await screenshots(page, 'watch-refused');

  // A provider's address with no status page behind it.
  await form.getByLabel('Through').selectOption('url');
  await form.getByLabel('Page address').fill(`${providers.origin}/pages/no-such-provider`);
  await form.getByRole('button', { name: 'Watch page' }).click();
  await expect(form.getByRole('alert')).toContainText(`${providers.origin}/pages/no-such-provider has no status page`);
  expect(app.core.monitor.pages()).toHaveLength(0);

  // A server that cannot be reached: the reason, and Save anyway.
  await form.getByLabel('Through').selectOption('public');
  await form.getByLabel('Custom base URL').check();
  await form.getByLabel('Base URL', { exact: true }).fill(`${await deadServiceUrl()}/api/v2`);
  await form.getByLabel('Page subdomain').fill('acme');
  await form.getByRole('button', { name: 'Watch page' }).click();
  const couldNot = form.getByTestId('could-not-check');
  await expect(couldNot).toContainText('Could not find the page "acme": the connection was refused');
  expect(app.core.monitor.pages()).toHaveLength(0);
  await screenshots(page, 'watch-save-anyway');
  await couldNot.getByRole('button', { name: 'Save anyway' }).click();
  await expect(form).toBeHidden();
  expect(app.core.monitor.pages().map((p) => p.subdomain)).toEqual(['acme']);

  // A page that exists is watched at once.
  const again = await openWatchForm(page);
  await again.getByLabel('Through').selectOption('public');
  await again.getByLabel('Custom base URL').check();
  await again.getByLabel('Base URL', { exact: true }).fill(sim.baseUrl);
  await again.getByLabel('Page subdomain').fill('acme');
  await again.getByRole('button', { name: 'Watch page' }).click();
  await expect(again).toBeHidden();
  expect(app.core.monitor.pages()).toHaveLength(2);
});

test('Save account refuses a key the server refuses, and saves anyway only when the server cannot be asked', async ({ page }) => {
  app = await startHarness(page);
  await goTo(page, 'Settings', 'Settings');
  await page.getByRole('button', { name: 'Add account' }).first().click();
  const form = page.getByRole('form', { name: 'Add account' });
  await form.getByLabel('Name').fill('Acme production');
  await form.getByLabel('Custom base URL').check();
  await form.getByLabel('Base URL', { exact: true }).fill(sim.baseUrl);
  await form.getByLabel('Page subdomain').fill('acme');
  await form.getByLabel(/API key/).fill('not-the-key-of-acme');
  await form.getByRole('button', { name: 'Save account' }).click();
  await expect(form.getByRole('alert')).toContainText('The server rejected the API key (401)');
  await expect(form.getByRole('button', { name: 'Save anyway' })).toHaveCount(0);
  expect(app.core.accounts.records()).toHaveLength(0);
  await screenshots(page, 'account-key-refused');

  // Offline: the reason, and Save anyway.
  await form.getByLabel('Base URL', { exact: true }).fill(`${await deadServiceUrl()}/api/v2`);
  await form.getByLabel(/API key/).fill(sim.keys.demoReadOnly);
  await form.getByRole('button', { name: 'Save account' }).click();
  const couldNot = form.getByTestId('could-not-check');
  await expect(couldNot).toContainText('The server cannot be reached');
  expect(app.core.accounts.records()).toHaveLength(0);
  await couldNot.getByRole('button', { name: 'Save anyway' }).click();
  const card = page.getByRole('article', { name: 'Account Acme production' });
  await expect(card).toBeVisible();

  // Pointed at the server, a read-only key passes Test connection, which says that it only read.
  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('form', { name: 'Edit account' });
  await edit.getByLabel('Base URL', { exact: true }).fill(sim.baseUrl);
  await edit.getByLabel(/API key/).fill(sim.keys.demoReadOnly);
  await edit.getByRole('button', { name: 'Save account' }).click();
  await expect(edit).toBeHidden();
  await card.getByRole('button', { name: 'Test connection' }).click();
  const result = card.getByTestId('connection-result');
  await expect(result).toContainText('Read the services of "acme" with the key');
  await expect(result).toContainText('Test connection only reads: a read-only key passes it too');
  await expectPeopleWords(result);
  await screenshots(page, 'account-test-connection');
});

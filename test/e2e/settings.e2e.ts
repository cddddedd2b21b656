import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { makeTempDir } from '../support/temp-dir';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../simulators/statuspal';
import { KeyVault, secretNames } from '../../electron/core/vault/key-vault';
import { SessionSecretStore } from '../../electron/core/vault/secret-store';
import { startHarness, type Harness } from './support/harness';
import { screenshotPath } from './support/screenshots';

let sim: StatusPageSimulator;
let app: Harness;

test.beforeEach(async ({ page }) => {
  sim = await startStatusPageSimulator({ seed: 'demo' });
  app = await startHarness(page);
  await page.getByRole('button', { name: 'Settings' }).click();
});

test.afterEach(async () => {
  await app.close();
  await sim.close();
});

async function addAccount(harness: Harness, apiKey: string) {
  const { page } = harness;
  await page.getByRole('button', { name: 'Add account' }).click();
  const form = page.getByRole('form', { name: 'Add account' });
  await form.getByLabel('Name').fill('Acme production');
  await form.getByLabel('Custom base URL').check();
  await form.getByLabel('Base URL', { exact: true }).fill(sim.baseUrl);
  await form.getByLabel('Page subdomain').fill('acme');
  await form.getByLabel('Organization id').fill('1');
  await form.getByLabel(/API key/).fill(apiKey);
  await form.getByRole('button', { name: 'Save account' }).click();
  await expect(page.getByRole('article', { name: 'Account Acme production' })).toBeVisible();
}

test('add an account, test the connection, see success', async () => {
  const { page } = app;
  await expect(page.getByRole('heading', { name: 'No accounts yet' })).toBeVisible();
  await page.screenshot({ path: screenshotPath('settings-empty.png') });

  await addAccount(app, sim.keys.demoReadWrite);
  const card = page.getByRole('article', { name: 'Account Acme production' });
  await expect(card.getByTestId('key-state')).toHaveText(`Key …${sim.keys.demoReadWrite.slice(-4)} in keychain`);

  await card.getByRole('button', { name: 'Test connection' }).click();
  await expect(card.getByTestId('connection-result')).toContainText('Connected');
  // What it checked, in words: a read with the key, which a read-only key passes too.
  await expect(card.getByTestId('connection-result')).toContainText('Read the services of "acme" with the key');
  await expect(card.getByTestId('connection-result')).toContainText('a read-only key passes it too');
  await expect(card.getByTestId('connection-result')).not.toContainText('GET /');
  await page.screenshot({ path: screenshotPath('settings.png') });

  // The key is in the real keychain, and nothing the renderer received holds it.
  const [account] = app.core.accounts.records();
  await expect(app.keychain.get(secretNames.statusPageKey(account!.id))).resolves.toBe(sim.keys.demoReadWrite);
  expect(JSON.stringify(app.answered)).not.toContain(sim.keys.demoReadWrite);
  expect(JSON.stringify(app.pushed)).not.toContain(sim.keys.demoReadWrite);

  // Its page went on the dashboard with it, read with the account.
  expect(app.core.monitor.pages()).toEqual([expect.objectContaining({ subdomain: 'acme', accountId: account!.id })]);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Dashboard' }).click();
  await expect(page.getByRole('article', { name: 'Page Acme' }).locator('.level-badge').first()).toHaveText(/Operational/);
});

test('a wrong key shows the exact reason, and the account is not saved with it', async () => {
  const { page } = app;
  await page.getByRole('button', { name: 'Add account' }).click();
  const form = page.getByRole('form', { name: 'Add account' });
  await form.getByLabel('Name').fill('Acme production');
  await form.getByLabel('Custom base URL').check();
  await form.getByLabel('Base URL', { exact: true }).fill(sim.baseUrl);
  await form.getByLabel('Page subdomain').fill('acme');
  await form.getByLabel(/API key/).fill('definitely-not-a-valid-key');
  await form.getByRole('button', { name: 'Save account' }).click();
  await expect(form.getByRole('alert')).toContainText('rejected the API key (401)');
  await expect(form.getByRole('button', { name: 'Save anyway' })).toHaveCount(0);
  expect(app.core.accounts.records()).toHaveLength(0);
  await page.screenshot({ path: screenshotPath('settings-wrong-key.png') });
});

test('an unreachable server and an unknown page are told apart', async () => {
  const { page } = app;
  await addAccount(app, sim.keys.demoReadWrite);
  const card = page.getByRole('article', { name: 'Account Acme production' });
  await card.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: 'Edit account' });
  await form.getByLabel('Page subdomain').fill('no-such-page');
  await form.getByRole('button', { name: 'Save account' }).click();
  // Saving checks first: a page the server does not have is refused, and the account keeps its page.
  await expect(form.getByRole('alert')).toContainText('no status page "no-such-page"');
  await form.getByRole('button', { name: 'Cancel' }).click();
  expect(app.core.accounts.records()[0]!.subdomain).toBe('acme');

  await sim.close();
  await card.getByRole('button', { name: 'Test connection' }).click();
  await expect(card.getByTestId('connection-result')).toContainText('cannot be reached');
  sim = await startStatusPageSimulator({ seed: 'empty' });
});

test('validation errors appear before anything is saved', async () => {
  const { page } = app;
  await page.getByRole('button', { name: 'Add account' }).click();
  const form = page.getByRole('form', { name: 'Add account' });
  await form.getByLabel('Custom base URL').check();
  await form.getByLabel('Base URL', { exact: true }).fill('ftp://example.com');
  await form.getByLabel('Page subdomain').fill('bad subdomain!');
  await form.getByRole('button', { name: 'Save account' }).click();
  await expect(form.getByText('Give the account a name.')).toBeVisible();
  // An address that receives the key: https, or plain http on this computer only.
  await expect(form.getByText(/full https address/)).toBeVisible();
  await expect(form.getByText(/only letters, digits/)).toBeVisible();
  expect(app.core.accounts.records()).toHaveLength(0);
});

test('removing an account deletes its key from the keychain', async () => {
  const { page } = app;
  await addAccount(app, sim.keys.demoReadWrite);
  const [account] = app.core.accounts.records();
  const keyName = secretNames.statusPageKey(account!.id);
  await expect(app.keychain.get(keyName)).resolves.not.toBeNull();

  const card = page.getByRole('article', { name: 'Account Acme production' });
  // Remove sits in the ⋯ menu, not beside Test connection and Edit, and asks first with Keep focused.
  await expect(card.getByRole('button', { name: 'Remove' })).toHaveCount(0);
  await card.getByRole('button', { name: 'More actions for Acme production' }).click();
  await card.getByRole('menuitem', { name: 'Remove account…' }).click();
  await expect(card.getByRole('button', { name: 'Keep' })).toBeFocused();
  await card.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('heading', { name: 'No accounts yet' })).toBeVisible();
  await expect(app.keychain.get(keyName)).resolves.toBeNull();
  expect(app.core.accounts.records()).toHaveLength(0);
});

test('IPC from the page is validated: a malformed payload gets a typed error and changes nothing', async () => {
  const { page } = app;
  const result = await page.evaluate(() => (window as unknown as { api: { accounts: { add(x: unknown): Promise<unknown> } } }).api.accounts.add({ name: 42 }));
  expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  expect(app.core.accounts.records()).toHaveLength(0);
});

test('a corrupt settings file is moved aside, reported in the window, and the app still works', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const temp = makeTempDir('statusdesk-e2e-corrupt-');
  fs.writeFileSync(path.join(temp.dir, 'settings.json'), '{"schemaVersion":1,"accounts":[{"id":');
  const broken = await startHarness(page, { dataDir: temp.dir });
  try {
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'settings file could not be read' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No accounts yet' })).toBeVisible();
    expect(fs.readdirSync(temp.dir).some((f) => f.startsWith('settings.corrupt-'))).toBe(true);
    await page.getByRole('alert').filter({ hasText: 'settings file' }).getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'settings file' })).toHaveCount(0);
  } finally {
    await broken.close();
    await context.close();
    temp.remove();
  }
});

test('without a keychain the app says so and keeps a key for this session only', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  // The OS keychain cannot be taken away from this process, so its absence is stood in by a store that says so.
  const noKeychain = Object.assign(new SessionSecretStore(), {
    probe: async () => ({ available: false, backend: 'Secret Service', reason: 'no Secret Service on the session bus' }),
  });
  const harness = await startHarness(page, { vault: new KeyVault(noKeychain) });
  try {
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'No OS keychain is available' })).toContainText('session only');
    await page.getByRole('button', { name: 'Add account' }).click();
    const form = page.getByRole('form', { name: 'Add account' });
    await form.getByLabel('Name').fill('Session account');
    // The simulator's page: saving checks the key with the server first.
    await form.getByLabel('Custom base URL').check();
    await form.getByLabel('Base URL', { exact: true }).fill(sim.baseUrl);
    await form.getByLabel('Page subdomain').fill('acme');
    await form.getByLabel(/API key/).fill(sim.keys.demoReadWrite);
    await form.getByRole('button', { name: 'Save account' }).click();
    await expect(form.getByRole('alert')).toContainText('No OS keychain is available');
    await form.getByLabel(/Keep the key for this session only/).check();
    await form.getByRole('button', { name: 'Save account' }).click();
    const card = page.getByRole('article', { name: 'Account Session account' });
    await expect(card.getByTestId('key-state')).toHaveText(`Key …${sim.keys.demoReadWrite.slice(-4)} for this session only`);
    const files = (fs.readdirSync(harness.dataDir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
      .filter((entry) => entry.isFile())
      .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
    expect(files.length).toBeGreaterThan(0);
    expect(files.join('\n')).not.toContain(sim.keys.demoReadWrite);
  } finally {
    await harness.close();
    await context.close();
  }
});

test('desktop preferences: start at login and keep running in the tray', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const loginItem: boolean[] = [];
  const harness = await startHarness(page, { ports: { setLoginItem: (enabled) => loginItem.push(enabled) } });
  try {
    await page.getByRole('button', { name: 'Settings' }).click();
    const section = page.getByRole('region', { name: 'Desktop' });
    await section.getByLabel('Start Statusdesk when I log in').check();
    await expect.poll(() => loginItem).toEqual([true]);
    expect(harness.core.desktop.prefs().startAtLogin).toBe(true);
    await section.getByLabel('Keep running in the tray when the window is closed').uncheck();
    await expect.poll(() => harness.core.desktop.prefs().closeToTray).toBe(false);
    await section.getByLabel('Start Statusdesk when I log in').uncheck();
    await expect.poll(() => loginItem).toEqual([true, false]);
  } finally {
    await harness.close();
    await context.close();
  }
});

import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { OPERATIONS_HISTORY_FILE } from '../../electron/core/operations/operations-history';
import { startOperationsSimulator, type OperationsSimulator } from '../../simulators/operations';
import { secretNames } from '../../electron/core/vault/key-vault';
import { operationsHistoryFileSchema } from '../../shared/operations/history';
import { fakeBrowser } from '../integration/operations/support/browser';
import { switchableService } from '../integration/operations/support/switchable-service';
import { makeTempDir } from '../support/temp-dir';
import { startHarness, type Harness } from './support/harness';
import { screenshotPath } from './support/screenshots';

const op = (id: string) => `projects/demo-project/locations/europe-west1/operations/${id}`;

let sim: OperationsSimulator;
let app: Harness;
/** Run after the harness is closed (folders a test made itself). */
const cleanups: Array<() => void> = [];

test.beforeEach(async () => {
  sim = await startOperationsSimulator({ operations: [op('alpha'), op('beta'), op('gamma')] });
});

test.afterEach(async () => {
  await app.keychain.delete(secretNames.googleRefreshToken());
  await app.close();
  await sim.close();
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** Nothing the main process answered or pushed may hold a token or code the fake OAuth server issued. */
function expectNoSecretsSent(harness: Harness) {
  const sent = JSON.stringify(harness.answered) + JSON.stringify(harness.pushed);
  for (const secret of sim.issuedSecrets()) expect(sent).not.toContain(secret);
}

async function openPanel(page: Page) {
  await page.getByRole('button', { name: 'Operations' }).click();
  await expect(page.getByRole('heading', { name: 'Operations', level: 1 })).toBeVisible();
}

async function configureService(page: Page, withOAuth: boolean, address = sim.baseUrl) {
  await page.getByRole('button', { name: 'Edit settings' }).click();
  const form = page.getByRole('form', { name: 'Operations service settings' });
  await form.getByLabel('Service address').fill(address);
  if (withOAuth) {
    await form.getByLabel('Google OAuth client id').fill(sim.oauth.clientId);
    await form.getByLabel(/Client secret/).fill(sim.oauth.clientSecret!);
    await form.getByText('OAuth endpoints').click();
    await form.getByLabel('Authorization endpoint').fill(sim.oauth.authUrl);
    await form.getByLabel('Token endpoint').fill(sim.oauth.tokenUrl);
    await form.getByLabel('Revoke endpoint').fill(sim.oauth.revokeUrl);
  }
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await expect(page.getByTestId('ops-base-url')).toHaveText(address);
}

test('sign in with Google, forget several names, see a result per name and the history, sign out', async ({ page }) => {
  const browser = fakeBrowser();
  app = await startHarness(page, { ports: { openExternal: browser.openExternal } });
  await openPanel(page);

  // Designed empty state: no access, nothing in the history, the forget button waits for access.
  await expect(page.getByTestId('ops-active-source')).toHaveText(/No access yet/);
  await expect(page.getByTestId('ops-history-empty')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeDisabled();
  // The guide points where the Service section is: above it.
  const guide = page.getByTestId('ops-setup-guide');
  await expect(guide).toContainText('Paste both under Service above');
  const serviceTop = (await page.getByRole('heading', { name: 'Service', exact: true }).boundingBox())!.y;
  expect(serviceTop).toBeLessThan((await guide.boundingBox())!.y);
  await page.screenshot({ path: screenshotPath('operations-empty.png'), fullPage: true });

  await configureService(page, true);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page.getByTestId('ops-active-source')).toHaveText(/Signed in with Google/);
  await expect(page.getByTestId('ops-auth-message')).toHaveCount(0); // said once, by the line above
  expect(sim.requests('token')).toMatchObject([{ grantType: 'authorization_code', pkce: 'verified', status: 200 }]);
  // The refresh token is in the real keychain, and it is one the fake server issued.
  const refreshToken = await app.keychain.get(secretNames.googleRefreshToken());
  expect(refreshToken).not.toBeNull();
  expect(sim.tokenStatus(refreshToken!)).toBe('active');

  const names = page.getByLabel('Operation names, one per line');
  await names.fill([op('alpha'), 'projects/demo-project/operations/missing-location', '', op('beta'), op('never-existed')].join('\n'));
  await expect(page.getByTestId('ops-line-problems')).toHaveText(
    /Line 2: an operation name has the form projects\/<project>\/locations\/<location>\/operations\/<operation>/,
  );
  await page.getByRole('button', { name: 'Forget 3 operations' }).click();

  const rows = page.getByTestId('ops-result');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText('Forgotten');
  await expect(rows.nth(0)).toContainText(op('alpha'));
  await expect(rows.nth(1)).toContainText('Not sent');
  await expect(rows.nth(1)).toContainText('Line 2 is not an operation name');
  await expect(rows.nth(2)).toContainText('Forgotten');
  await expect(rows.nth(3)).toContainText('Not found');
  await expect(rows.nth(3)).toContainText(`No such operation: ${op('never-existed')}`);
  await expect(page.getByTestId('ops-results-summary')).toHaveText('2 forgotten, 1 failed, 1 not sent');

  // Nothing was sent for the malformed line; the others went out with the signed-in token.
  expect(
    sim
      .requests('delete')
      .map((r) => r.name)
      .sort(),
  ).toEqual([op('alpha'), op('beta'), op('never-existed')].sort());
  expect(sim.requests('delete').every((r) => r.auth === 'active')).toBe(true);
  expect(sim.operations()).toEqual([op('gamma')]);

  await expect(page.getByTestId('ops-history-row')).toHaveCount(3);
  await page.screenshot({ path: screenshotPath('operations.png'), fullPage: true });

  // The history is a file in the data folder, and the panel shows it again after a reload.
  const file = operationsHistoryFileSchema.parse(JSON.parse(fs.readFileSync(path.join(app.dataDir, OPERATIONS_HISTORY_FILE), 'utf8')));
  expect(file.entries.map((e) => [e.name, e.outcome, e.source]).sort()).toEqual(
    [
      [op('alpha'), 'forgotten', 'google-sign-in'],
      [op('beta'), 'forgotten', 'google-sign-in'],
      [op('never-existed'), 'failed', 'google-sign-in'],
    ].sort(),
  );
  await page.reload();
  await openPanel(page);
  await expect(page.getByTestId('ops-history-row')).toHaveCount(3);
  await expect(page.getByTestId('ops-active-source')).toHaveText(/Signed in with Google/);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('ops-auth-message')).toHaveText(/Signed out: Google access was revoked/);
  await expect(page.getByTestId('ops-active-source')).toHaveText(/No access yet/);
  await expect(app.keychain.get(secretNames.googleRefreshToken())).resolves.toBeNull();
  expect(sim.tokenStatus(refreshToken!)).toBe('revoked');
  expectNoSecretsSent(app);
});

test('a server without the delete method: every name says so (pasted token, keyboard only)', async ({ page }) => {
  sim.setMode('unimplemented');
  app = await startHarness(page);
  await openPanel(page);
  await configureService(page, false);

  const token = sim.issueAccessToken();
  await page.getByLabel(/For this session only/).fill(token);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('ops-active-source')).toHaveText(/A pasted token, for this session only/);

  const names = page.getByLabel('Operation names, one per line');
  await names.focus();
  await page.keyboard.type(`${op('alpha')}\n${op('beta')}`);
  await page.keyboard.press('Control+Enter');

  const rows = page.getByTestId('ops-result');
  await expect(rows).toHaveCount(2);
  for (const index of [0, 1]) {
    await expect(rows.nth(index)).toContainText('Not supported by this server');
    await expect(rows.nth(index)).toContainText('This server does not support deleting (forgetting) long-running operations (UNIMPLEMENTED');
  }
  await expect(page.getByTestId('ops-results-summary')).toHaveText('2 failed');
  await page.screenshot({ path: screenshotPath('operations-unimplemented.png'), fullPage: true });
  expect(sim.operations()).toContain(op('alpha'));
  expect(JSON.stringify(app.answered) + JSON.stringify(app.pushed)).not.toContain(token);
});

test('without access nothing can be sent, and a line that is not a name is flagged before sending', async ({ page }) => {
  app = await startHarness(page);
  await openPanel(page);
  await page.getByLabel('Operation names, one per line').fill(`${op('alpha')}\nnot a name`);
  await expect(page.getByRole('button', { name: 'Forget 1 operation' })).toBeDisabled();
  await expect(page.getByText('Choose how to get access above first.')).toBeVisible();
  await expect(page.getByTestId('ops-line-problems')).toHaveText(/Line 2: an operation name has the form/);
  expect(app.answered.some((a) => a.channel === 'operations.forget')).toBe(false);

  // A service address the app refuses is explained, and nothing is saved.
  await page.getByRole('button', { name: 'Edit settings' }).click();
  const form = page.getByRole('form', { name: 'Operations service settings' });
  await form.getByLabel('Service address').fill('http://example.com');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(form.getByRole('alert')).toHaveText(/The service address must use https/);
  expect(app.core.settings.get().operations?.baseUrl).toBeUndefined();
});

test('a corrupt history file is moved aside and reported', async ({ page }) => {
  const temp = makeTempDir('statusdesk-e2e-ops-');
  cleanups.push(temp.remove);
  fs.writeFileSync(path.join(temp.dir, OPERATIONS_HISTORY_FILE), '{"version": 1, "entries": [');
  app = await startHarness(page, { dataDir: temp.dir });
  await expect(page.getByRole('alert').filter({ hasText: 'The operations history could not be read' })).toBeVisible();
  await openPanel(page);
  await expect(page.getByTestId('ops-history-empty')).toBeVisible();
  expect(fs.readdirSync(temp.dir).some((name) => /^operations-history\.corrupt-.*\.json$/.test(name))).toBe(true);
});

test('while the service cannot be reached the names wait in the outbox, and are forgotten once it is back', async ({ page }) => {
  // The simulator behind a relay that can stop listening: a real refused connection on the configured address.
  const service = await switchableService(sim.baseUrl);
  cleanups.push(() => void service.close());
  app = await startHarness(page);
  await openPanel(page);
  await configureService(page, false, service.baseUrl);
  await page.getByLabel(/For this session only/).fill(sim.issueAccessToken());
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('ops-active-source')).toHaveText(/A pasted token, for this session only/);

  await service.down();
  await page.getByLabel('Operation names, one per line').fill(`${op('alpha')}\n${op('beta')}`);
  await page.getByRole('button', { name: 'Forget 2 operations' }).click();

  const rows = page.getByTestId('ops-result');
  await expect(rows).toHaveCount(2);
  for (const index of [0, 1]) {
    await expect(rows.nth(index)).toContainText('Queued in the outbox');
    await expect(rows.nth(index)).toContainText('Queued: will be sent when the service is reachable.');
  }
  await expect(page.getByTestId('ops-results-summary')).toHaveText('2 queued');
  await expect(page.getByTestId('ops-outbox-waiting')).toContainText('2 waiting in the outbox');
  // Not sent yet, so not history yet.
  await expect(page.getByTestId('ops-history-empty')).toBeVisible();
  expect(sim.requests('delete')).toEqual([]);
  await page.screenshot({ path: screenshotPath('operations-queued.png'), fullPage: true });

  // Back: the outbox's probe notices on its own and sends; the rows and the history follow.
  await service.up();
  await expect(rows.nth(0)).toContainText('Forgotten');
  await expect(rows.nth(1)).toContainText('Forgotten');
  await expect(page.getByTestId('ops-results-summary')).toHaveText('2 forgotten');
  await expect(page.getByTestId('ops-outbox-waiting')).toBeHidden();
  await expect(page.getByTestId('ops-history-row')).toHaveCount(2);
  expect(
    sim
      .requests('delete')
      .map((r) => [r.name, r.status])
      .sort(),
  ).toEqual([
    [op('alpha'), 200],
    [op('beta'), 200],
  ]);
  expect(sim.operations()).toEqual([op('gamma')]);
});

test("with no access yet, the screen walks through the setup and offers gcloud's credentials first when found", async ({ page }) => {
  const home = makeTempDir('statusdesk-e2e-adc-');
  cleanups.push(() => home.remove());
  const file = path.join(home.dir, 'application_default_credentials.json');
  fs.writeFileSync(
    file,
    JSON.stringify({ type: 'authorized_user', client_id: sim.oauth.clientId, client_secret: sim.oauth.clientSecret, refresh_token: sim.issueRefreshToken() }),
  );
  const before = process.env.GOOGLE_APPLICATION_CREDENTIALS;
  // The app core runs in this process and looks for ADC where Google's library does.
  process.env.GOOGLE_APPLICATION_CREDENTIALS = file;
  try {
    app = await startHarness(page);
    await openPanel(page);
    const guide = page.getByRole('region', { name: 'Set up access' });
    await expect(guide).toContainText("gcloud's credentials were found");
    await expect(guide).toContainText(file);
    // The step-by-step setup is there, folded while gcloud's credentials are offered.
    await guide.getByText('Set up “Sign in with Google”').click();
    await expect(guide.getByRole('listitem')).toHaveCount(5);
    await expect(guide).toContainText('test user');
    await expect(guide).toContainText('Desktop app');
    await expect(guide).toContainText('7 days');
    await guide.getByRole('button', { name: "Use gcloud's credentials" }).click();
    await expect(page.getByTestId('ops-active-source')).toContainText('Application Default Credentials');
    await expect(guide).toHaveCount(0);
  } finally {
    if (before === undefined) delete process.env.GOOGLE_APPLICATION_CREDENTIALS;
    else process.env.GOOGLE_APPLICATION_CREDENTIALS = before;
  }
});

test('sign-in needs the client secret: without it the button stays off and says what is missing', async ({ page }) => {
  app = await startHarness(page);
  await openPanel(page);
  await page.getByRole('button', { name: 'Edit settings' }).click();
  const form = page.getByRole('form', { name: 'Operations service settings' });
  await expect(form.getByText('(required by Google for sign-in)')).toBeVisible();
  await form.getByLabel('Google OAuth client id').fill(sim.oauth.clientId);
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  const google = page.getByRole('article', { name: 'Google sign-in' });
  await expect(google).toContainText('Set the Desktop-app OAuth client id and secret under Service first');
  await expect(google.getByRole('button', { name: 'Sign in with Google' })).toBeDisabled();
});

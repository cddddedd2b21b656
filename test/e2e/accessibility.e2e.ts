import { expect, test, type Locator, type Page } from '@playwright/test';
import { startOperationsSimulator, type OperationsSimulator } from '../../simulators/operations';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../simulators/statuspal';
import { startTranslationSimulator, type TranslationSimulator } from '../../simulators/translation';
import { expectAccessible as expectAxeClean } from './support/axe';
import { startHarness, type Harness } from './support/harness';
import { addAcmeAccount, goTo } from './support/navigation';
import { MAIN_SCREENS } from './support/screens';

/*
 * axe-core (WCAG 2 A and AA rules) on every screen and every dialog, with real data from
 * the simulators: no serious or critical violation anywhere. And the keyboard: every action on a screen is
 * reached with Tab and shows a focus ring.
 */

let sim: StatusPageSimulator;
let translationSim: TranslationSimulator;
let operationsSim: OperationsSimulator;
let app: Harness;
let page: Page;

const TRANSLATION_KEY = 'sim-e2e-a11y-key-0001';

test.beforeEach(async ({ page: browserPage }) => {
  sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
  translationSim = await startTranslationSimulator({ key: TRANSLATION_KEY });
  operationsSim = await startOperationsSimulator({ operations: ['projects/demo/locations/europe-west1/operations/alpha'] });
  page = browserPage;
  app = await startHarness(page);
  await app.core.translation.updateSettings({ baseUrl: translationSim.baseUrl });
});

test.afterEach(async () => {
  await app.close();
  await sim.close();
  await translationSim.close();
  await operationsSim.close();
});

const expectAccessible = (where: string) => expectAxeClean(page, where, { soft: true });

const go = (label: string | RegExp, heading: string) => goTo(page, label, heading);

async function addAccount() {
  await addAcmeAccount(app, sim);
}

/** Opens a dialog with `open`, checks it, and closes it with its Cancel or Close button. */
async function checkDialog(name: string | RegExp, open: () => Promise<void>) {
  await open();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expectAccessible(`the dialog ${String(name)}`);
  await page.keyboard.press('Escape');
  const discard = page.getByRole('alertdialog', { name: 'Discard changes?' });
  if (await discard.isVisible()) await discard.getByRole('button', { name: /Discard|Close/ }).click();
  await expect(dialog).toBeHidden();
}

/** Watches the simulator's page from the dashboard's form, checking the form on the way. */
async function watchAcme(where: string) {
  await page.getByRole('button', { name: 'Watch a page' }).first().click();
  const form = page.getByRole('form', { name: 'Watch a page' });
  await form.getByLabel('Through').selectOption('public');
  await form.getByLabel('Custom base URL').check();
  await expectAccessible(`the Watch a page form${where}`);
  await form.getByLabel('Base URL', { exact: true }).fill(sim.baseUrl);
  await form.getByLabel('Page subdomain').fill('acme');
  await form.getByRole('button', { name: 'Watch page' }).click();
  const card = page.getByRole('article', { name: 'Page Acme' });
  await expect(card.locator('.level-badge').first()).toHaveText(/Operational|outage|incident/);
  return card;
}

test('dashboard, notification centre and settings, with the watch-a-page and account forms', async () => {
  await expectAccessible('the empty dashboard');
  const card = await watchAcme('');
  sim.openIncident({ page: 'acme', type: 'major', title: 'Database unavailable', services: [4], message: 'Writes are failing.' });
  await page.getByRole('button', { name: 'Check all now' }).click();
  await expect(card.getByRole('article', { name: 'Incident Database unavailable' })).toBeVisible();
  await expectAccessible('the dashboard with an incident');

  await go('Notifications', 'Notification centre');
  await expect(page.getByText('Database unavailable').first()).toBeVisible();
  await expectAccessible('the notification centre');

  await go('Settings', 'Settings');
  await expectAccessible('Settings without accounts');
  await page.getByRole('button', { name: 'Add account' }).first().click();
  const account = page.getByRole('form', { name: 'Add account' });
  await account.getByLabel('Custom base URL').check();
  await account.getByRole('button', { name: 'Save account' }).click();
  await expect(account.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(account.getByLabel('Name')).toHaveAccessibleDescription('Give the account a name.');
  await expectAccessible('the account form with errors');
  await account.getByRole('button', { name: 'Cancel' }).click();
  await addAccount();
  await go('Dashboard', 'Dashboard');
  await go('Settings', 'Settings');
  await expect(page.getByRole('article', { name: 'Account Acme production' })).toBeVisible();
  await expectAccessible('Settings with an account');
});

test('incidents with one open, every editor and confirmation, and the outbox with a conflict', async () => {
  await addAccount();
  const incident = sim.openIncident({ page: 'acme', type: 'minor', title: 'Payments degraded', services: [2], message: 'Some payments fail.' });
  await go(/Incidents/, 'Incidents');
  const list = page.getByTestId('incident-list');
  await list.getByRole('listitem').filter({ hasText: 'Payments degraded' }).getByRole('button').click();
  const detail = page.getByTestId('incident-detail');
  await expect(detail.getByRole('heading', { name: 'Payments degraded' })).toBeVisible();
  await expectAccessible('the incident console with an incident open');

  await checkDialog('New incident', () => page.getByRole('button', { name: 'New incident' }).first().click());
  await checkDialog('New incident', async () => {
    await page.getByRole('button', { name: 'New incident' }).first().click();
    await page.getByRole('dialog', { name: 'New incident' }).getByLabel('Type', { exact: true }).selectOption('scheduled');
    await page.getByRole('dialog', { name: 'New incident' }).getByRole('button', { name: 'Create incident' }).click();
  });
  await checkDialog('Add update', () => detail.getByRole('button', { name: 'Add update' }).click());
  await checkDialog('Edit incident', () => detail.getByRole('button', { name: 'Edit incident' }).click());
  await checkDialog(/Resolve/, () =>
    detail
      .getByRole('button', { name: /Resolve/ })
      .first()
      .click(),
  );
  await detail.getByRole('button', { name: 'More actions for this incident' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible("the incident's action menu");
  await checkDialog(/Delete/, () =>
    page
      .getByRole('menu')
      .getByRole('menuitem', { name: /Delete/ })
      .click(),
  );

  // A conflict: a colleague changes the incident while this window edits it.
  await detail.getByRole('button', { name: 'Edit incident' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit incident' });
  await edit.getByLabel('Title', { exact: true }).fill('Payments degraded in the EU');
  sim.addUpdate({ page: 'acme', incidentId: incident.id, message: 'Colleague: the US is affected too.' });
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(detail.getByTestId('outbox-badge').first()).toHaveText('Conflict');
  await expectAccessible('the incident console with a conflict');
  await page.getByRole('tab', { name: 'Information notices' }).click();
  await checkDialog('New information notice', () => page.getByRole('button', { name: 'New notice' }).first().click());
  await page.getByRole('tab', { name: 'Incidents' }).click();

  // The question before typed text is thrown away, then a write the server refuses (an unknown type).
  await page.getByRole('button', { name: 'New incident' }).first().click();
  const create = page.getByRole('dialog', { name: 'New incident' });
  await create.getByLabel('Title', { exact: true }).fill('Queue backlog');
  await create.getByLabel('Message', { exact: true }).fill('Jobs are delayed by about ten minutes.');
  await page.keyboard.press('Escape');
  await expect(create.getByRole('alertdialog', { name: 'Discard changes?' })).toBeVisible();
  await expectAccessible('the discard question');
  await page.keyboard.press('Escape');
  await create.getByLabel('Type', { exact: true }).selectOption({ label: 'Other (custom type)…' });
  await create.getByLabel('Custom type key').fill('backlog');
  await create.getByRole('button', { name: 'Create incident' }).click();
  await expect(create).toBeHidden();
  await expect(page.getByTestId('write-status')).toContainText('Failed');
  // The toast shows the whole state and the server's reason, wrapped, never cut off with an ellipsis.
  const failedState = page.getByTestId('write-status').getByTestId('write-state').first();
  await expect(failedState).toContainText(/^Failed — .{20,}/);
  expect(await failedState.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
  await expectAccessible('the console with a failed write in the recent writes');
  await go(/Outbox/, 'Outbox');
  await expect(page.getByRole('region', { name: /Conflicts/ }).getByRole('article')).toBeVisible();
  await expectAccessible('the outbox with a conflict');
  const failed = page.getByRole('region', { name: /Failed/ }).getByRole('article', { name: 'Create incident “Queue backlog”' });
  await checkDialog('Edit and retry: new incident', () => failed.getByRole('button', { name: 'Edit and retry…' }).click());
});

test('every administration section, its form and its delete confirmation', async () => {
  await addAccount();
  await go('Administration', 'Administration');
  const sections: Array<{ tab: string; add?: RegExp }> = [
    { tab: 'Services', add: /^Add service/ },
    { tab: 'Subscriptions', add: /^Add subscri/ },
    { tab: 'Webhooks', add: /^Add webhook/ },
    { tab: 'Access groups', add: /^Add access group/ },
    { tab: 'Page members', add: /^Add (page )?member/ },
    { tab: 'Org members', add: /^Add (organization |org )?member/ },
    { tab: 'Status pages', add: /^Add (status )?page/ },
    { tab: 'Metrics' },
  ];
  for (const section of sections) {
    await page.getByRole('tab', { name: new RegExp(`^${section.tab}`) }).click();
    const panel = page.getByRole('tabpanel');
    await expect(panel.locator('.adm-loading, [aria-busy="true"]')).toHaveCount(0);
    await expect(panel.getByRole('heading').first()).toBeVisible();
    await app.settled();
    await expectAccessible(`Administration → ${section.tab}`);
    if (!section.add) continue;
    await panel.getByRole('button', { name: section.add }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog
      .getByRole('button', { name: /^Save|^Add|^Invite/ })
      .first()
      .click(); // shows its validation
    await expectAccessible(`the ${section.tab} form`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Delete sits in each row's "⋯" menu.
    const more = panel.getByRole('button', { name: /^More actions for / }).first();
    if ((await more.count()) > 0) {
      await more.click();
      await expectAccessible(`the ${section.tab} row menu`);
      await page.getByRole('menuitem', { name: /^Delete / }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(`the ${section.tab} delete confirmation`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
    }
  }
});

test('translation and operations', async () => {
  await go('Translation', 'Translation');
  await expectAccessible('Translation without a key');
  await app.core.translation.setKey(TRANSLATION_KEY);
  await go('Dashboard', 'Dashboard');
  await go('Translation', 'Translation');
  await page.getByRole('combobox', { name: 'To' }).fill('');
  await page.getByRole('combobox', { name: 'To' }).pressSequentially('germ');
  await expectAccessible('Translation with the language list open');
  await page.getByRole('combobox', { name: 'To' }).press('Enter');
  await page.getByLabel('Text to translate').fill('We are investigating.\nA fix is deployed.');
  await page.getByRole('button', { name: 'Translate', exact: true }).click();
  await expect(page.getByTestId('output-line').first()).toBeVisible();
  await page.getByRole('button', { name: 'Check service' }).click();
  await expect(page.getByTestId('health')).toBeVisible();
  await expectAccessible('Translation with a result');

  await go('Operations', 'Operations');
  await expectAccessible('Operations with no access');
  await page.getByRole('button', { name: 'Edit settings' }).click();
  await page.getByRole('form', { name: 'Operations service settings' }).getByLabel('Service address').fill(operationsSim.baseUrl);
  await expectAccessible('the operations settings form');
  await page.getByRole('form', { name: 'Operations service settings' }).getByRole('button', { name: 'Save settings' }).click();
  await page.getByLabel(/For this session only/).fill(operationsSim.issueAccessToken());
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('ops-active-source')).toHaveText(/pasted token/);
  await page.getByLabel('Operation names, one per line').fill('projects/demo/locations/europe-west1/operations/alpha');
  await page.getByRole('button', { name: /^Forget 1 operation/ }).click();
  await expect(page.getByTestId('ops-history-row')).toHaveCount(1);
  await expectAccessible('Operations after a forget');
});

test('the dark theme: every screen with data, and an editor', async () => {
  await addAccount();
  await app.core.translation.setKey(TRANSLATION_KEY);
  sim.openIncident({ page: 'acme', type: 'major', title: 'Database unavailable', services: [4], message: 'Writes are failing.' });
  await watchAcme(', light');
  await go('Settings', 'Settings');
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectAccessible('Settings, dark');
  await go('Dashboard', 'Dashboard');
  await expect(page.getByRole('article', { name: 'Incident Database unavailable' })).toBeVisible();
  for (const [label, heading] of [
    ['Dashboard', 'Dashboard'],
    [/Outbox/, 'Outbox'],
    ['Notifications', 'Notification centre'],
    ['Translation', 'Translation'],
    ['Operations', 'Operations'],
    ['Administration', 'Administration'],
    [/Incidents/, 'Incidents'],
  ] as const) {
    await go(label, heading);
    await app.settled();
    await expectAccessible(`${heading}, dark`);
  }
  await page.getByTestId('incident-list').getByRole('listitem').filter({ hasText: 'Database unavailable' }).getByRole('button').click();
  await expect(page.getByTestId('incident-detail').getByRole('heading', { name: 'Database unavailable' })).toBeVisible();
  await expectAccessible('the incident console with an incident open, dark');
  await checkDialog('New incident', () => page.getByRole('button', { name: 'New incident' }).first().click());
});

/** What Tab reaches on the current screen (until focus comes back round), and whether each shows a focus ring. */
async function tabThrough(limit = 250): Promise<Array<{ name: string; ring: boolean; inDialog: boolean }>> {
  await page.evaluate(() => {
    document.querySelectorAll<HTMLElement>('[data-a11y-seen]').forEach((el) => delete el.dataset.a11ySeen);
    (document.activeElement as HTMLElement | null)?.blur();
  });
  const seen: Array<{ name: string; ring: boolean; inDialog: boolean }> = [];
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      if (el.dataset.a11ySeen === '1') return 'again' as const;
      el.dataset.a11ySeen = '1';
      const style = getComputedStyle(el);
      // The app's own ring (2px solid), not whatever the browser's default happens to be.
      const ring = (style.outlineStyle === 'solid' && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none';
      const name = `${el.tagName.toLowerCase()} “${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}”`;
      return { name, ring, inDialog: el.closest('dialog[open]') !== null };
    });
    if (stop === 'again') break;
    if (stop) seen.push(stop);
  }
  return seen;
}

/** Every enabled, visible control of the window: what Tab must reach. */
async function actionsOf(scope: Locator): Promise<number> {
  return scope.evaluate((root) => {
    const all = root.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, summary, [tabindex]:not([tabindex="-1"])');
    let count = 0;
    for (const el of Array.from(all)) {
      if ((el as HTMLButtonElement).disabled || el.closest('[inert]') || el.getAttribute('tabindex') === '-1') continue;
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      if (el instanceof HTMLInputElement && el.type === 'radio' && !el.checked) continue; // one stop per radio group
      count += 1;
    }
    return count;
  });
}

test('keyboard: Tab reaches every action on each screen, and each shows a focus ring', async () => {
  await addAccount();
  await app.core.translation.setKey(TRANSLATION_KEY);
  sim.openIncident({ page: 'acme', type: 'minor', title: 'Payments degraded', services: [2], message: 'Some payments fail.' });
  await watchAcme('');
  for (const [label, heading] of MAIN_SCREENS) {
    await go(label, heading);
    await app.settled();
    const expected = await actionsOf(page.locator('.shell'));
    const reached = await tabThrough();
    expect.soft(reached.length, `Tab stops on ${heading}`).toBeGreaterThanOrEqual(expected);
    expect
      .soft(
        reached.filter((stop) => !stop.ring).map((stop) => stop.name),
        `controls on ${heading} without a focus ring`,
      )
      .toEqual([]);
  }
});

test('keyboard: in a dialog Tab reaches every field and button, shows the ring, and stays inside', async () => {
  await addAccount();
  const dialogs: Array<{ name: string; open: () => Promise<void> }> = [
    {
      name: 'New incident',
      open: async () => {
        await go(/Incidents/, 'Incidents');
        await page.getByRole('button', { name: 'New incident' }).first().click();
      },
    },
    {
      name: 'Add a service',
      open: async () => {
        await go('Administration', 'Administration');
        await page.getByRole('tabpanel').getByRole('button', { name: 'Add service' }).click();
      },
    },
  ];
  for (const { name, open } of dialogs) {
    await open();
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog).toBeVisible();
    const expected = await actionsOf(dialog);
    const reached = await tabThrough();
    expect.soft(reached.length, `Tab stops in ${name}`).toBeGreaterThanOrEqual(expected);
    expect
      .soft(
        reached.filter((stop) => !stop.inDialog).map((stop) => stop.name),
        `focus left ${name}`,
      )
      .toEqual([]);
    expect
      .soft(
        reached.filter((stop) => !stop.ring).map((stop) => stop.name),
        `controls in ${name} without a focus ring`,
      )
      .toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});

import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { addAcmeAccount, openNewIncident, openScreen } from './support/navigation';
import { screenshotPath } from './support/screenshots';

/*
 * No way out of an editor loses typed text. Escape any number of times, Cancel, ×, a click
 * outside, another screen being opened and the window closing all ask while there is typed text; the question's
 * Escape puts focus back inside the dialog; the opening button works after; every editor keeps a draft.
 */

const ask = (dialog: Locator) => dialog.getByRole('alertdialog', { name: 'Discard changes?' });

/** Whether the focus is inside the dialog (never on the page body behind it). */
const focusInside = (dialog: Locator) => dialog.evaluate((element) => element.contains(document.activeElement));

/** Escape `times` times; the dialog stays open and its question comes and goes, focus never leaves it. */
async function escapeMany(page: Page, dialog: Locator, times: number) {
  for (let press = 1; press <= times; press++) {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    if (press % 2 === 1) {
      await expect(ask(dialog)).toBeVisible();
      await expect(ask(dialog).getByRole('button', { name: 'Keep editing' })).toBeFocused();
    } else await expect(ask(dialog)).toBeHidden();
    expect(await focusInside(dialog), `focus after Escape ${press}`).toBe(true);
  }
}

/** Opens the one incident of the list. */
async function openIncident(page: Page, title: string) {
  await page.getByTestId('incident-list').getByRole('listitem').filter({ hasText: title }).getByRole('button').click();
  return page.getByTestId('incident-detail');
}

test('Escape any number of times, ×, Cancel, a click outside and closing the window ask while there is typed text, and the opening button works after', async ({
  page,
  sim,
  launch,
}) => {
  const app = await launch();
  await addAcmeAccount(app, sim, 'Acme');
  const dialog = await openNewIncident(page);
  const title = dialog.getByLabel('Title', { exact: true });
  await title.fill('Checkout failing');
  await dialog.getByLabel('Message', { exact: true }).fill('Card payments fail.');

  // Five Escapes: ask, keep, ask, keep, ask. Nothing closes the editor but a choice.
  await escapeMany(page, dialog, 5);
  await page.keyboard.press('Escape');
  await expect(ask(dialog)).toBeHidden();
  // The question's Escape puts the focus back where the user was typing.
  await expect(dialog.getByLabel('Message', { exact: true })).toBeFocused();

  // A click on the backdrop asks too; a click outside while asking keeps asking.
  await page.mouse.click(5, 400);
  await expect(ask(dialog)).toBeVisible();
  await page.mouse.click(5, 400);
  await expect(ask(dialog)).toBeVisible();
  await expect(dialog).toBeVisible();
  await ask(dialog).getByRole('button', { name: 'Keep editing' }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask(dialog)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(title).toHaveValue('Checkout failing');

  // Keep as draft closes it; the New incident button opens it again, with the text.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await ask(dialog).getByRole('button', { name: 'Keep as draft' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'New incident' }).click();
  await expect(title).toHaveValue('Checkout failing');

  // An untouched editor still closes at once with Escape or a click outside.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await ask(dialog).getByRole('button', { name: 'Discard changes' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'New incident' }).click();
  await expect(title).toHaveValue('');
  await page.mouse.click(5, 400);
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'New incident' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect((await app.core.outbox.service()).list()).toEqual([]);

  // Closing the window with typed text asks (beforeunload; in the app, the main process's native question);
  // staying keeps the text. With nothing typed it closes at once.
  const questions: string[] = [];
  page.on('dialog', (question) => {
    questions.push(question.type());
    void question.dismiss();
  });
  await page.getByRole('button', { name: 'New incident' }).click();
  await title.pressSequentially('Checkout');
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => questions).toEqual(['beforeunload']);
  expect(page.isClosed()).toBe(false);
  await expect(title).toHaveValue('Checkout');
  await page.keyboard.press('Escape');
  await ask(dialog).getByRole('button', { name: 'Discard changes' }).click();
  await page.getByRole('button', { name: 'New incident' }).click();
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => page.isClosed()).toBe(true);
  expect(questions).toEqual(['beforeunload']);
});

test('Add update, Resolve, Edit incident, New notice and Edit notice ask on every way out and keep a draft across a reload', async ({ page, sim, launch }) => {
  sim.openIncident({ page: 'acme', type: 'minor', title: 'Payments degraded', message: 'Some payments fail.' });
  sim.postNotice({ page: 'acme', title: 'New status page layout', message: 'Our status page has a new look.' });
  const app = await launch();
  await addAcmeAccount(app, sim, 'Acme');
  await openScreen(page, /Incidents/);

  const editors: Array<{ open: () => Promise<void>; name: string; field: string; text: string }> = [
    {
      name: 'Add update',
      open: async () => void (await (await openIncident(page, 'Payments degraded')).getByRole('button', { name: 'Add update' }).click()),
      field: 'Message',
      text: 'A fix is rolling out.',
    },
    {
      name: 'Resolve incident',
      open: async () => void (await (await openIncident(page, 'Payments degraded')).getByRole('button', { name: 'Resolve…' }).click()),
      field: 'Resolution message',
      text: 'Payments work again since 14:10.',
    },
    {
      name: 'Edit incident',
      open: async () => void (await (await openIncident(page, 'Payments degraded')).getByRole('button', { name: 'Edit incident' }).click()),
      field: 'Title',
      text: 'Card payments degraded',
    },
  ];
  for (const editor of editors) {
    await editor.open();
    const dialog = page.getByRole('dialog', { name: editor.name });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(editor.field, { exact: true }).fill(editor.text);
    await escapeMany(page, dialog, 3);
    await ask(dialog).getByRole('button', { name: 'Keep as draft' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await openScreen(page, /Incidents/);
    await editor.open();
    await expect(dialog.getByLabel(editor.field, { exact: true }), editor.name).toHaveValue(editor.text);
    await expect(dialog.getByRole('status').filter({ hasText: 'is back' })).toBeVisible();
    if (editor.name === 'Resolve incident') {
      await dialog.screenshot({ path: screenshotPath('editor-draft-back.png') });
      await page.emulateMedia({ colorScheme: 'dark' });
      await dialog.screenshot({ path: screenshotPath('editor-draft-back-dark.png') });
      await page.emulateMedia({ colorScheme: 'light' });
    }
    await page.keyboard.press('Escape');
    await ask(dialog).getByRole('button', { name: 'Keep as draft' }).click();
    await page
      .getByTestId('incident-detail')
      .getByRole('button', { name: /All incidents/ })
      .click();
  }

  // Notices: the same on their tab.
  await page.getByRole('tab', { name: 'Information notices' }).click();
  await page.getByRole('button', { name: 'New notice' }).click();
  const notice = page.getByRole('dialog', { name: 'New information notice' });
  await notice.getByLabel('Title', { exact: true }).fill('Planned database upgrade');
  await escapeMany(page, notice, 3);
  await ask(notice).getByRole('button', { name: 'Keep as draft' }).click();
  await page.getByRole('button', { name: 'New notice' }).click();
  await expect(notice.getByLabel('Title', { exact: true })).toHaveValue('Planned database upgrade');
  await page.keyboard.press('Escape');
  await ask(notice).getByRole('button', { name: 'Discard changes' }).click();
  await page.getByRole('button', { name: 'New notice' }).click();
  await expect(notice.getByLabel('Title', { exact: true })).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(notice).toBeHidden();

  // The drafts were kept per editor and item: Add update's text is not Resolve's.
  await page.getByRole('tab', { name: 'Incidents' }).click();
  await (await openIncident(page, 'Payments degraded')).getByRole('button', { name: 'Add update' }).click();
  const add = page.getByRole('dialog', { name: 'Add update' });
  await expect(add.getByLabel('Message', { exact: true })).toHaveValue('A fix is rolling out.');
  // Posting it clears its draft.
  await add.getByRole('button', { name: 'Post update' }).click();
  await expect(add).toBeHidden();
  await page.getByTestId('incident-detail').getByRole('button', { name: 'Add update' }).click();
  await expect(add.getByLabel('Message', { exact: true })).toHaveValue('');
  expect((await app.core.outbox.service()).list()).toHaveLength(1);
});

test('a notification click while an editor has typed text asks first; the dashboard’s Post update has the Incidents screen’s draft', async ({
  page,
  sim,
  launch,
}) => {
  const incident = sim.openIncident({ page: 'acme', type: 'major', title: 'Database unavailable', message: 'Writes are failing.' });
  const app = await launch();
  const account = await addAcmeAccount(app, sim, 'Acme');
  const watched = await app.core.monitor.addPage({ region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', accountId: account.id, name: 'Acme' });
  await app.core.monitor.pollNow();
  await openScreen(page, /Incidents/);
  await (await openIncident(page, 'Database unavailable')).getByRole('button', { name: 'Add update' }).click();
  const add = page.getByRole('dialog', { name: 'Add update' });
  await add.getByLabel('Message', { exact: true }).fill('Failover started.');
  await escapeMany(page, add, 4);

  // A notification is clicked: the editor asks, naming where the app is going; Keep editing stays.
  app.core.openTarget({ pageId: watched.id, incidentId: incident.id });
  await expect(ask(add)).toContainText('Opening Dashboard closes this editor');
  await add.screenshot({ path: screenshotPath('editor-leave-ask.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await add.screenshot({ path: screenshotPath('editor-leave-ask-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });
  await ask(add).getByRole('button', { name: 'Keep editing' }).click();
  await expect(add.getByLabel('Message', { exact: true })).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Incidents', level: 1 })).toBeVisible();
  app.core.openTarget({ pageId: watched.id, incidentId: incident.id });
  await ask(add).getByRole('button', { name: 'Keep as draft' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  // The same update from the dashboard: the text is there.
  await page.getByRole('article', { name: 'Incident Database unavailable' }).getByRole('button', { name: 'Post update' }).click();
  const post = page.getByRole('dialog', { name: 'Post update: Database unavailable' });
  await expect(post.getByLabel('Message', { exact: true })).toHaveValue('Failover started.');
  await escapeMany(page, post, 3);
  await ask(post).getByRole('button', { name: 'Discard changes' }).click();
  await expect(post).toBeHidden();
  await page.getByRole('article', { name: 'Incident Database unavailable' }).getByRole('button', { name: 'Post update' }).click();
  await expect(post.getByLabel('Message', { exact: true })).toHaveValue('');
});

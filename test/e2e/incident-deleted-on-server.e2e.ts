import type { Page } from '@playwright/test';
import type { StatusPageSimulator } from '../../simulators/statuspal';
import { expect, test } from './support/fixtures';
import { addAcmeAccount, openScreen } from './support/navigation';
import { screenshotPath } from './support/screenshots';

/*
 * An incident deleted on the server (by a colleague, on the web) no longer stays listed as
 * Open: reading it (opening it) or a write of ours to it whose check the server answers with 404 takes it off
 * the list, with a note that says so and what became of the write (refused by its check: nothing was kept).
 */

/** Deletes an incident the way a colleague on the web would: on the server, behind the app's back. */
async function deleteOnServer(sim: StatusPageSimulator, id: number) {
  const response = await fetch(`${sim.baseUrl}/status_pages/acme/incidents/${id}`, { method: 'DELETE', headers: { Authorization: sim.keys.demoReadWrite } });
  expect(response.status).toBeLessThan(300);
}

const row = (page: Page, title: string) => page.getByTestId('incident-list').getByRole('listitem').filter({ hasText: title });

test('opening an incident deleted on the server takes it off the list with a note', async ({ page, sim, launch }) => {
  const gone = sim.openIncident({ page: 'acme', type: 'minor', title: 'Payments degraded', message: 'Some payments fail.' });
  sim.openIncident({ page: 'acme', type: 'major', title: 'Search is down', message: 'Search fails.' });
  const app = await launch();
  await addAcmeAccount(app, sim, 'Acme');
  await openScreen(page, /Incidents/);
  await expect(row(page, 'Payments degraded')).toBeVisible();

  await deleteOnServer(sim, gone.id);
  await row(page, 'Payments degraded').getByRole('button').click();

  const note = page.getByRole('list', { name: 'Taken off the list' }).getByRole('status');
  await expect(note).toContainText(`Incident “Payments degraded” (#${gone.id}) is no longer on`);
  await expect(note).toContainText('it was deleted there');
  await expect(page.getByTestId('incident-detail')).toBeHidden();
  await expect(row(page, 'Payments degraded')).toHaveCount(0);
  await expect(row(page, 'Search is down')).toBeVisible();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: screenshotPath('incident-deleted-note.png') });

  await note.getByRole('button', { name: /Dismiss/ }).click();
  await expect(page.getByRole('list', { name: 'Taken off the list' })).toHaveCount(0);
});

test('an update posted to an incident deleted on the server is refused by its check and takes it off the list; the note says nothing was kept', async ({
  page,
  sim,
  launch,
}) => {
  const gone = sim.openIncident({ page: 'acme', type: 'minor', title: 'Payments degraded', message: 'Some payments fail.' });
  const app = await launch();
  await addAcmeAccount(app, sim, 'Acme');
  await openScreen(page, /Incidents/);
  await row(page, 'Payments degraded').getByRole('button').click();
  const detail = page.getByTestId('incident-detail');
  await expect(detail).toBeVisible();

  // Deleted while the page is open; the user posts an update to it.
  await deleteOnServer(sim, gone.id);
  await detail.getByRole('button', { name: 'Add update' }).click();
  const editor = page.getByRole('dialog', { name: 'Add update' });
  await editor.getByLabel('Message', { exact: true }).fill('A fix is rolling out.');
  await editor.getByRole('button', { name: 'Post update' }).click();

  const note = page.getByRole('list', { name: 'Taken off the list' }).getByRole('status');
  await expect(note).toContainText(`“Payments degraded” (#${gone.id}) is no longer on`);
  await expect(note).toContainText('What you wrote to it was not sent, and nothing was kept.');
  await expect(detail).toBeHidden();
  await expect(row(page, 'Payments degraded')).toHaveCount(0);
  await page.screenshot({ path: screenshotPath('incident-deleted-write-note.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: screenshotPath('incident-deleted-write-note-dark.png') });
  await expect(note.getByRole('button', { name: 'Open the Outbox' })).toHaveCount(0);
});

import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { addAcmeAccount, openNewIncident } from './support/navigation';
import { screenshotPath } from './support/screenshots';

/* Incident templates per page (title, type, services, first message), kept by the main process. */

test('save the editor as a template, fill a new incident from it, rename and delete it; templates belong to the page', async ({ page, sim, launch }) => {
  const app = await launch();
  const account = await addAcmeAccount(app, sim, 'Acme');
  let dialog = await openNewIncident(page);
  // An empty editor has nothing to keep.
  await dialog.getByRole('button', { name: 'Save as template…' }).click();
  await dialog.getByRole('textbox', { name: 'Template name' }).fill('Empty');
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/Write a title or a first message first/);
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).first().click();
  await dialog.getByLabel('Title', { exact: true }).fill('Card payments failing');
  await dialog.getByLabel('Type', { exact: true }).selectOption('major');
  await dialog.getByRole('checkbox', { name: 'API', exact: true }).check();
  await dialog.getByLabel('Message', { exact: true }).fill('Some card payments fail; we are looking into it.');
  await dialog.getByRole('button', { name: 'Save as template…' }).click();
  await dialog.getByRole('textbox', { name: 'Template name' }).fill('Card outage');
  await dialog.getByRole('textbox', { name: 'Template name' }).press('Enter');
  await expect(dialog.getByRole('status').filter({ hasText: 'Saved as template' })).toHaveText('Saved as template “Card outage”.');
  // Saving a template queued nothing and kept the editor open.
  expect((await app.core.outbox.service()).list()).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.getByRole('button', { name: 'Discard changes' }).click();

  // Kept by the main process, for this page.
  const kept = await app.core.incidentPages.get({ accountId: account.id, subdomain: 'acme' });
  expect(kept.templates).toMatchObject([
    { name: 'Card outage', title: 'Card payments failing', type: 'major', serviceIds: [2], message: 'Some card payments fail; we are looking into it.' },
  ]);

  await page.reload();
  dialog = await openNewIncident(page);
  await expect(dialog.getByLabel('Title', { exact: true })).toHaveValue('');
  await dialog.getByRole('combobox', { name: 'From template…' }).selectOption({ label: 'Card outage' });
  await expect(dialog.getByLabel('Title', { exact: true })).toHaveValue('Card payments failing');
  await expect(dialog.getByLabel('Type', { exact: true })).toHaveValue('major');
  await expect(dialog.getByRole('checkbox', { name: 'API', exact: true })).toBeChecked();
  await expect(dialog.getByLabel('Message', { exact: true })).toHaveValue('Some card payments fail; we are looking into it.');

  await dialog.getByRole('button', { name: 'Manage templates' }).click();
  const templates = dialog.getByRole('list', { name: 'Templates of this page' });
  await expect(templates.getByRole('listitem')).toHaveCount(1);
  await templates.getByRole('button', { name: 'Rename Card outage' }).click();
  await templates.getByRole('textbox', { name: 'New name for Card outage' }).fill('Payments down');
  await templates.getByRole('button', { name: 'Save name' }).click();
  await expect(templates.getByRole('listitem')).toContainText('Payments down');
  await expect(dialog.getByRole('combobox', { name: 'From template…' }).getByRole('option')).toHaveText(['From template…', 'Payments down']);
  await dialog.screenshot({ path: screenshotPath('incident-templates.png') });
  await expectAccessible(page, 'the New incident editor with its templates listed');

  // The editor can create the incident from the template as usual.
  await dialog.getByRole('button', { name: 'Create incident' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => sim.writeLog({ pathPrefix: '/api/v2/status_pages/acme/incidents' }).length).toBe(1);

  dialog = await openNewIncident(page);
  await dialog.getByRole('button', { name: 'Manage templates' }).click();
  await templates.getByRole('button', { name: 'Delete Payments down' }).click();
  await templates.getByRole('button', { name: 'Delete template' }).click();
  await expect(dialog.getByText('No templates for this page yet')).toBeVisible();
  // Nothing left to pick from: the picker goes rather than stay greyed out.
  await expect(dialog.getByRole('combobox', { name: 'From template…' })).toHaveCount(0);
  expect((await app.core.incidentPages.get({ accountId: account.id, subdomain: 'acme' })).templates).toEqual([]);
});

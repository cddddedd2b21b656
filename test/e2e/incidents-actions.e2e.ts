import { expect, test } from './support/fixtures';
import { addAcmeAccount, openScreen } from './support/navigation';
import { screenshotPath } from './support/screenshots';

/* No red Delete beside the routine buttons of an incident; deleting sits in a "⋯" menu and still asks. */

test('an incident and its updates are deleted from their ⋯ menus, by mouse or keyboard, after a confirmation', async ({ page, sim, launch }) => {
  const incident = sim.openIncident({ page: 'acme', type: 'minor', title: 'Payments degraded', message: 'Some payments fail.' });
  sim.addUpdate({ page: 'acme', incidentId: incident.id, message: 'Posted by mistake.' });
  const app = await launch();
  await addAcmeAccount(app, sim, 'Acme');
  await openScreen(page, /Incidents/);
  await page.getByTestId('incident-list').getByRole('listitem').filter({ hasText: 'Payments degraded' }).getByRole('button').click();
  const detail = page.getByTestId('incident-detail');
  await expect(detail.getByRole('button', { name: 'Add update' })).toBeVisible();

  // Nothing that deletes is a button in view: only the routine ones and the menus.
  await expect(detail.getByRole('button', { name: /delete/i })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Edit incident' })).toBeVisible();

  // Keyboard: ArrowDown opens the menu on its first entry, Escape closes it and gives the focus back.
  const more = detail.getByRole('button', { name: 'More actions for this incident' });
  await more.focus();
  await page.keyboard.press('ArrowDown');
  const remove = page.getByRole('menuitem', { name: 'Delete incident…' });
  await expect(remove).toBeFocused();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: screenshotPath('incident-actions-menu.png') });
  await page.keyboard.press('Escape');
  await expect(remove).toBeHidden();
  await expect(more).toBeFocused();

  // An update: Edit stays in view, Delete is in its menu and asks first.
  const mistaken = detail.getByTestId('update').filter({ hasText: 'Posted by mistake.' });
  await expect(mistaken.getByRole('button', { name: 'Edit' })).toBeVisible();
  await mistaken.getByRole('button', { name: 'More actions for this update' }).click();
  await page.getByRole('menuitem', { name: 'Delete update…' }).click();
  const confirmUpdate = page.getByRole('dialog', { name: 'Delete this update?' });
  await confirmUpdate.getByRole('button', { name: 'Delete update', exact: true }).click();
  await expect(confirmUpdate).toBeHidden();
  await expect.poll(() => sim.writeLog({ method: 'DELETE' }).length).toBe(1);

  // The incident: Enter opens the menu, Enter chooses, the confirmation starts on Cancel.
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Delete this incident?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect(sim.writeLog({ method: 'DELETE' })).toHaveLength(1);
  await more.click();
  await remove.click();
  await confirm.getByRole('button', { name: 'Delete incident', exact: true }).click();
  await expect.poll(() => sim.writeLog({ method: 'DELETE' }).length).toBe(2);
  await expect(page.getByTestId('incident-detail')).toBeHidden();
});

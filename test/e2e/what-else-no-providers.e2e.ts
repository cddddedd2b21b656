import { expect, test } from './support/fixtures';
import { addAcmeAccount, openScreen } from './support/navigation';

/* With no provider page watched, "What else was down then" says there is nothing to compare, not that nothing was down. */

test('with no provider watched, What else was down then says there is nothing to compare with', async ({ page, sim, launch }) => {
  sim.openIncident({ page: 'acme', type: 'major', title: 'Checkout failing', message: 'Payments fail.' });
  const app = await launch();
  await addAcmeAccount(app, sim, 'Acme');
  await openScreen(page, /Incidents/);
  await page.getByTestId('incident-list').getByRole('listitem').filter({ hasText: 'Checkout failing' }).getByRole('button').click();
  const elseDown = page.getByTestId('what-else-was-down');
  await expect(elseDown.getByTestId('no-providers-watched')).toContainText('You watch no provider’s page, so there is nothing to compare with.');
  await expect(elseDown).not.toContainText('Nothing was degraded');
});

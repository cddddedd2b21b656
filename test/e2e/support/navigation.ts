import { expect, type Locator, type Page } from '@playwright/test';
import type { StatusPageSimulator } from '../../../simulators/statuspal';
import type { Harness } from './harness';

/** Opens a screen from the sidebar: the main navigation or its tools below. */
export async function openScreen(page: Page, label: string | RegExp): Promise<void> {
  await page
    .getByRole('navigation', { name: /^(Main|Tools)$/ })
    .getByRole('button', { name: label })
    .click();
}

/** Opens the Incidents screen and its New incident editor, and returns the editor's dialog. */
export async function openNewIncident(page: Page): Promise<Locator> {
  await openScreen(page, /Incidents/);
  await page.getByRole('button', { name: 'New incident' }).click();
  const dialog = page.getByRole('dialog', { name: 'New incident' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Adds the account "Acme production" with the simulator's read-write key, as Settings would. */
export function addAcmeAccount(app: Harness, sim: StatusPageSimulator, name = 'Acme production') {
  return app.core.accounts.add({ name, region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', organizationId: '1', apiKey: sim.keys.demoReadWrite });
}

/** Watches the Acme page through the dashboard's form and returns its card once it reads Operational. */
export async function watchAcmeFromDashboard(page: Page, sim: StatusPageSimulator): Promise<Locator> {
  await page.getByRole('button', { name: 'Watch a page' }).first().click();
  const form = page.getByRole('form', { name: 'Watch a page' });
  await form.getByLabel('Through').selectOption('public');
  await form.getByLabel('Custom base URL').check();
  await form.getByLabel('Base URL', { exact: true }).fill(sim.baseUrl);
  await form.getByLabel('Page subdomain').fill('acme');
  await form.getByRole('button', { name: 'Watch page' }).click();
  const card = page.getByRole('article', { name: 'Page Acme' });
  await expect(card.locator('.level-badge').first()).toHaveText(/Operational/);
  return card;
}

/** Opens a main screen from the sidebar and waits for its heading. */
export async function goTo(page: Page, label: string | RegExp, heading: string): Promise<void> {
  await openScreen(page, label);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

import { expect, test } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

/* On a long screen the navigation and the Outbox badge stay where they are. */

test('the sidebar stays in view when a long screen scrolls to its end', async ({ page, launch }) => {
  await page.setViewportSize({ width: 1000, height: 320 });
  await launch();
  await page.getByRole('button', { name: 'Settings' }).click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  // Settings is longer than the window: scroll to its last section.
  await expect(page.getByRole('region', { name: 'Updates' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(320 * 1.5);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(150);
  await expect(nav.getByRole('button', { name: /Outbox/ })).toBeInViewport();
  await expect(nav.getByRole('button', { name: /Dashboard/ })).toBeInViewport();
  await nav.getByRole('button', { name: /Outbox/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
});

test('the daily screens are the main navigation; Translation and Operations sit apart under Tools', async ({ page, launch }) => {
  await launch();
  const labels = (name: string) => page.getByRole('navigation', { name }).getByRole('button').allInnerTexts();
  expect((await labels('Main')).map((text) => text.trim())).toEqual(['Dashboard', 'Incidents', 'Outbox', 'Notifications', 'Administration', 'Settings']);
  expect((await labels('Tools')).map((text) => text.trim())).toEqual(['Translation', 'Operations']);
  await page.getByRole('navigation', { name: 'Tools' }).getByRole('button', { name: 'Operations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Operations' })).toBeVisible();
  await page.screenshot({ path: screenshotPath('sidebar-tools.png') });
});

import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { addAcmeAccount, openScreen } from './support/navigation';
import { screenshotPath } from './support/screenshots';

/** The colour the window is painted with, as the user sees it. */
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
const DARK_BG = 'rgb(15, 20, 26)';
const LIGHT_BG = 'rgb(246, 247, 249)';

test('the window follows the OS’s dark or light setting, live, until a theme is chosen in Settings; the choice is kept', async ({ page, launch }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const app = await launch();
  await expect.poll(() => background(page)).toBe(DARK_BG);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  // The OS switches to light while the window is open: so does the window.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => background(page)).toBe(LIGHT_BG);

  await openScreen(page, /Settings/);
  const appearance = page.getByRole('region', { name: 'Appearance' });
  const theme = appearance.getByRole('group', { name: 'Theme' });
  await expect(theme.getByRole('radio', { name: 'System' })).toBeChecked();

  // Dark, chosen, wins over a light OS and is saved in the settings.
  await theme.getByRole('radio', { name: 'Dark' }).check();
  await expect.poll(() => background(page)).toBe(DARK_BG);
  await expect.poll(() => app.core.desktop.appearance().theme).toBe('dark');
  const saved = JSON.parse(fs.readFileSync(path.join(app.dataDir, 'settings.json'), 'utf8')) as { appearance?: { theme?: string } };
  expect(saved.appearance?.theme).toBe('dark');
  await page.screenshot({ path: screenshotPath('theme-settings-dark.png'), fullPage: true });

  // A new window reads it back.
  await page.reload();
  await expect.poll(() => background(page)).toBe(DARK_BG);
  await openScreen(page, /Settings/);
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();

  // Light, chosen, wins over a dark OS.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('radio', { name: 'Light' }).check();
  await expect.poll(() => background(page)).toBe(LIGHT_BG);
  await expect.poll(() => app.core.desktop.appearance().theme).toBe('light');

  // Back to System: dark again, as the OS says.
  await page.getByRole('radio', { name: 'System' }).check();
  await expect.poll(() => background(page)).toBe(DARK_BG);
});

test('the settings refuse a theme that does not exist', async ({ page, launch }) => {
  const app = await launch();
  const answer = await page.evaluate(() =>
    (window as unknown as { api: { desktop: { setAppearance(change: unknown): Promise<unknown> } } }).api.desktop.setAppearance({ theme: 'purple' }),
  );
  expect(answer).toMatchObject({ ok: false });
  expect(app.core.desktop.appearance().theme).toBe('system');
});

test('every main screen reads in dark: text keeps its contrast on the dark ground', async ({ page, sim, launch }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const app = await launch();
  await addAcmeAccount(app, sim);
  const account = app.core.settings.get().accounts[0]!;
  await app.core.monitor.addPage({ region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', accountId: account.id });
  sim.openIncident({ page: 'acme', type: 'major', title: 'Database unavailable', services: [4], message: 'Writes are failing.' });
  await app.core.monitor.pollNow();
  await page.reload();

  const screens: Array<[RegExp, string, string]> = [
    [/Dashboard/, 'Dashboard', 'dashboard'],
    [/Incidents/, 'Incidents', 'incidents'],
    [/Outbox/, 'Outbox', 'outbox'],
    [/Notifications/, 'Notification centre', 'notifications'],
    [/Translation/, 'Translation', 'translation'],
    [/Operations/, 'Operations', 'operations'],
    [/Administration/, 'Administration', 'administration'],
    [/Settings/, 'Settings', 'settings'],
  ];
  for (const [nav, heading, file] of screens) {
    await openScreen(page, nav);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await app.settled(); // reads of the screen settle
    expect(await background(page)).toBe(DARK_BG);
    // Headings and body text are light on the dark ground.
    const color = await page.getByRole('heading', { level: 1 }).evaluate((h) => getComputedStyle(h).color);
    expect(color).toBe('rgb(229, 233, 239)');
    await page.screenshot({ path: screenshotPath(`dark-${file}.png`), fullPage: true });
  }
});

import type { Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { expect, test } from './support/fixtures';
import { addAcmeAccount, goTo } from './support/navigation';
import { screenshotPath } from './support/screenshots';

/* Keyboard first. A command palette over every action and screen, single-key shortcuts
   where the focus allows, and a global shortcut (off by default) that brings the window up with the palette. */

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });

async function runCommand(page: Page, typed: string, expected: string) {
  await page.keyboard.press('Control+K');
  await expect(palette(page)).toBeVisible();
  await palette(page).getByRole('combobox', { name: 'Command' }).fill(typed);
  await expect(palette(page).getByRole('option').first()).toHaveText(new RegExp(`^${expected}`));
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
}

test('the palette finds screens, pages, incidents and actions by a few letters and runs them', async ({ page, sim, launch }) => {
  sim.openIncident({ page: 'acme', type: 'major', title: 'Database unavailable', services: [4], message: 'Writes are failing.' });
  const app = await launch();
  for (const subdomain of ['acme', 'globex']) await app.core.monitor.addPage({ region: 'custom', baseUrl: sim.baseUrl, subdomain });
  await app.core.monitor.pollNow();
  await addAcmeAccount(app, sim, 'Acme');
  await page.reload();
  await expect(page.getByRole('article', { name: 'Page Globex' })).toBeVisible();

  // The sidebar says how to open it.
  await expect(page.getByRole('button', { name: /Commands…/ })).toHaveAttribute('aria-keyshortcuts', 'Control+K');

  // Opened from anywhere with Ctrl+K; every command listed; fuzzy: "dbun" finds the incident by its title.
  await page.keyboard.press('Control+K');
  const box = palette(page).getByRole('combobox', { name: 'Command' });
  await expect(box).toBeFocused();
  await expect(palette(page).getByRole('option', { name: /Go to Outbox/ })).toBeVisible();
  await box.fill('dbun');
  await expect(palette(page).getByRole('option')).toHaveText([/Database unavailable \(Acme\)\s*Incident/]);
  await box.fill('');
  await expect(palette(page).getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: screenshotPath('command-palette.png') });
  await expectAccessible(page, 'command palette');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: screenshotPath('command-palette-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });

  // Arrow keys move the highlight; Escape closes and gives the focus back.
  await page.keyboard.press('ArrowDown');
  await expect(palette(page).getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();

  // Screens and actions.
  await runCommand(page, 'go out', 'Go to Outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  await runCommand(page, 'compact', 'Show the dashboard as a compact list');
  await expect.poll(() => app.core.desktop.appearance().dashboardLayout).toBe('compact');
  await runCommand(page, 'page glob', 'Go to page Globex');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await runCommand(page, 'mute', 'Mute notifications for 1 hour');
  await expect.poll(() => app.core.monitor.prefs().pausedUntil ?? null).not.toBeNull();
  await runCommand(page, 'nwinc', 'New incident');
  await expect(page.getByRole('dialog', { name: 'New incident' })).toBeVisible();
});

test('single keys: / searches incidents, n opens a new one, ? lists them; none of them while typing', async ({ page, sim, launch }) => {
  const app = await launch();
  await addAcmeAccount(app, sim, 'Acme');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await page.keyboard.press('/');
  const search = page.getByRole('searchbox', { name: 'Search incidents' });
  await expect(search).toBeFocused();
  // In a field the keys type.
  await page.keyboard.type('n?');
  await expect(search).toHaveValue('n?');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await search.fill('');
  await page.getByRole('heading', { level: 1, name: 'Incidents' }).click();

  await page.keyboard.press('n');
  const editor = page.getByRole('dialog', { name: 'New incident' });
  await expect(editor).toBeVisible();
  await expect(page.getByRole('button', { name: 'New incident' }).first()).toHaveAttribute('aria-keyshortcuts', 'N');
  // An open dialog owns its keys: ? is typed in its field, and does not open the list over it.
  await page.keyboard.press('?');
  await expect(editor.getByLabel('Title')).toHaveValue('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
  await editor.getByLabel('Title').fill('');
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();

  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help).toContainText('Ctrl+K');
  await expect(help).toContainText('Search incidents');
  await expect(help).toContainText('New incident');
  await expectAccessible(page, 'keyboard shortcuts');
  await page.screenshot({ path: screenshotPath('keyboard-shortcuts.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: screenshotPath('keyboard-shortcuts-dark.png') });
  await help.getByRole('button', { name: 'Close' }).click();
  await expect(help).toBeHidden();
});

test('the global shortcut is off until chosen in Settings; pressed, the window opens the palette', async ({ page, launch }) => {
  const held: Array<{ accelerator: string | null; press: () => void }> = [];
  const app = await launch({
    ports: {
      globalShortcut: (accelerator, press) => {
        held.push({ accelerator, press });
        return accelerator !== 'Alt+Space'; // another app holds Alt+Space
      },
    },
  });
  await goTo(page, /Settings/, 'Settings');
  const card = page.getByRole('region', { name: 'Keyboard' });
  const toggle = card.getByRole('checkbox', { name: /palette open from any app/ });
  await expect(toggle).not.toBeChecked();
  expect(held.filter((entry) => entry.accelerator !== null)).toEqual([]);

  await toggle.check();
  await expect(card.getByRole('status')).toHaveText('CommandOrControl+Shift+K works from any app.');
  expect(held.at(-1)?.accelerator).toBe('CommandOrControl+Shift+K');

  // Keys another app has are refused in words; keys that are not a shortcut are refused before the OS is asked.
  await card.getByLabel('Keys').fill('Alt+Space');
  await card.getByRole('button', { name: 'Save keys' }).click();
  await expect(card.getByRole('status')).toHaveText('Alt+Space is taken by another app or by the system: choose other keys.');
  await card.getByLabel('Keys').fill('K');
  await card.getByRole('button', { name: 'Save keys' }).click();
  await expect(card.getByRole('alert')).toContainText('a letter alone would be taken from every app');
  await card.getByLabel('Keys').fill('Control+Alt+K');
  await card.getByRole('button', { name: 'Save keys' }).click();
  await expect(card.getByRole('status')).toHaveText('Control+Alt+K works from any app.');
  await card.screenshot({ path: screenshotPath('global-shortcut-settings.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await card.screenshot({ path: screenshotPath('global-shortcut-settings-dark.png') });

  // Pressed from another app: the core tells the window, which opens the palette.
  held.at(-1)!.press();
  await expect(palette(page)).toBeVisible();
  await expect(palette(page).getByRole('combobox', { name: 'Command' })).toBeFocused();
  expect((await app.core.globalShortcut.state()).accelerator).toBe('Control+Alt+K');
});

import type { UpdateState } from '../../shared/updates/update-state';
import type { UpdaterPort } from '../../electron/services/updates/updates-feature';
import { expect, test } from './support/fixtures';
import { screenshotPath } from './support/screenshots';

/*
 * Settings → Updates: what an installed app shows while electron-updater checks, downloads and waits for the
 * quit (the updater's reports played by a fake port: no release server here), and what a development build says.
 */

/** Reports what electron-updater would: a check finds 0.2.0 and downloads it. */
function releasedUpdater(): UpdaterPort & { installOnQuit: boolean | null } {
  const listeners = new Set<(state: UpdateState) => void>();
  const tell = (state: UpdateState) => listeners.forEach((listener) => listener(state));
  const port = {
    installOnQuit: null as boolean | null,
    async check() {
      tell({ phase: 'checking' });
      setTimeout(() => tell({ phase: 'downloading', version: '0.2.0', percent: 42 }), 50);
      setTimeout(() => tell({ phase: 'downloaded', version: '0.2.0' }), 400);
    },
    setInstallOnQuit(on: boolean) {
      port.installOnQuit = on;
    },
    onState(listener: (state: UpdateState) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return port;
}

test('an installed app checks on request, shows the download, and installs on quit unless told not to', async ({ page, launch }) => {
  const updater = releasedUpdater();
  await launch({ build: { packaged: true, demo: false }, ports: { updater } });
  await page.getByRole('button', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Updates' });
  await expect(section.getByRole('status')).toHaveText('Version 0.0.0-e2e. New versions are looked for at start and every 6 hours.');
  await section.getByRole('button', { name: 'Check for updates' }).click();
  await expect(section.getByRole('status')).toHaveText('Version 0.2.0 is ready and will be installed when you quit Statusdesk.');
  await expect(section.getByRole('button', { name: 'Check for updates' })).toBeDisabled();
  await section.screenshot({ path: screenshotPath('settings-updates.png') });
  await section.getByLabel('Install when quitting').uncheck();
  await expect(section.getByRole('status')).toContainText('turn on "Install when quitting"');
  expect(updater.installOnQuit).toBe(false);
});

test('a development build says it does not update itself and offers nothing to click', async ({ page, launch }) => {
  await launch();
  await page.getByRole('button', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Updates' });
  await expect(section.getByRole('status')).toHaveText('Version 0.0.0-e2e, a development build: it does not update itself.');
  await expect(section.getByRole('button')).toHaveCount(0);
});

import type { UpdateDeliveryKind, UpdateState } from '../../shared/updates/update-state';
import type { InstalledBuild } from '../../electron/core/updates/update-policy';
import type { UpdaterPort } from '../../electron/core/updates/updates-feature';
import { expect, test } from './support/fixtures';
import { E2E_VERSION } from './support/harness';
import { screenshotPath } from './support/screenshots';

/*
 * Settings → Updates: what an installed app shows while electron-updater checks, downloads and waits for the
 * quit (the updater's reports played by a fake port: no release server here), what a .deb install shows (told, never
 * installed), what an unsigned build says, and what a development build says.
 */

const RELEASES = 'https://github.com/statusdesk/statusdesk/releases';

/** Reports what electron-updater would: a check finds 0.2.0 and downloads it, or only announces it (notify). */
function releasedUpdater(build: InstalledBuild): UpdaterPort & { installOnQuit: boolean | null; checks: UpdateDeliveryKind[] } {
  const listeners = new Set<(state: UpdateState) => void>();
  const tell = (state: UpdateState) => listeners.forEach((listener) => listener(state));
  const port = {
    installOnQuit: null as boolean | null,
    checks: [] as UpdateDeliveryKind[],
    async inspect() {
      return build;
    },
    async check(delivery: UpdateDeliveryKind) {
      port.checks.push(delivery);
      tell({ phase: 'checking' });
      if (delivery === 'notify') {
        setTimeout(() => tell({ phase: 'available', version: '0.2.0', releaseUrl: `${RELEASES}/tag/v0.2.0` }), 50);
        return;
      }
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
  const updater = releasedUpdater({ platform: 'win32', linuxPackage: null, signed: true, releasesUrl: RELEASES });
  await launch({ build: { packaged: true, demo: false }, ports: { updater } });
  await page.getByRole('button', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Updates' });
  await expect(section.getByRole('status')).toHaveText(`Version ${E2E_VERSION}. New versions are looked for at start and every 6 hours.`);
  await expect(section.getByLabel('Install when quitting')).toBeChecked();
  await section.getByRole('button', { name: 'Check for updates' }).click();
  await expect(section.getByRole('status')).toHaveText('Version 0.2.0 is ready and will be installed when you quit Statusdesk.');
  await expect(section.getByRole('button', { name: 'Check for updates' })).toBeDisabled();
  await expect(section.getByRole('link')).toHaveCount(0);
  await section.screenshot({ path: screenshotPath('settings-updates.png') });
  await section.getByLabel('Install when quitting').uncheck();
  await expect(section.getByRole('status')).toContainText('turn on "Install when quitting"');
  expect(updater.installOnQuit).toBe(false);
  expect(updater.checks).toEqual(['install']);
});

test('a .deb install is told a version is out and linked to its release page; nothing is installed on quit', async ({ page, launch }) => {
  const updater = releasedUpdater({ platform: 'linux', linuxPackage: 'deb', signed: null, releasesUrl: RELEASES });
  await launch({ build: { packaged: true, demo: false }, ports: { updater } });
  await page.getByRole('button', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Updates' });
  await expect(section.getByRole('status')).toHaveText(
    `Version ${E2E_VERSION}, installed from a .deb package: Statusdesk tells you when a new version is out, and your package manager installs it. New versions are looked for at start and every 6 hours.`,
  );
  await expect(section.getByLabel('Install when quitting')).toHaveCount(0);
  await expect(section.getByRole('link', { name: 'Open the releases page' })).toHaveAttribute('href', RELEASES);
  await section.getByRole('button', { name: 'Check for updates' }).click();
  await expect(section.getByRole('status')).toHaveText(
    'Version 0.2.0 is out: download it from its release page; install it with your package manager (Statusdesk was installed from a .deb package and never installs one itself).',
  );
  const release = section.getByRole('link', { name: 'Open the 0.2.0 release page' });
  await expect(release).toHaveAttribute('href', `${RELEASES}/tag/v0.2.0`);
  // Opened outside the window (the main process hands https links to the system browser).
  await expect(release).toHaveAttribute('target', '_blank');
  await expect(section.getByRole('button', { name: 'Check for updates' })).toBeEnabled();
  await section.screenshot({ path: screenshotPath('settings-updates-deb.png') });
  expect(updater.checks).toEqual(['notify']);
});

test('an unsigned build says its updates are off and why, and links to the releases page', async ({ page, launch }) => {
  const updater = releasedUpdater({ platform: 'darwin', linuxPackage: null, signed: false, releasesUrl: RELEASES });
  await launch({ build: { packaged: true, demo: false }, ports: { updater } });
  await page.getByRole('button', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Updates' });
  await expect(section.getByRole('status')).toHaveText(
    `Version ${E2E_VERSION} is not code-signed, so it does not update itself: a downloaded update could not be checked to come from the Statusdesk publisher. Get new versions from the releases page.`,
  );
  await expect(section.getByRole('link', { name: 'Open the releases page' })).toHaveAttribute('href', RELEASES);
  await expect(section.getByRole('button')).toHaveCount(0);
  await expect(section.getByRole('checkbox')).toHaveCount(0);
  await section.screenshot({ path: screenshotPath('settings-updates-unsigned.png') });
  expect(updater.checks).toEqual([]);
});

test('a development build says it does not update itself and offers nothing to click', async ({ page, launch }) => {
  await launch();
  await page.getByRole('button', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Updates' });
  await expect(section.getByRole('status')).toHaveText(`Version ${E2E_VERSION}, a development build: it does not update itself.`);
  await expect(section.getByRole('button')).toHaveCount(0);
  await expect(section.getByRole('link')).toHaveCount(0);
});

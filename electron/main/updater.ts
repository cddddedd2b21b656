import { execFile } from 'node:child_process';
import type * as ElectronUpdaterModule from 'electron-updater';
import type { AppUpdater, UpdateInfo } from 'electron-updater';
import type { UpdateDeliveryKind, UpdateState } from '@shared/updates/update-state';
import { inspectInstalledBuild } from '@core/updates/installed-build';
import { releasePageUrl } from '@core/updates/update-policy';
import type { UpdaterPort } from '@core/updates/updates-feature';

type ElectronUpdater = typeof ElectronUpdaterModule;

/**
 * electron-updater behind the core's updater port: GitHub releases (electron-builder.yml's publish). What it may do
 * is decided by the core (`deliveryFor` in update-policy.ts) and handed to each check:
 * - `install`: the new version is downloaded in the background and installed on quit when the user leaves that on;
 * - `notify`: nothing is downloaded and nothing installed (no pkexec or sudo for a .deb); the new version and its
 *   release page are reported.
 * Loaded on the first look at the build or the first check, so a start never waits for it and a development run
 * never loads it.
 */
export function createElectronUpdater(log: (message: string) => void, hooks: { appImageRenamed?: (file: string) => void } = {}): UpdaterPort {
  const listeners = new Set<(state: UpdateState) => void>();
  const tell = (state: UpdateState) => {
    for (const listener of listeners) listener(state);
  };
  let installOnQuit = true;
  // Nothing is installed until a check says this copy may install: notify is what an unknown copy gets.
  let delivery: UpdateDeliveryKind = 'notify';
  let releasesUrl: string | null = null;
  let newVersion = '';
  let module: Promise<ElectronUpdater> | null = null;
  let loading: Promise<AppUpdater> | null = null;
  const loadModule = () => (module ??= import('electron-updater'));
  const load = () =>
    (loading ??= loadModule().then(({ autoUpdater }) => {
      autoUpdater.autoDownload = false;
      autoUpdater.autoInstallOnAppQuit = false;
      autoUpdater.logger = { info: log, warn: log, error: log, debug: () => undefined };
      autoUpdater.on('checking-for-update', () => tell({ phase: 'checking' }));
      autoUpdater.on('update-not-available', () => tell({ phase: 'up-to-date', checkedAt: new Date().toISOString() }));
      autoUpdater.on('update-available', (info) => {
        newVersion = String(info.version).slice(0, 100);
        tell(
          delivery === 'install'
            ? { phase: 'downloading', version: newVersion, percent: 0 }
            : { phase: 'available', version: newVersion, releaseUrl: releasePageUrl(releasesUrl, tagOf(info)) },
        );
      });
      autoUpdater.on('download-progress', (progress) => {
        if (delivery === 'install') tell({ phase: 'downloading', version: newVersion, percent: Math.min(100, Math.max(0, progress.percent)) });
      });
      autoUpdater.on('update-downloaded', (info) => tell({ phase: 'downloaded', version: String(info.version).slice(0, 100) }));
      // An AppImage's name carries its version: what names the old file (start at login) must follow the new one.
      autoUpdater.on('appimage-filename-updated', (file) => hooks.appImageRenamed?.(file));
      autoUpdater.on('error', (error) => tell({ phase: 'error', message: describeError(error) }));
      return autoUpdater;
    }));

  return {
    async inspect() {
      const build = await inspectInstalledBuild({
        platform: process.platform,
        env: process.env,
        resourcesPath: process.resourcesPath,
        execPath: process.execPath,
        verifyWindowsSignature: async (publisherNames, file) => {
          const { autoUpdater, NsisUpdater } = await loadModule();
          if (!(autoUpdater instanceof NsisUpdater)) return 'not the Windows (NSIS) updater';
          return autoUpdater.verifyUpdateCodeSignature(publisherNames, file);
        },
        codesign: (args) =>
          new Promise((resolve) => {
            execFile('/usr/bin/codesign', args, { timeout: 20_000 }, (error, _stdout, stderr) => {
              const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
              resolve({ code, stderr: String(stderr) });
            });
          }),
      });
      releasesUrl = build.releasesUrl;
      log(`updates: ${build.platform}, package ${build.linuxPackage ?? '-'}, signed ${build.signed ?? '-'}`);
      return build;
    },
    async check(how) {
      delivery = how;
      const updater = await load();
      const installs = how === 'install';
      updater.autoDownload = installs;
      updater.autoInstallOnAppQuit = installs && installOnQuit;
      // electron-updater's AppImage updater (the one any Linux copy without package-type gets) skips the check unless
      // APPIMAGE is set. A notify-only check downloads nothing, so it may look anyway; in a packaged app the flag
      // changes nothing else (the feed is still resources/app-update.yml).
      updater.forceDevUpdateConfig = !installs;
      const result = await updater.checkForUpdates().catch((error: unknown) => {
        throw new Error(describeError(error));
      });
      if (result === null) tell({ phase: 'error', message: 'this copy cannot look for new versions' });
    },
    setInstallOnQuit(on) {
      installOnQuit = on;
      void loading?.then((updater) => (updater.autoInstallOnAppQuit = delivery === 'install' && on));
    },
    onState(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The release's tag (GitHub's feed gives it; electron-builder tags `v<version>` otherwise). */
function tagOf(info: UpdateInfo): string {
  const tag = (info as UpdateInfo & { tag?: unknown }).tag;
  return typeof tag === 'string' && tag !== '' ? tag : `v${String(info.version)}`;
}

function describeError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ENOENT' && message.includes('app-update.yml')) return 'this copy was not installed from a release, so it has no update feed';
  return message.slice(0, 300);
}

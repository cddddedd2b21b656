import type { AppUpdater } from 'electron-updater';
import type { UpdateState } from '../../shared/updates/update-state';
import type { UpdaterPort } from '../services/updates/updates-feature';

type AutoUpdater = AppUpdater;

/**
 * electron-updater behind the core's updater port: GitHub releases (electron-builder.yml's publish), the
 * download in the background, installed on quit when the user leaves that on. Loaded on the first check, so
 * a start never waits for it and a development run never loads it.
 */
export function createElectronUpdater(log: (message: string) => void, hooks: { appImageRenamed?: (file: string) => void } = {}): UpdaterPort {
  const listeners = new Set<(state: UpdateState) => void>();
  const tell = (state: UpdateState) => {
    for (const listener of listeners) listener(state);
  };
  let installOnQuit = true;
  let loading: Promise<AutoUpdater> | null = null;
  const load = () =>
    (loading ??= import('electron-updater').then(({ autoUpdater }) => {
      autoUpdater.autoDownload = true;
      autoUpdater.autoInstallOnAppQuit = installOnQuit;
      autoUpdater.logger = { info: log, warn: log, error: log, debug: () => undefined };
      autoUpdater.on('checking-for-update', () => tell({ phase: 'checking' }));
      autoUpdater.on('update-not-available', () => tell({ phase: 'up-to-date', checkedAt: new Date().toISOString() }));
      autoUpdater.on('update-available', (info) => tell({ phase: 'downloading', version: String(info.version), percent: 0 }));
      autoUpdater.on('download-progress', (progress) => tell({ phase: 'downloading', version: '', percent: Math.min(100, Math.max(0, progress.percent)) }));
      autoUpdater.on('update-downloaded', (info) => tell({ phase: 'downloaded', version: String(info.version) }));
      // An AppImage's name carries its version: what names the old file (start at login) must follow the new one.
      autoUpdater.on('appimage-filename-updated', (file) => hooks.appImageRenamed?.(file));
      autoUpdater.on('error', (error) => tell({ phase: 'error', message: (error instanceof Error ? error.message : String(error)).slice(0, 300) }));
      return autoUpdater;
    }));
  return {
    async check() {
      const updater = await load();
      await updater.checkForUpdates();
    },
    setInstallOnQuit(on) {
      installOnQuit = on;
      void loading?.then((updater) => (updater.autoInstallOnAppQuit = on));
    },
    onState(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

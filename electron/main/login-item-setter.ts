import os from 'node:os';
import type { App } from 'electron';
import { AppError } from '@shared/errors';
import { repairXdgAutostart } from '@core/desktop/autostart-repair';
import { loginCommand, loginItemMechanism } from '@core/desktop/login-item';
import { setXdgAutostart } from '@core/desktop/xdg-autostart';

/** The command that starts this copy of the app; `appImage` is the AppImage file it runs from, if any. */
function commandOf(app: App, appImage: string | undefined): string[] {
  return loginCommand({ isPackaged: app.isPackaged, execPath: process.execPath, appPath: app.getAppPath(), appImage: appImage || undefined });
}

/** "Start at login" for this system: macOS and Windows login items, an XDG autostart entry on Linux. */
export function loginItemSetter(app: App): (enabled: boolean) => void {
  return (enabled) => {
    const mechanism = loginItemMechanism(process.platform);
    if (mechanism === 'system-login-items') {
      app.setLoginItemSettings({ openAtLogin: enabled });
      return;
    }
    if (mechanism === 'xdg-autostart') {
      setXdgAutostart(enabled, { env: process.env, home: os.homedir(), command: commandOf(app, process.env.APPIMAGE) });
      return;
    }
    throw new AppError('unsupported', 'Start at login is not available on this system.');
  };
}

/**
 * Points the XDG autostart entry at this app when "start at login" is on and the entry names another file: at
 * every start, and when an update renames the AppImage (`appImage` is then the new file). Nothing asked for
 * it, so a failure is logged, never thrown (the rename comes in the middle of electron-updater's install).
 */
export function repairLoginItem(app: App, options: { wanted: () => boolean; appImage: string | undefined; log: (message: string) => void }): void {
  try {
    const done = repairXdgAutostart({ wanted: options.wanted(), env: process.env, home: os.homedir(), command: commandOf(app, options.appImage) });
    if (done === 'write') options.log('start at login: the autostart entry now starts this copy of the app');
  } catch (error) {
    options.log(`start at login: ${error instanceof Error ? error.message : String(error)}`);
  }
}

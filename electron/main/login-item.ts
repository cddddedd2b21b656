import os from 'node:os';
import type { App } from 'electron';
import { AppError } from '../../shared/errors';
import { loginCommand, loginItemMechanism } from '../services/desktop/login-item';
import { setXdgAutostart } from '../services/desktop/xdg-autostart';

/** "Start at login" for this system: macOS and Windows login items, an XDG autostart entry on Linux. */
export function loginItemSetter(app: App): (enabled: boolean) => void {
  return (enabled) => {
    const mechanism = loginItemMechanism(process.platform);
    if (mechanism === 'system-login-items') {
      app.setLoginItemSettings({ openAtLogin: enabled });
      return;
    }
    if (mechanism === 'xdg-autostart') {
      const command = loginCommand({
        isPackaged: app.isPackaged,
        execPath: process.execPath,
        appPath: app.getAppPath(),
        appImage: process.env.APPIMAGE || undefined,
      });
      setXdgAutostart(enabled, { env: process.env, home: os.homedir(), command });
      return;
    }
    throw new AppError('unsupported', 'Start at login is not available on this system.');
  };
}

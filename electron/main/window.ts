import { BrowserWindow } from 'electron';
import { secureWebPreferences } from '@core/security/web-preferences';

interface MainWindowOptions {
  preloadPath: string;
  startUrl: string;
  iconPath?: string;
  /** An installed app: no DevTools. */
  packaged: boolean;
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1200,
    height: 800,
    minWidth: 760,
    minHeight: 520,
    title: 'Statusdesk',
    show: false,
    backgroundColor: '#0f172a',
    ...(options.iconPath ? { icon: options.iconPath } : {}),
    webPreferences: secureWebPreferences(options.preloadPath, { packaged: options.packaged }),
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(options.startUrl);
  return window;
}

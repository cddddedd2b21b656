import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, ipcMain, protocol, session, shell } from 'electron';
import { AppCore } from '../services/app-core';
import { APP_ORIGIN } from '../services/security/app-protocol';
import { originOf } from '../services/security/trusted-sender';
import { resolveDataDir } from '../services/settings/data-dir';
import { KeychainSecretStore } from '../services/vault/keychain-store';
import { KeyVault } from '../services/vault/key-vault';
import { APP_SCHEME_PRIVILEGES, serveRenderer } from './app-protocol';
import { hardenApp, hardenSession } from './hardening';
import { forwardEventsTo, registerIpcHandlers } from './ipc-bridge';
import { createMainWindow } from './window';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The app's own origins: the packaged renderer, plus the dev server while developing. */
export function appOriginsFor(devServerUrl: string | undefined): string[] {
  const origins = [APP_ORIGIN];
  const dev = devServerUrl ? originOf(devServerUrl) : null;
  if (dev) origins.push(dev);
  return origins;
}

/**
 * The composition root: Electron adapters around the AppCore. Everything that decides something lives in
 * services/ and is tested in Node; this file only wires.
 */
export function bootstrap(): void {
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);

  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }

  const dataDir = resolveDataDir();
  app.setPath('userData', dataDir);

  const devServerUrl = process.env.ELECTRON_RENDERER_URL || undefined;
  const appOrigins = appOriginsFor(devServerUrl);
  hardenApp(app, shell, appOrigins);

  let mainWindow: BrowserWindow | null = null;
  const showWindow = () => {
    if (!mainWindow || mainWindow.isDestroyed()) {
      mainWindow = createMainWindow({
        preloadPath: path.join(here, '../preload/index.cjs'),
        startUrl: devServerUrl ?? `${APP_ORIGIN}/index.html`,
      });
      forwardEventsTo(mainWindow.webContents, core.events);
    } else {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.show();
      mainWindow.focus();
    }
  };

  const core = new AppCore({
    dataDir,
    vault: new KeyVault(new KeychainSecretStore()),
    version: app.getVersion(),
    appOrigins,
    log: (message) => console.log(`[statusdesk] ${message}`),
  });

  app.on('second-instance', showWindow);

  void app.whenReady().then(() => {
    serveRenderer(protocol, path.join(here, '../renderer'));
    hardenSession(session.defaultSession, appOrigins);
    registerIpcHandlers(ipcMain, core.dispatcher);
    showWindow();
    app.on('activate', showWindow);
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('will-quit', () => {
    void core.dispose();
  });
}

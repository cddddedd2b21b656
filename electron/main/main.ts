import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, dialog, ipcMain, protocol, session, shell } from 'electron';
import type { AppPorts } from '../services/app-core';
import { APP_ORIGIN } from '../services/security/app-protocol';
import { canOpenExternal } from '../services/security/navigation';
import { originOf } from '../services/security/trusted-sender';
import { resolveDataDir } from '../services/settings/data-dir';
import { APP_SCHEME_PRIVILEGES, serveRenderer } from './app-protocol';
import { DesktopShell } from './desktop-shell';
import { hardenApp, hardenSession } from './hardening';
import { forwardEventsTo, registerIpcHandlers } from './ipc-bridge';
import { createNotifier } from './notifier';
import { startCore } from './start-core';
import { electronSystemSignals } from './system-signals';
import { createTray } from './tray';
import { createMainWindow } from './window';
import { MainWindowController } from './window-controller';

const here = path.dirname(fileURLToPath(import.meta.url));
const log = (message: string) => console.log(`[statusdesk] ${message}`);

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

  let closeToTray = () => true;
  let onWindowCreated: (window: Electron.BrowserWindow) => void = () => undefined;
  const windows = new MainWindowController({
    create: () =>
      createMainWindow({
        preloadPath: path.join(here, '../preload/index.cjs'),
        startUrl: devServerUrl ?? `${APP_ORIGIN}/index.html`,
        iconPath: path.join(iconsDir(), 'icon.png'),
      }),
    closeToTray: () => closeToTray(),
    onCreated: (window) => onWindowCreated(window),
  });
  const desktop = new DesktopShell({ windows, quit: () => app.quit(), log });

  app.on('second-instance', () => desktop.showWindow());
  app.on('activate', () => desktop.showWindow());
  app.on('before-quit', () => windows.allowClose());
  // The tray keeps the app alive when the window is closed; quitting is explicit (tray menu, or the OS).
  app.on('window-all-closed', () => undefined);

  void app
    .whenReady()
    .then(async () => {
      serveRenderer(protocol, path.join(here, '../renderer'));
      hardenSession(session.defaultSession, appOrigins);

      // Adapters first: every port handed to the core is a live Electron object before the core exists, so a
      // port called while the core starts (the demo's first poll pushes a tray model) always has its target.
      const system = electronSystemSignals();
      const tray = createTray(iconsDir(), {
        open: () => desktop.showWindow(),
        openPage: (pageId) => desktop.openTarget({ pageId }),
        run: (action, durationMs) => desktop.runTrayAction(action, durationMs),
      });
      const ports: AppPorts = {
        // The system browser, for https only (the Google sign-in page); anything else is refused, never opened.
        openExternal: async (url) => {
          if (!canOpenExternal(url)) throw new Error('Only https addresses are opened in the browser.');
          await shell.openExternal(url);
        },
        notify: createNotifier((target) => desktop.openTarget(target)),
        setTray: (model) => tray.update(model),
        signals: system.signals,
        setLoginItem: (enabled) => app.setLoginItemSettings({ openAtLogin: enabled }),
      };

      const started = await startCore({
        dataDir,
        appOrigins,
        ports,
        version: app.getVersion(),
        demo: process.env.STATUSDESK_DEMO === '1',
        log,
      });
      const { core } = started;
      closeToTray = () => core.monitor.desktopPrefs().closeToTray;
      onWindowCreated = (window) => forwardEventsTo(window.webContents, core.events);
      registerIpcHandlers(ipcMain, core.dispatcher);
      desktop.attach(core);
      desktop.showWindow();
      void core.start();
      app.on('will-quit', () => {
        system.stop();
        tray.destroy();
        void started.stop();
      });
    })
    .catch((error: unknown) => {
      // Nothing to run without the core: say why in a dialog (the app may have no window yet) and end.
      const message = error instanceof Error ? error.message : String(error);
      log(`could not start: ${message}`);
      dialog.showErrorBox('Statusdesk could not start', message);
      app.exit(1);
    });
}

/** Resources beside the app: the repository's resources/ in development, the packaged resources/ otherwise. */
function iconsDir(): string {
  return app.isPackaged ? path.join(process.resourcesPath, 'icons') : path.join(app.getAppPath(), 'resources/icons');
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, ipcMain, protocol, session, shell } from 'electron';
import { AppCore, type AppPorts } from '../services/app-core';
import { startDesktopDemo } from '../services/demo/desktop-demo';
import { APP_ORIGIN } from '../services/security/app-protocol';
import { canOpenExternal } from '../services/security/navigation';
import { originOf } from '../services/security/trusted-sender';
import { resolveDataDir } from '../services/settings/data-dir';
import { KeychainSecretStore } from '../services/vault/keychain-store';
import { KeyVault } from '../services/vault/key-vault';
import { APP_SCHEME_PRIVILEGES, serveRenderer } from './app-protocol';
import { hardenApp, hardenSession } from './hardening';
import { forwardEventsTo, registerIpcHandlers } from './ipc-bridge';
import { createMainWindow } from './window';
import { createNotifier } from './notifier';
import { electronSystemSignals } from './system-signals';
import { createTray } from './tray';

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
  let core: AppCore | null = null;
  let quitting = false;

  const showWindow = () => {
    if (!core) return;
    if (!mainWindow || mainWindow.isDestroyed()) {
      mainWindow = createMainWindow({
        preloadPath: path.join(here, '../preload/index.cjs'),
        startUrl: devServerUrl ?? `${APP_ORIGIN}/index.html`,
        iconPath: path.join(iconsDir(), 'icon.png'),
      });
      forwardEventsTo(mainWindow.webContents, core.events);
      const window = mainWindow;
      // Closing the window keeps the app in the tray (unless the user turned that off or is quitting).
      window.on('close', (event) => {
        if (!quitting && core?.monitor.desktopPrefs().closeToTray) {
          event.preventDefault();
          window.hide();
        }
      });
    } else {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.show();
      mainWindow.focus();
    }
  };
  const openTarget = (target: { pageId: string; incidentId?: number }) => {
    showWindow();
    core?.openTarget(target);
  };

  app.on('second-instance', showWindow);
  app.on('before-quit', () => {
    quitting = true;
  });

  void app.whenReady().then(async () => {
    serveRenderer(protocol, path.join(here, '../renderer'));
    hardenSession(session.defaultSession, appOrigins);
    const system = electronSystemSignals();
    const started = await startCore({
      dataDir,
      appOrigins,
      ports: {
        // The system browser, for https only (the Google sign-in page); anything else is refused, never opened.
        openExternal: async (url) => {
          if (!canOpenExternal(url)) throw new Error('Only https addresses are opened in the browser.');
          await shell.openExternal(url);
        },
        notify: createNotifier(openTarget),
        setTray: (model) => tray.update(model),
        signals: system.signals,
        setLoginItem: (enabled) => app.setLoginItemSettings({ openAtLogin: enabled }),
      },
    });
    core = started;
    const tray = createTray(iconsDir(), {
      open: showWindow,
      openPage: (pageId) => openTarget({ pageId }),
      run: (action, durationMs) => {
        if (action === 'open') showWindow();
        else if (action === 'quit') app.quit();
        else if (action === 'poll_now') void started.monitor.pollNow();
        else if (action === 'pause_notifications') void started.monitor.pauseNotifications(Math.round((durationMs ?? 3_600_000) / 60_000));
        else if (action === 'resume_notifications') void started.monitor.resumeNotifications();
      },
    });
    registerIpcHandlers(ipcMain, started.dispatcher);
    showWindow();
    void started.start();
    app.on('activate', showWindow);
    app.on('will-quit', () => {
      system.stop();
      tray.destroy();
      void started.dispose();
    });
  });

  // The tray keeps the app alive when the window is closed; quitting is explicit (tray menu, or the OS).
  app.on('window-all-closed', () => undefined);
}

/** Resources beside the app: the repository's resources/ in development, the packaged resources/ otherwise. */
function iconsDir(): string {
  return app.isPackaged ? path.join(process.resourcesPath, 'icons') : path.join(app.getAppPath(), 'resources/icons');
}

/** Builds the core; in demo mode (STATUSDESK_DEMO=1) against an embedded simulator playing a scenario. */
async function startCore(options: { dataDir: string; appOrigins: string[]; ports: AppPorts }): Promise<AppCore> {
  const log = (message: string) => console.log(`[statusdesk] ${message}`);
  const demo = process.env.STATUSDESK_DEMO === '1';
  // A demo runs in a throw-away data folder: it never touches the user's settings, history or outbox.
  const dataDir = demo ? mkdtempSync(path.join(tmpdir(), 'statusdesk-demo-')) : options.dataDir;
  const core = new AppCore({
    dataDir,
    vault: new KeyVault(new KeychainSecretStore()),
    version: app.getVersion(),
    appOrigins: options.appOrigins,
    ports: options.ports,
    log,
  });
  if (demo) {
    const running = await startDesktopDemo(core);
    log(`demo mode: simulator at ${running.sim.baseUrl}, data in ${dataDir}`);
    app.on('will-quit', () => {
      void running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });
  }
  return core;
}

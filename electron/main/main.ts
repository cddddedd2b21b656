import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { app, clipboard, crashReporter, dialog, globalShortcut, ipcMain, Menu, protocol, session, shell } from 'electron';
import type { AppPorts } from '@core/app-core-options';
import { oneDemoAtATime } from '@core/desktop/demo-launch';
import { APP_ID, APP_NAME } from '@core/desktop/app-identity';
import { applicationMenuTemplate } from '@core/desktop/application-menu';
import { keepsLoginItemCurrent } from '@core/desktop/login-item';
import { OpenTargetMailbox } from '@core/desktop/open-target-mailbox';
import { rendererSource } from '@core/desktop/renderer-source';
import { quitsWhenAllWindowsClosed } from '@core/desktop/window-all-closed';
import { canOpenExternal } from '@core/security/navigation';
import { resolveDataDir } from '@core/settings/data-dir';
import { keepYoungGenerationSmall } from '@core/desktop/young-generation';
import { logsDirOf } from '@core/logging/app-logger';
import type { DiagnosticsFeature } from '@core/logging/diagnostics-feature';
import { APP_SCHEME_PRIVILEGES, serveRenderer } from './app-protocol';
import { openAppLog } from './app-log';
import { keepCrashes } from './crash-reporting';
import { recoverFromCrashes } from './reload-after-crash';
import { refuseDebugSwitches } from './debug-switches';
import { DesktopShell, type OpenTarget } from './desktop-shell';
import { exitAfterCleanup } from './exit-after-cleanup';
import { hardenApp, hardenSession } from './hardening';
import { forwardEventsTo, registerIpcHandlers } from './ipc-bridge';
import { askBeforeLeaving } from './leave-question';
import { loginItemSetter, repairLoginItem } from './login-item-setter';
import { createNotifier } from './notifier';
import { globalShortcutPort } from './global-shortcut';
import { followPageReadiness } from './follow-page-readiness';
import { startCore } from './start-core';
import { electronSystemSignals } from './electron-system-signals';
import { createTray } from './tray';
import { createElectronUpdater } from './updater';
import { createMainWindow } from './window';
import { MainWindowController } from './window-controller';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The composition root: Electron adapters around the AppCore. Everything that decides something lives in
 * electron/core/ and is tested in Node; this file only wires.
 */
export function bootstrap(): void {
  keepYoungGenerationSmall();
  // Before anything loads: an installed app started with --inspect, --remote-debugging-port and the like ends.
  if (refuseDebugSwitches(app)) return;
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
  // Windows shows notifications under this id; it must be the installer's appId.
  if (process.platform === 'win32') app.setAppUserModelId(APP_ID);

  // A demo runs in a throw-away data folder: it never touches the user's settings, history, outbox or profile.
  const demo = process.env.STATUSDESK_DEMO === '1';
  const dataDir = demo ? mkdtempSync(path.join(tmpdir(), 'statusdesk-demo-')) : resolveDataDir();
  // The single-instance lock is scoped to userData, so it is set first: one app per data folder, and instances
  // on different folders (the installed app, npm start with its own STATUSDESK_HOME, a demo) never block each other.
  app.setPath('userData', dataDir);
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  // The log and the crash reports live in the data folder, from here on (logs/main.log, crashes/).
  const appLog = openAppLog(app, dataDir, demo);
  const log = (message: string) => appLog.log.line('info', message);
  keepCrashes(app, crashReporter, dataDir, appLog.log);
  // Help → Open logs folder works before the core exists; Copy diagnostics once it does.
  let diagnostics: DiagnosticsFeature | null = null;
  const openPath = async (folder: string) => {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    return shell.openPath(folder);
  };

  const renderer = rendererSource({ isPackaged: app.isPackaged, rendererUrl: process.env.ELECTRON_RENDERER_URL || undefined });
  hardenApp(app, shell, renderer.appOrigins);

  // Set once the core exists; until then nothing can create a window (the shell waits for the core).
  let closeToTray = () => true;
  let startAtLogin = () => false;
  let openTargets: OpenTargetMailbox<OpenTarget> | null = null;
  let onWindowCreated: (window: Electron.BrowserWindow) => void = () => undefined;
  const windows = new MainWindowController({
    create: () =>
      createMainWindow({
        preloadPath: path.join(here, '../preload/index.cjs'),
        startUrl: renderer.startUrl,
        iconPath: path.join(iconsDir(), 'icon.png'),
        packaged: app.isPackaged,
      }),
    closeToTray: () => closeToTray(),
    onCreated: (window) => onWindowCreated(window),
  });
  const desktop = new DesktopShell({ windows, quit: () => app.quit(), openTarget: (target) => openTargets?.post(target), log });

  app.on('second-instance', () => desktop.showWindow());
  app.on('activate', () => desktop.showWindow());
  app.on('before-quit', () => windows.allowClose());
  // With "keep running in the tray" on, the window only hides; off, closing it ends the app (not on macOS).
  app.on('window-all-closed', () => {
    if (quitsWhenAllWindowsClosed({ platform: process.platform, closeToTray: closeToTray() })) app.quit();
  });

  void app
    .whenReady()
    .then(async () => {
      serveRenderer(protocol, path.join(here, '../renderer'));
      hardenSession(session.defaultSession, renderer.appOrigins);
      // Electron's default menu has Reload and Toggle Developer Tools; an installed app's has neither.
      Menu.setApplicationMenu(
        Menu.buildFromTemplate(
          applicationMenuTemplate(process.platform, app.isPackaged, {
            openLogsFolder: () => void (diagnostics ? diagnostics.openLogsFolder() : openPath(logsDirOf(dataDir))),
            copyDiagnostics: () => void diagnostics?.copy(),
          }),
        ),
      );
      // Linux shows only what is set here in Help → About.
      app.setAboutPanelOptions({ applicationName: APP_NAME, applicationVersion: app.getVersion() });

      // Adapters first: every port handed to the core is a live Electron object before the core exists, so a
      // port called while the core starts (the demo's first poll pushes a tray model) always has its target.
      const system = electronSystemSignals();
      const tray = createTray(iconsDir(), {
        open: () => desktop.showWindow(),
        openPage: (pageId) => desktop.openTarget({ pageId }),
        run: (action, durationMs) => desktop.runTrayAction(action, durationMs),
      });
      log('tray: ready');
      const ports: AppPorts = {
        // The system browser, for https only (the Google sign-in page); anything else is refused, never opened.
        openExternal: async (url) => {
          if (!canOpenExternal(url)) throw new Error('Only https addresses are opened in the browser.');
          await shell.openExternal(url);
        },
        notify: createNotifier((target) => desktop.openTarget(target)),
        setTray: (model) => tray.update(model),
        signals: system.signals,
        setLoginItem: loginItemSetter(app),
        // Off until the user picks keys in Settings; a press brings the window up with the palette open.
        globalShortcut: globalShortcutPort(globalShortcut, () => desktop.showWindow()),
        copyText: (text) => clipboard.writeText(text),
        openPath,
        openDemo: oneDemoAtATime({
          isPackaged: app.isPackaged,
          execPath: process.execPath,
          appPath: app.getAppPath(),
          appImage: process.env.APPIMAGE,
          env: process.env,
        }),
        // Only an installed app updates itself, and never the demo.
        ...(app.isPackaged && !demo
          ? { updater: createElectronUpdater(log, { appImageRenamed: (file) => repairLoginItem(app, { wanted: startAtLogin, appImage: file, log }) }) }
          : {}),
      };

      const started = await startCore({
        dataDir,
        appOrigins: renderer.appOrigins,
        ports,
        version: app.getVersion(),
        demo,
        packaged: app.isPackaged,
        log: appLog.log,
        secrets: appLog.secrets,
      });
      const { core } = started;
      diagnostics = core.diagnostics;
      exitAfterCleanup(
        app,
        async () => {
          system.stop();
          tray.destroy();
          await started.stop();
        },
        { log },
      );
      closeToTray = () => core.desktop.prefs().closeToTray;
      startAtLogin = () => core.desktop.prefs().startAtLogin;
      // An AppImage updated by hand, or moved, since the last start: the autostart entry follows this copy.
      if (keepsLoginItemCurrent({ platform: process.platform, isPackaged: app.isPackaged, demo })) {
        repairLoginItem(app, { wanted: startAtLogin, appImage: process.env.APPIMAGE, log });
      }
      // A click that opens the window waits for its page to load: sent earlier, it would reach no listener. The
      // same after a reload or a crash: held until the new page has loaded.
      const mailbox = new OpenTargetMailbox<OpenTarget>((target) => core.openTarget(target));
      openTargets = mailbox;
      // A window's renderer gone (crashed, killed, out of memory) is an error in the log, with its reason.
      const recoverCrashes = recoverFromCrashes(windows, (message) => appLog.log.line('error', message, message));
      // An editor with unsent text: closing, reloading or quitting asks first (Stay calls a quit off).
      const askBeforeLeavingIn = askBeforeLeaving({ onStay: () => windows.quitCalledOff(), log });
      onWindowCreated = (window) => {
        mailbox.notReady();
        forwardEventsTo(window.webContents, core.events);
        followPageReadiness(window.webContents, renderer.appOrigins, (ready) => (ready ? mailbox.ready() : mailbox.notReady()));
        window.webContents.once('destroyed', () => mailbox.notReady());
        recoverCrashes(window);
        askBeforeLeavingIn(window);
      };
      registerIpcHandlers(ipcMain, core.dispatcher);
      desktop.attach(core);
      desktop.showWindow();
      core.start().catch((error: unknown) => log(`start: ${error instanceof Error ? error.message : String(error)}`));
    })
    .catch((error: unknown) => {
      // Nothing to run without the core: say why in a dialog (the app may have no window yet) and end.
      const message = error instanceof Error ? error.message : String(error);
      appLog.log.line('error', `could not start: ${message}`);
      dialog.showErrorBox('Statusdesk could not start', message);
      app.exit(1);
    });
}

/** Resources beside the app: the repository's resources/ in development, the packaged resources/ otherwise. */
function iconsDir(): string {
  return app.isPackaged ? path.join(process.resourcesPath, 'icons') : path.join(app.getAppPath(), 'resources/icons');
}

import type { NotificationIntent } from '@shared/monitor/notification-intent';
import type { TrayModel } from '@shared/monitor/tray';
import type { SystemSignals } from './monitor/system-signals';
import type { UpdaterPort } from './updates/updates-feature';
import type { GlobalShortcutPort } from './shortcuts/global-shortcut-feature';
import type { KeyVault } from './vault/key-vault';
import type { ProbeClientFactory } from './accounts/accounts-service';
import type { CoreLog } from './logging/core-log';
import type { MonitorFeatureOptions } from './monitor/monitor-feature';
import type { KnownSecrets } from './security/known-secrets';

/**
 * What the core asks of its host: Electron's shell, notifications, tray and power events in the app; plain
 * recorders in the end-to-end harness. Each is optional so the core also runs headless.
 */
export interface AppPorts {
  /** Opens an https URL in the system browser (never an embedded window). */
  openExternal?: (url: string) => Promise<void>;
  /** Shows a native notification; a click comes back through `AppCore.openTarget`. */
  notify?: (intent: NotificationIntent) => void;
  /** Redraws the tray icon, tooltip and menu. */
  setTray?: (model: TrayModel) => void;
  /** Sleep, wake and network changes (Electron's powerMonitor and net). */
  signals?: SystemSignals;
  /** Start the app at login, or not. */
  setLoginItem?: (enabled: boolean) => void;
  /** electron-updater, in a packaged app that is not the demo. */
  updater?: UpdaterPort;
  /** Electron's globalShortcut: holds the keys that bring the window up with the palette. */
  globalShortcut?: GlobalShortcutPort;
  /** Puts text on the clipboard (Copy diagnostics); Electron's clipboard answers a promise. */
  copyText?: (text: string) => Promise<void> | void;
  /** Opens a folder in the file manager: '' when it did, else why not (Open logs folder). */
  openPath?: (folder: string) => Promise<string>;
  /** Starts the demo as a second app beside this one, in a throw-away data folder (main/demo-launcher.ts). */
  openDemo?: () => Promise<void>;
}

export interface AppCoreOptions {
  ports?: AppPorts;
  dataDir: string;
  vault: KeyVault;
  version: string;
  appOrigins: readonly string[];
  /** Overridable for tests; the default builds the real status page client. */
  clientFor?: ProbeClientFactory;
  now?: () => Date;
  log?: (message: string) => void;
  /** The app's log (main.log); without it, lines go to `log`, else nowhere. */
  coreLog?: CoreLog;
  /** Scheduler tuning for tests and demo mode (for example short intervals without jitter). */
  monitorTuning?: MonitorFeatureOptions['tuning'];
  /** The computer's zone for tray and notification times; default the process's own (the end-to-end harness names the window's). */
  timeZone?: string;
  /** A packaged app (not a development run), and whether it runs the demo: updates only when packaged and not the demo. */
  build?: { packaged: boolean; demo: boolean };
  /** What the redactor knows; the main process shares it with its log file. Default: one of the core's own. */
  secrets?: KnownSecrets;
}

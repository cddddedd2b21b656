import { EventEmitter } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';

/**
 * A faithful stand-in for the Electron objects the main process uses, with the lifecycle rules of
 * electron.d.ts (Electron 45) that the boot paths depend on:
 * - `app.quit()` emits `before-quit`, closes every window (a prevented `close` cancels the quit), then emits
 *   `will-quit` (preventable) and `quit`; `window-all-closed` is not emitted during a quit.
 * - `app.exit()` ends at once, without any event.
 * - closing (or destroying) the last window outside a quit emits `window-all-closed`.
 * - a window's contents emit `did-finish-load` once `loadURL` has loaded the page; a load or `reload()` starts
 *   a navigation at once (`did-start-loading`, `did-start-navigation`) and commits it (`did-navigate`, the old
 *   document gone), finishes and stops loading a tick later; the old document takes messages until the commit.
 * - `crash()` ends the renderer: messages go nowhere, and `render-process-gone` follows a tick later (Electron
 *   posts it, so a reload in its listener is safe).
 * - the single-instance lock is scoped to the userData folder at the time it is asked for.
 * - a page whose beforeunload refuses (`refusesUnload`) makes `close()` and `reload()` emit `will-prevent-unload`
 *   first: prevented, the page goes; not prevented, the close (and a quit under way) or the reload is called off.
 * Use it with `vi.mock('electron', async () => (await import('./support/fake-electron')).electronModule)`.
 */

export interface PreventableEvent {
  preventDefault(): void;
  readonly defaultPrevented: boolean;
}

export function preventable(): PreventableEvent {
  let prevented = false;
  return {
    preventDefault: () => {
      prevented = true;
    },
    get defaultPrevented() {
      return prevented;
    },
  };
}

export interface FakeFrame {
  url: string;
  parent: FakeFrame | null;
}

export type RenderProcessGoneReason = 'clean-exit' | 'abnormal-exit' | 'killed' | 'crashed' | 'oom' | 'launch-failed' | 'integrity-failure' | 'memory-eviction';

class FakeWebContents extends EventEmitter {
  readonly id: number;
  readonly mainFrame: FakeFrame = { url: '', parent: null };
  /** Every message a document of these contents received, the old ones' included. */
  readonly sent: Array<{ channel: string; payload: unknown }> = [];
  readonly reload = vi.fn(() => {
    if (this.unloadAllowed()) void this.navigate(this.mainFrame.url);
  });
  /** The page's beforeunload handler refuses to let it go (the renderer has an editor with unsent text). */
  refusesUnload = false;
  #destroyed = false;
  #loaded = false;
  #crashed = false;
  #documentStart = 0;

  constructor(id: number) {
    super();
    this.id = id;
  }

  send(channel: string, payload: unknown): void {
    if (this.#destroyed) throw new Error('Object has been destroyed');
    // Like Electron: a message sent before the page (and its preload) has loaded reaches no listener.
    if (this.#loaded) this.sent.push({ channel, payload });
  }

  isDestroyed(): boolean {
    return this.#destroyed;
  }

  getURL(): string {
    return this.mainFrame.url;
  }

  /** The messages the current document received (not those of a document a reload replaced). */
  get currentDocumentSent(): Array<{ channel: string; payload: unknown }> {
    return this.sent.slice(this.#documentStart);
  }

  isCrashed(): boolean {
    return this.#crashed;
  }

  /** Runs the page's beforeunload: a refusal is Electron's `will-prevent-unload`, whose preventDefault lets the page go. */
  unloadAllowed(): boolean {
    if (!this.refusesUnload || this.#crashed || this.#destroyed) return true;
    const event = preventable();
    this.emit('will-prevent-unload', event);
    return event.defaultPrevented;
  }

  /** A main-frame navigation to another document, as Electron reports it. */
  async navigate(url: string): Promise<void> {
    this.emit('did-start-loading');
    const details = { url, isSameDocument: false, isMainFrame: true, frame: this.mainFrame, initiator: null, ...preventable() };
    this.emit('did-start-navigation', details, url, false, true, 1, 1);
    await new Promise((resolve) => setImmediate(resolve));
    if (this.#destroyed) return;
    // The commit: the old document (and a crashed renderer) is gone, the new one loads.
    this.#loaded = false;
    this.#crashed = false;
    this.#documentStart = this.sent.length;
    this.mainFrame.url = url;
    this.emit('did-navigate', preventable(), url, -1, '');
    this.#loaded = true;
    this.emit('did-finish-load');
    this.emit('did-stop-loading');
  }

  /** The renderer process ends (crash, kill, out of memory); Electron tells a tick later. */
  crash(reason: RenderProcessGoneReason = 'crashed', exitCode = 139): void {
    this.#loaded = false;
    this.#crashed = true;
    setImmediate(() => {
      if (!this.#destroyed) this.emit('render-process-gone', preventable(), { reason, exitCode });
    });
  }

  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    this.emit('destroyed');
  }
}

let nextId = 1;

class FakeBrowserWindow extends EventEmitter {
  static readonly all: FakeBrowserWindow[] = [];
  static getAllWindows(): FakeBrowserWindow[] {
    return FakeBrowserWindow.all.filter((w) => !w.isDestroyed());
  }

  readonly options: Record<string, unknown>;
  readonly webContents: FakeWebContents;
  readonly loadURL = vi.fn(async (url: string) => {
    await new Promise((resolve) => setImmediate(resolve));
    if (!this.webContents.isDestroyed()) await this.webContents.navigate(url);
  });
  #destroyed = false;
  #visible = false;
  #minimized = false;
  focused = false;

  constructor(options: Record<string, unknown>) {
    super();
    this.options = options;
    this.webContents = new FakeWebContents(nextId++);
    FakeBrowserWindow.all.push(this);
    // ready-to-show follows the first load, as in Electron.
    this.webContents.once('did-finish-load', () => this.emit('ready-to-show'));
  }

  show(): void {
    this.#visible = true;
    this.#minimized = false;
    this.emit('show');
  }
  hide(): void {
    this.#visible = false;
    this.emit('hide');
  }
  focus(): void {
    this.focused = true;
  }
  minimize(): void {
    this.#minimized = true;
  }
  restore(): void {
    this.#minimized = false;
  }
  isMinimized(): boolean {
    return this.#minimized;
  }
  isVisible(): boolean {
    return this.#visible;
  }
  isDestroyed(): boolean {
    return this.#destroyed;
  }

  /** The user's close: `close` may be prevented; otherwise the window is destroyed. */
  close(): boolean {
    if (this.#destroyed) return true;
    const event = preventable();
    this.emit('close', event);
    if (event.defaultPrevented || !this.webContents.unloadAllowed()) return false;
    this.destroy();
    return true;
  }

  /** Closed at once: no `close` event, but `closed`, and the last window's `window-all-closed`. */
  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    this.#visible = false;
    this.webContents.destroy();
    this.emit('closed');
    if (!fake.app.quitting && FakeBrowserWindow.getAllWindows().length === 0) fake.app.emit('window-all-closed');
  }
}

/** Where Electron keeps userData unless told otherwise: the app-data folder and the package's name. */
export const DEFAULT_USER_DATA = path.join(os.homedir(), '.config', 'statusdesk');

/** Chromium's parse of the command line: the switches it was started with, and those appended since. */
class FakeCommandLine {
  readonly switches = new Map<string, string>();
  readonly hasSwitch = vi.fn((name: string) => this.switches.has(name));
  readonly getSwitchValue = vi.fn((name: string) => this.switches.get(name) ?? '');
  readonly appendSwitch = vi.fn((name: string, value = '') => void this.switches.set(name, value));
  readonly removeSwitch = vi.fn((name: string) => void this.switches.delete(name));
}

class FakeApp extends EventEmitter {
  isPackaged = false;
  quitting = false;
  /** Set by `exit()`: the process would end here. */
  exitCode: number | null = null;
  readonly commandLine = new FakeCommandLine();
  readonly paths = new Map<string, string>([['userData', DEFAULT_USER_DATA]]);
  /** The userData folders whose lock other running instances hold. */
  readonly otherInstances = new Set<string>();
  /** The userData folder this instance took the lock on, once it did. */
  lockedUserData: string | null = null;
  /** Like Electron's: scoped to userData as it is when asked (app.setPath('userData') must come first). */
  readonly requestSingleInstanceLock = vi.fn(() => this.takeLock());
  readonly getPath = vi.fn((name: string) => this.paths.get(name) ?? path.join(os.tmpdir(), 'fake-electron', name));
  readonly setPath = vi.fn((name: string, value: string) => void this.paths.set(name, value));
  readonly setAboutPanelOptions = vi.fn();
  readonly getVersion = vi.fn(() => '9.9.9');
  readonly getAppPath = vi.fn(() => '/repo');
  readonly setLoginItemSettings = vi.fn();
  readonly setAppUserModelId = vi.fn();
  readonly whenReady = vi.fn(() => Promise.resolve());
  readonly exit = vi.fn((code = 0) => {
    this.exitCode = code;
  });
  takeLock(): boolean {
    const folder = this.getPath('userData');
    if (this.otherInstances.has(folder)) return false;
    this.lockedUserData = folder;
    return true;
  }
  readonly quit = vi.fn(() => {
    const beforeQuit = preventable();
    this.quitting = true;
    this.emit('before-quit', beforeQuit);
    if (beforeQuit.defaultPrevented) {
      this.quitting = false;
      return;
    }
    for (const window of FakeBrowserWindow.getAllWindows()) {
      if (!window.close()) {
        this.quitting = false;
        return;
      }
    }
    const willQuit = preventable();
    this.emit('will-quit', willQuit);
    if (willQuit.defaultPrevented) {
      this.quitting = false;
      return;
    }
    this.emit('quit', preventable(), 0);
    this.exitCode = 0;
  });
}

class FakeTray extends EventEmitter {
  readonly setImage = vi.fn();
  readonly setToolTip = vi.fn();
  readonly setContextMenu = vi.fn();
  #destroyed = false;
  constructor(readonly image: unknown) {
    super();
    fake.trays.push(this);
  }
  isDestroyed(): boolean {
    return this.#destroyed;
  }
  destroy(): void {
    this.#destroyed = true;
  }
}

class FakeNotification extends EventEmitter {
  static isSupported = vi.fn(() => true);
  readonly show = vi.fn();
  constructor(readonly options: Record<string, unknown>) {
    super();
    fake.notifications.push(this);
  }
}

/**
 * Electron's globalShortcut: `register` answers false when the keys are held (by us already, or by another app:
 * `takenElsewhere`), as Electron does when the OS refuses them; `press` is the user pressing them.
 */
function createGlobalShortcut() {
  const held = new Map<string, () => void>();
  const takenElsewhere = new Set<string>();
  return {
    held,
    takenElsewhere,
    register: vi.fn((accelerator: string, callback: () => void) => {
      if (held.has(accelerator) || takenElsewhere.has(accelerator)) return false;
      held.set(accelerator, callback);
      return true;
    }),
    unregister: vi.fn((accelerator: string) => void held.delete(accelerator)),
    unregisterAll: vi.fn(() => held.clear()),
    isRegistered: vi.fn((accelerator: string) => held.has(accelerator)),
    press(accelerator: string): void {
      held.get(accelerator)?.();
    },
  };
}

function createFake() {
  const handlers = new Map<string, (event: unknown, payload: unknown) => unknown>();
  return {
    globalShortcut: createGlobalShortcut(),
    app: new FakeApp(),
    trays: [] as FakeTray[],
    notifications: [] as FakeNotification[],
    windows: FakeBrowserWindow.all,
    handlers,
    ipcMain: {
      handle: vi.fn((channel: string, handler: (event: unknown, payload: unknown) => unknown) => {
        if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
        handlers.set(channel, handler);
      }),
      removeHandler: vi.fn((channel: string) => handlers.delete(channel)),
    },
    Menu: {
      buildFromTemplate: vi.fn((template: unknown[]) => ({ template })),
      applicationMenu: null as { template: unknown[] } | null,
      setApplicationMenu: vi.fn((menu: { template: unknown[] } | null) => void (fake.Menu.applicationMenu = menu)),
      getApplicationMenu: vi.fn(() => fake.Menu.applicationMenu),
    },
    nativeImage: { createFromPath: vi.fn((file: string) => ({ file })) },
    net: { isOnline: vi.fn(() => true) },
    powerMonitor: new EventEmitter(),
    protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
    session: { defaultSession: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() } },
    shell: { openExternal: vi.fn(async (_url: string) => undefined), openPath: vi.fn(async (_path: string) => '') },
    /** `showMessageBoxSync` answers the index of the button the user picks: the first unless a test says otherwise. */
    dialog: { showErrorBox: vi.fn(), showMessageBoxSync: vi.fn((_window: unknown, _options: { buttons?: string[] }) => 0) },
    /** Started once, never uploading: what `start` was given is in its mock. */
    crashReporter: { start: vi.fn((_options: { uploadToServer?: boolean; productName?: string; compress?: boolean }) => undefined) },
    clipboard: {
      text: '',
      writeText: vi.fn((text: string) => void (fake.clipboard.text = text)),
      readText: vi.fn(() => fake.clipboard.text),
    },
  };
}

export const fake = createFake();

/** What `vi.mock('electron')` returns: the named exports and the default export of the electron module. */
const namedExports = {
  ...fake,
  app: fake.app,
  BrowserWindow: FakeBrowserWindow,
  Tray: FakeTray,
  Notification: FakeNotification,
};
export const electronModule = { ...namedExports, default: namedExports };

export type FakeWindow = FakeBrowserWindow;
export type FakeTrayIcon = FakeTray;
export type FakeNotificationBubble = FakeNotification;

/** Back to a fresh app before each test: no listeners, no windows, no handlers, every recorder cleared. */
export function resetFake(): void {
  vi.clearAllMocks();
  fake.app.removeAllListeners();
  fake.app.isPackaged = false;
  fake.app.quitting = false;
  fake.app.exitCode = null;
  fake.app.requestSingleInstanceLock.mockImplementation(() => fake.app.takeLock());
  fake.app.commandLine.switches.clear();
  fake.app.paths.clear();
  fake.app.paths.set('userData', DEFAULT_USER_DATA);
  fake.app.otherInstances.clear();
  fake.app.lockedUserData = null;
  fake.Menu.applicationMenu = null;
  fake.powerMonitor.removeAllListeners();
  fake.net.isOnline.mockReturnValue(true);
  fake.dialog.showMessageBoxSync.mockImplementation(() => 0);
  fake.handlers.clear();
  fake.clipboard.text = '';
  fake.globalShortcut.held.clear();
  fake.globalShortcut.takenElsewhere.clear();
  FakeBrowserWindow.all.length = 0;
  fake.trays.length = 0;
  fake.notifications.length = 0;
  FakeNotification.isSupported.mockReturnValue(true);
}

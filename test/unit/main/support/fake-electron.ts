import { EventEmitter } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';
// Types only: they vanish at run time, so no Node test loads the real electron module through this file.
import type {
  App,
  BrowserWindow,
  BrowserWindowConstructorOptions,
  Clipboard,
  CommandLine,
  CrashReporter,
  Dialog,
  GlobalShortcut,
  IpcMain,
  IpcMainInvokeEvent,
  Menu,
  MenuItem,
  MenuItemConstructorOptions,
  MessageBoxSyncOptions,
  NativeImage,
  nativeImage,
  Net,
  Notification,
  NotificationConstructorOptions,
  Protocol,
  RenderProcessGoneDetails,
  Session,
  Shell,
  Tray,
  WebContents,
  WebContentsDidStartNavigationEventParams,
  WebFrameMain,
} from 'electron';

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
 *
 * Typed against the installed Electron's electron.d.ts, so it cannot drift: each fake implements the members the
 * app calls (`Pick<BrowserWindow, 'show' | …>`), and an Electron whose API changes fails the typecheck here. Where
 * Electron hands back a native object the app only passes on (a Menu, a NativeImage), the fake answers a recorded
 * stand-in (`FakeMenu`, `FakeImage`) and is checked with `FakeOf`: the same parameters, the stand-ins in their
 * places. A member the app starts to call goes into the Pick list of its object (CONTRIBUTING.md, Tests).
 */

/** What the fake gives for a native object the app only passes on; recorded so tests can read it. */
interface FakeImage {
  file: string;
}
interface FakeMenu {
  template: Array<MenuItemConstructorOptions | MenuItem>;
}
type StandIn<T> = T extends Menu ? FakeMenu : T extends NativeImage ? FakeImage : T;
type StandInArgs<A extends unknown[]> = { [I in keyof A]: StandIn<A[I]> };
/** Electron's member with the stand-ins in place of native objects (the last overload of an overloaded one). */
type Faked<F> = F extends (...args: infer A) => infer R ? (...args: StandInArgs<A>) => StandIn<R> : F;
/** The members `K` of `T` as the fake gives them: same parameters, same answers, stand-ins for native objects. */
type FakeOf<T, K extends keyof T> = { [P in K]: Faked<T[P]> };
/** A fake class's constructor takes what Electron's takes. */
type ConstructedLike<C> = C extends new (...args: infer A) => unknown ? new (...args: StandInArgs<A>) => unknown : never;

interface PreventableEvent {
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

interface FakeFrame {
  url: WebFrameMain['url'];
  parent: FakeFrame | null;
}

type RenderProcessGoneReason = RenderProcessGoneDetails['reason'];

class FakeWebContents extends EventEmitter implements Pick<WebContents, 'id' | 'send' | 'isDestroyed' | 'getURL' | 'isCrashed' | 'reload'> {
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
    const details = {
      ...({ url, isSameDocument: false, isMainFrame: true } satisfies Pick<WebContentsDidStartNavigationEventParams, 'url' | 'isSameDocument' | 'isMainFrame'>),
      frame: this.mainFrame,
      initiator: null,
      ...preventable(),
    };
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
      if (!this.#destroyed) this.emit('render-process-gone', preventable(), { reason, exitCode } satisfies RenderProcessGoneDetails);
    });
  }

  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    this.emit('destroyed');
  }
}

let nextId = 1;

class FakeBrowserWindow
  extends EventEmitter
  implements
    Pick<BrowserWindow, 'show' | 'hide' | 'focus' | 'minimize' | 'restore' | 'isMinimized' | 'isVisible' | 'isDestroyed' | 'close' | 'destroy' | 'loadURL'>
{
  static readonly all: FakeBrowserWindow[] = [];
  static getAllWindows(): FakeBrowserWindow[] {
    return FakeBrowserWindow.all.filter((w) => !w.isDestroyed());
  }

  readonly options: BrowserWindowConstructorOptions;
  readonly webContents: FakeWebContents;
  readonly loadURL = vi.fn(async (url: string) => {
    await new Promise((resolve) => setImmediate(resolve));
    if (!this.webContents.isDestroyed()) await this.webContents.navigate(url);
  });
  #destroyed = false;
  #visible = false;
  #minimized = false;
  focused = false;

  constructor(options: BrowserWindowConstructorOptions = {}) {
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
class FakeCommandLine implements Pick<CommandLine, 'hasSwitch' | 'getSwitchValue' | 'appendSwitch' | 'removeSwitch'> {
  readonly switches = new Map<string, string>();
  readonly hasSwitch = vi.fn((name: string) => this.switches.has(name));
  readonly getSwitchValue = vi.fn((name: string) => this.switches.get(name) ?? '');
  readonly appendSwitch = vi.fn((name: string, value = '') => void this.switches.set(name, value));
  readonly removeSwitch = vi.fn((name: string) => void this.switches.delete(name));
}

class FakeApp
  extends EventEmitter
  implements
    Pick<
      App,
      | 'isPackaged'
      | 'requestSingleInstanceLock'
      | 'getPath'
      | 'setPath'
      | 'setAboutPanelOptions'
      | 'getVersion'
      | 'getAppPath'
      | 'setLoginItemSettings'
      | 'setAppUserModelId'
      | 'whenReady'
      | 'exit'
      | 'quit'
    >
{
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
  readonly setAboutPanelOptions = vi.fn<App['setAboutPanelOptions']>();
  readonly getVersion = vi.fn(() => '9.9.9');
  readonly getAppPath = vi.fn(() => '/repo');
  readonly setLoginItemSettings = vi.fn<App['setLoginItemSettings']>();
  readonly setAppUserModelId = vi.fn<App['setAppUserModelId']>();
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

class FakeTray extends EventEmitter implements Pick<Tray, 'setToolTip' | 'isDestroyed' | 'destroy'>, FakeOf<Tray, 'setImage' | 'setContextMenu'> {
  readonly setImage = vi.fn((_image: FakeImage | string) => undefined);
  readonly setToolTip = vi.fn((_toolTip: string) => undefined);
  readonly setContextMenu = vi.fn((_menu: FakeMenu | null) => undefined);
  #destroyed = false;
  constructor(readonly image: FakeImage | string) {
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

class FakeNotification extends EventEmitter implements Pick<Notification, 'show'> {
  static isSupported = vi.fn(() => true);
  readonly show = vi.fn(() => undefined);
  constructor(readonly options: NotificationConstructorOptions = {}) {
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
  } satisfies Pick<GlobalShortcut, 'register' | 'unregister' | 'unregisterAll' | 'isRegistered'> & Record<string, unknown>;
}

function createFake() {
  // Tests call a handler with a fake event (a frame and a sender), not Electron's.
  const handlers = new Map<string, (event: any, payload: unknown) => unknown>();
  return {
    globalShortcut: createGlobalShortcut(),
    app: new FakeApp(),
    trays: [] as FakeTray[],
    notifications: [] as FakeNotification[],
    windows: FakeBrowserWindow.all,
    handlers,
    ipcMain: {
      handle: vi.fn((channel: string, handler: (event: IpcMainInvokeEvent, ...args: any[]) => unknown) => {
        if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
        handlers.set(channel, handler);
      }),
      removeHandler: vi.fn((channel: string) => void handlers.delete(channel)),
    } satisfies Pick<IpcMain, 'handle' | 'removeHandler'>,
    Menu: {
      buildFromTemplate: vi.fn((template: FakeMenu['template']): FakeMenu => ({ template })),
      applicationMenu: null as FakeMenu | null,
      setApplicationMenu: vi.fn((menu: FakeMenu | null) => void (fake.Menu.applicationMenu = menu)),
      getApplicationMenu: vi.fn((): FakeMenu | null => fake.Menu.applicationMenu),
    } satisfies FakeOf<typeof Menu, 'buildFromTemplate' | 'setApplicationMenu' | 'getApplicationMenu'> & { applicationMenu: FakeMenu | null },
    nativeImage: { createFromPath: vi.fn((file: string): FakeImage => ({ file })) } satisfies FakeOf<typeof nativeImage, 'createFromPath'>,
    net: { isOnline: vi.fn(() => true) } satisfies Pick<Net, 'isOnline'>,
    powerMonitor: new EventEmitter(),
    protocol: {
      registerSchemesAsPrivileged: vi.fn<Protocol['registerSchemesAsPrivileged']>(),
      handle: vi.fn<Protocol['handle']>(),
    } satisfies Pick<Protocol, 'registerSchemesAsPrivileged' | 'handle'>,
    session: {
      defaultSession: {
        setPermissionRequestHandler: vi.fn<Session['setPermissionRequestHandler']>(),
        setPermissionCheckHandler: vi.fn<Session['setPermissionCheckHandler']>(),
      } satisfies Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>,
    },
    shell: {
      openExternal: vi.fn(async (_url: string) => undefined),
      openPath: vi.fn(async (_path: string) => ''),
    } satisfies Pick<Shell, 'openExternal' | 'openPath'>,
    /** `showMessageBoxSync` answers the index of the button the user picks: the first unless a test says otherwise. */
    dialog: {
      showErrorBox: vi.fn((_title: string, _content: string) => undefined),
      // Electron takes (window, options) or (options) alone.
      showMessageBoxSync: vi.fn((_window: unknown, _options?: MessageBoxSyncOptions) => 0),
    } satisfies Pick<Dialog, 'showErrorBox' | 'showMessageBoxSync'>,
    /** Started once, never uploading: what `start` was given is in its mock. */
    crashReporter: { start: vi.fn((_options: Parameters<CrashReporter['start']>[0]) => undefined) } satisfies Pick<CrashReporter, 'start'>,
    // Electron 45's clipboard is asynchronous, as the W3C one (writeText and readText answer promises).
    clipboard: {
      text: '',
      writeText: vi.fn(async (text: string): Promise<void> => void (fake.clipboard.text = text)),
      readText: vi.fn(async (): Promise<string> => fake.clipboard.text),
    } satisfies Pick<Clipboard, 'writeText' | 'readText'> & { text: string },
  };
}

// The classes' other side: constructors that take what Electron's take, and the statics the app calls.
void (FakeBrowserWindow satisfies ConstructedLike<typeof BrowserWindow>);
void (FakeTray satisfies ConstructedLike<typeof Tray>);
void (FakeNotification satisfies ConstructedLike<typeof Notification> & Pick<typeof Notification, 'isSupported'>);

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

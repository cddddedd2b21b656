import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ipcChannels } from '../../../shared/ipc/contract';
import { makeTempDir } from '../../support/temp-dir';

// Only Electron's own objects are faked; everything the composition root wires is real.
const electron = vi.hoisted(() => {
  const { EventEmitter: Emitter } = require('node:events') as typeof import('node:events');
  const app = Object.assign(new Emitter(), {
    requestSingleInstanceLock: vi.fn(() => true),
    quit: vi.fn(),
    setPath: vi.fn(),
    getVersion: vi.fn(() => '9.9.9'),
    whenReady: vi.fn(() => Promise.resolve()),
    isPackaged: false,
    getAppPath: vi.fn(() => '/repo'),
    setLoginItemSettings: vi.fn(),
  });
  const trays: Array<Record<string, ReturnType<typeof vi.fn>>> = [];
  class Tray extends Emitter {
    setImage = vi.fn();
    setToolTip = vi.fn();
    setContextMenu = vi.fn();
    isDestroyed = vi.fn(() => false);
    destroy = vi.fn();
    constructor(readonly image: unknown) {
      super();
      trays.push(this as never);
    }
  }
  const notifications: Array<{ options: Record<string, unknown>; show: ReturnType<typeof vi.fn> }> = [];
  class Notification extends Emitter {
    static isSupported = () => true;
    show = vi.fn();
    constructor(readonly options: Record<string, unknown>) {
      super();
      notifications.push(this as never);
    }
  }
  const windows: Array<{ options: Record<string, unknown>; loadURL: ReturnType<typeof vi.fn> }> = [];
  class BrowserWindow extends Emitter {
    options: Record<string, unknown>;
    loadURL = vi.fn(async () => undefined);
    show = vi.fn();
    focus = vi.fn();
    restore = vi.fn();
    isMinimized = vi.fn(() => false);
    isDestroyed = vi.fn(() => false);
    webContents = Object.assign(new Emitter(), { send: vi.fn(), isDestroyed: () => false });
    constructor(options: Record<string, unknown>) {
      super();
      this.options = options;
      windows.push(this as never);
    }
  }
  return {
    app,
    windows,
    trays,
    notifications,
    Tray,
    Notification,
    Menu: { buildFromTemplate: vi.fn((template: unknown[]) => ({ template })) },
    nativeImage: { createFromPath: vi.fn((file: string) => ({ file })) },
    net: { isOnline: vi.fn(() => true) },
    powerMonitor: new Emitter(),
    BrowserWindow,
    ipcMain: { handle: vi.fn(), removeHandler: vi.fn() },
    protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
    session: { defaultSession: { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() } },
    shell: { openExternal: vi.fn(async () => undefined) },
  };
});

vi.mock('electron', () => ({ ...electron, default: electron }));

let temp: ReturnType<typeof makeTempDir>;
beforeEach(() => {
  temp = makeTempDir();
  vi.stubEnv('STATUSDESK_HOME', temp.dir);
  vi.stubEnv('ELECTRON_RENDERER_URL', '');
  electron.windows.length = 0;
  electron.trays.length = 0;
  electron.notifications.length = 0;
  electron.app.removeAllListeners();
  vi.clearAllMocks();
  electron.app.requestSingleInstanceLock.mockReturnValue(true);
});
afterEach(() => {
  vi.unstubAllEnvs();
  temp.remove();
});

async function boot() {
  const { bootstrap } = await import('../../../electron/main/main');
  bootstrap();
  await vi.waitFor(() => expect(electron.ipcMain.handle.mock.calls.length > 0 || electron.app.quit.mock.calls.length > 0).toBe(true));
}

describe('composition root', () => {
  it('registers the app scheme, takes the single-instance lock and uses the shared data folder', async () => {
    await boot();
    expect(electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      expect.objectContaining({ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }),
    ]);
    expect(electron.app.requestSingleInstanceLock).toHaveBeenCalled();
    expect(electron.app.setPath).toHaveBeenCalledWith('userData', temp.dir);
  });

  it('opens one hardened window on the app origin and registers every invoke channel', async () => {
    await boot();
    expect(electron.windows).toHaveLength(1);
    const prefs = electron.windows[0]!.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webviewTag: false });
    expect(String(prefs.preload)).toMatch(/preload[\\/]index\.cjs$/);
    expect(electron.windows[0]!.loadURL).toHaveBeenCalledWith('app://statusdesk/index.html');
    const handled = electron.ipcMain.handle.mock.calls.map((call) => call[0]);
    expect(handled.sort()).toEqual(ipcChannels.filter((c) => c.kind === 'invoke').map((c) => c.channel).sort());
    expect(electron.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
    expect(electron.session.defaultSession.setPermissionRequestHandler).toHaveBeenCalled();
  });

  it('answers IPC from the window and refuses it from elsewhere', async () => {
    await boot();
    const handler = electron.ipcMain.handle.mock.calls.find((call) => call[0] === 'accounts.list')![1] as (
      event: unknown,
      payload: unknown,
    ) => Promise<unknown>;
    const mainFrame = { url: 'app://statusdesk/index.html' };
    await expect(handler({ senderFrame: mainFrame, sender: { mainFrame } }, undefined)).resolves.toEqual({ ok: true, value: [] });
    const otherFrame = { url: 'app://statusdesk/index.html' };
    await expect(handler({ senderFrame: otherFrame, sender: { mainFrame } }, undefined)).resolves.toMatchObject({
      ok: false,
      error: { code: 'untrusted_sender' },
    });
  });

  it('locks navigation, denies new windows and opens only https externally', async () => {
    await boot();
    const contents = Object.assign(new EventEmitter(), { setWindowOpenHandler: vi.fn() });
    electron.app.emit('web-contents-created', {}, contents);
    const navigate = (url: string) => {
      const event = { preventDefault: vi.fn() };
      contents.emit('will-navigate', event, url);
      return event.preventDefault.mock.calls.length > 0;
    };
    expect(navigate('app://statusdesk/index.html')).toBe(false);
    expect(navigate('https://evil.example/')).toBe(true);
    expect(navigate('app://statusdesk.evil/')).toBe(true);
    expect(electron.shell.openExternal).toHaveBeenCalledWith('https://evil.example/');
    const openHandler = contents.setWindowOpenHandler.mock.calls[0]![0] as (d: { url: string }) => { action: string };
    expect(openHandler({ url: 'http://plain.example/' })).toEqual({ action: 'deny' });
    expect(electron.shell.openExternal).not.toHaveBeenCalledWith('http://plain.example/');
    const webview = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', webview);
    expect(webview.preventDefault).toHaveBeenCalled();
  });

  it('shows a tray that follows the monitor', async () => {
    await boot();
    expect(electron.trays).toHaveLength(1);
    const tray = electron.trays[0]!;
    await vi.waitFor(() => expect(tray.setToolTip).toHaveBeenCalledWith(expect.stringContaining('no pages watched')));
    expect(tray.setImage).toHaveBeenCalledWith({ file: expect.stringMatching(/resources[\\/]icons[\\/]tray-operational\.png$/) });
    const menu = electron.Menu.buildFromTemplate.mock.calls.at(-1)![0] as Array<{ label?: string }>;
    expect(menu.map((item) => item.label)).toEqual(expect.arrayContaining(['Check all pages now', 'Pause notifications for an hour', 'Open Statusdesk', 'Quit Statusdesk']));
  });

  it('shows notifications and opens their target on click', async () => {
    const { createNotifier } = await import('../../../electron/main/notifier');
    const opened: unknown[] = [];
    const notify = createNotifier((target) => opened.push(target));
    notify({ pageId: 'p', title: 'Acme: major outage', body: 'API down', severity: 'major', priority: 'normal', target: { pageId: 'p', incidentId: 7 }, eventIds: ['e'] });
    expect(electron.notifications).toHaveLength(1);
    const shown = electron.notifications[0]! as unknown as { options: Record<string, unknown>; show: ReturnType<typeof vi.fn>; emit(n: string): void };
    expect(shown.options).toEqual({ title: 'Acme: major outage', body: 'API down', silent: false });
    expect(shown.show).toHaveBeenCalled();
    shown.emit('click');
    expect(opened).toEqual([{ pageId: 'p', incidentId: 7 }]);
  });

  it('keeps running in the tray when the window is closed', async () => {
    await boot();
    const window = electron.windows[0] as unknown as { emit(name: string, event: unknown): void; hide?: () => void };
    (window as unknown as { hide: ReturnType<typeof vi.fn> }).hide = vi.fn();
    const close = { preventDefault: vi.fn() };
    window.emit('close', close);
    expect(close.preventDefault).toHaveBeenCalled();
    electron.app.emit('before-quit');
    const quitClose = { preventDefault: vi.fn() };
    window.emit('close', quitClose);
    expect(quitClose.preventDefault).not.toHaveBeenCalled();
  });

  it('quits without a window when another instance holds the lock', async () => {
    electron.app.requestSingleInstanceLock.mockReturnValue(false);
    await boot();
    expect(electron.app.quit).toHaveBeenCalled();
    expect(electron.windows).toHaveLength(0);
  });
});

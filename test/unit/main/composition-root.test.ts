import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { ipcChannels } from '../../../shared/ipc/contract';
import { boot, invoke, liveWindows, useBootHarness } from './support/boot';
import { fake } from './support/fake-electron';

// Only Electron's own objects are faked (a faithful fake, see support/fake-electron.ts); everything the
// composition root wires is real: the core, its files, the keychain, the demo's simulator.
vi.mock('electron', async () => (await import('./support/fake-electron')).electronModule);

const harness = useBootHarness();

describe('composition root: normal start', () => {
  it('registers the app scheme, takes the single-instance lock and uses the shared data folder', async () => {
    await boot();
    expect(fake.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      expect.objectContaining({ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }),
    ]);
    expect(fake.app.requestSingleInstanceLock).toHaveBeenCalled();
    expect(fake.app.setPath).toHaveBeenCalledWith('userData', harness.dir);
  });

  it('opens one hardened window on the app origin and registers every invoke channel', async () => {
    await boot();
    expect(liveWindows()).toHaveLength(1);
    const prefs = liveWindows()[0]!.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webviewTag: false });
    expect(String(prefs.preload)).toMatch(/preload[\\/]index\.cjs$/);
    expect(liveWindows()[0]!.loadURL).toHaveBeenCalledWith('app://statusdesk/index.html');
    expect([...fake.handlers.keys()].sort()).toEqual(
      ipcChannels
        .filter((c) => c.kind === 'invoke')
        .map((c) => c.channel)
        .sort(),
    );
    expect(fake.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
    expect(fake.session.defaultSession.setPermissionRequestHandler).toHaveBeenCalled();
  });

  it('answers IPC from the window and refuses it from elsewhere', async () => {
    await boot();
    await expect(invoke('accounts.list')).resolves.toEqual({ ok: true, value: [] });
    const handler = fake.handlers.get('accounts.list')!;
    const contents = liveWindows()[0]!.webContents;
    const otherFrame = { url: 'app://statusdesk/index.html', parent: null };
    await expect(handler({ senderFrame: otherFrame, sender: contents }, undefined)).resolves.toMatchObject({
      ok: false,
      error: { code: 'untrusted_sender' },
    });
  });

  it('locks navigation, denies new windows and opens only https externally', async () => {
    await boot();
    const contents = Object.assign(new EventEmitter(), { setWindowOpenHandler: vi.fn() });
    fake.app.emit('web-contents-created', {}, contents);
    const navigate = (url: string) => {
      const event = { preventDefault: vi.fn() };
      contents.emit('will-navigate', event, url);
      return event.preventDefault.mock.calls.length > 0;
    };
    expect(navigate('app://statusdesk/index.html')).toBe(false);
    expect(navigate('https://evil.example/')).toBe(true);
    expect(navigate('app://statusdesk.evil/')).toBe(true);
    expect(fake.shell.openExternal).toHaveBeenCalledWith('https://evil.example/');
    const openHandler = contents.setWindowOpenHandler.mock.calls[0]![0] as (d: { url: string }) => { action: string };
    expect(openHandler({ url: 'http://plain.example/' })).toEqual({ action: 'deny' });
    expect(fake.shell.openExternal).not.toHaveBeenCalledWith('http://plain.example/');
    const webview = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', webview);
    expect(webview.preventDefault).toHaveBeenCalled();
  });

  it('shows a tray that follows the monitor', async () => {
    await boot();
    expect(fake.trays).toHaveLength(1);
    const tray = fake.trays[0]!;
    await vi.waitFor(() => expect(tray.setToolTip).toHaveBeenCalledWith(expect.stringContaining('no pages watched')), { timeout: 10_000 });
    expect(tray.setImage).toHaveBeenCalledWith({ file: expect.stringMatching(/resources[\\/]icons[\\/]tray-operational\.png$/) });
    const menu = fake.Menu.buildFromTemplate.mock.calls.at(-1)![0] as Array<{ label?: string }>;
    expect(menu.map((item) => item.label)).toEqual(
      expect.arrayContaining(['Check all pages now', 'Pause notifications for an hour', 'Open Statusdesk', 'Quit Statusdesk']),
    );
  });

  it('quits without a window when another instance holds the lock', async () => {
    fake.app.requestSingleInstanceLock.mockReturnValue(false);
    await boot();
    expect(fake.app.quit).toHaveBeenCalled();
    expect(liveWindows()).toHaveLength(0);
  });
});

describe('composition root: demo mode (npm run demo)', () => {
  it('boots against the embedded simulator, the tray follows the demo page, and nothing throws', async () => {
    vi.stubEnv('STATUSDESK_DEMO', '1');
    await boot();
    const tray = fake.trays[0]!;
    await vi.waitFor(() => expect(tray.setToolTip).toHaveBeenCalledWith(expect.stringContaining('Acme (demo)')), { timeout: 10_000 });
    const pages = await invoke<Array<{ name: string }>>('monitor.pages');
    // The demo page, and the provider the demo watches beside it (public Statuspage format).
    expect(pages).toMatchObject({ ok: true, value: [{ name: 'Acme (demo)' }, { name: 'Nimbus Cloud', kind: 'provider' }] });
    // The demo's throw-away folder, never the user's data folder.
    const info = await invoke<{ dataDir: string }>('app.info');
    expect(info.ok && info.value.dataDir).not.toBe(harness.dir);
  });
});

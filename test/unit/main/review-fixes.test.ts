import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppCore } from '../../../electron/core/app-core';
import { startStatusPageSimulator } from '../../../simulators/statuspal';
import { makeTempDir } from '../../support/temp-dir';
import { boot, invoke, invokeOk, liveWindows, pretendPlatform, quitAndWait, watchUncaught } from './support/boot';
import { fake, resetFake } from './support/fake-electron';

// Each test failed before its fix.
vi.mock('electron', async () => (await import('./support/fake-electron')).electronModule);

let temp: ReturnType<typeof makeTempDir>;
let uncaught: ReturnType<typeof watchUncaught>;
const undo: Array<() => void> = [];
beforeEach(() => {
  temp = makeTempDir();
  vi.stubEnv('STATUSDESK_HOME', path.join(temp.dir, 'data'));
  vi.stubEnv('XDG_CONFIG_HOME', path.join(temp.dir, 'config'));
  vi.stubEnv('ELECTRON_RENDERER_URL', '');
  vi.stubEnv('STATUSDESK_DEMO', '');
  resetFake();
  uncaught = watchUncaught();
});
afterEach(async () => {
  try {
    await quitAndWait();
  } finally {
    for (const step of undo.splice(0).reverse()) step();
    uncaught.stop();
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    temp.remove();
  }
  expect(uncaught.errors).toEqual([]);
});

describe('1. ELECTRON_RENDERER_URL is a development-only variable', () => {
  it('a packaged app ignores it: the renderer comes from app://, and that origin alone is trusted', async () => {
    Object.defineProperty(process, 'resourcesPath', { value: temp.dir, configurable: true, writable: true });
    undo.push(() => void delete (process as { resourcesPath?: string }).resourcesPath);
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://evil.example:5173/');
    fake.app.isPackaged = true;
    await boot();
    const window = liveWindows()[0]!;
    expect(window.loadURL).toHaveBeenCalledWith('app://statusdesk/index.html');
    const handler = fake.handlers.get('accounts.list')!;
    const evil = { url: 'http://evil.example:5173/', parent: null };
    await expect(handler({ sender: { ...window.webContents, mainFrame: evil }, senderFrame: evil }, undefined)).resolves.toMatchObject({
      ok: false,
      error: { code: 'untrusted_sender' },
    });
  });

  it('in development the dev server is loaded and trusted', async () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://localhost:5173/');
    await boot();
    expect(liveWindows()[0]!.loadURL).toHaveBeenCalledWith('http://localhost:5173/');
    await expect(invoke('accounts.list')).resolves.toEqual({ ok: true, value: [] });
  });
});

describe('3. quitting waits for the cleanup', () => {
  it('holds the quit until the core (outbox, histories, monitor) has closed, then exits', async () => {
    let closed = false;
    const dispose = AppCore.prototype.dispose;
    vi.spyOn(AppCore.prototype, 'dispose').mockImplementation(async function (this: AppCore) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await dispose.call(this);
      closed = true;
    });
    await boot();
    fake.app.quit();
    await vi.waitFor(() => expect(fake.app.exitCode).not.toBeNull(), { timeout: 10_000 });
    expect(closed).toBe(true);
    expect(fake.app.exit).toHaveBeenCalledWith(0);
  });
});

describe('4. an open-target click reaches a window that was closed', () => {
  it('a notification click with no window opens one and shows the incident once the page has loaded', async () => {
    const sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false, control: false });
    undo.push(() => void sim.close());
    undo.push(pretendPlatform('darwin'));
    await boot();
    const page = await invokeOk<{ id: string }>('monitor.addPage', { name: 'Acme', region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme' });
    await invokeOk('monitor.pollNow', {});
    const incident = sim.openIncident({ page: 'acme', type: 'major', title: 'API down', services: [2], message: 'Investigating.' });
    await invokeOk('monitor.pollNow', { pageId: page.id });
    await vi.waitFor(() => expect(fake.notifications.length).toBeGreaterThan(0), { timeout: 10_000 });
    await invokeOk('desktop.setPrefs', { closeToTray: false });
    liveWindows()[0]!.close();
    expect(liveWindows()).toHaveLength(0);
    fake.notifications.at(-1)!.emit('click');
    const reopened = liveWindows()[0]!;
    expect(reopened).toBeDefined();
    await vi.waitFor(() =>
      expect(reopened.webContents.sent).toContainEqual({ channel: 'desktop.onOpenTarget', payload: { pageId: page.id, incidentId: incident.id } }),
    );
    expect(reopened.webContents.sent.filter((m) => m.channel === 'desktop.onOpenTarget')).toHaveLength(1);
  });
});

describe('5. "Keep running in the tray" off', () => {
  it.each(['linux', 'win32'] as const)('on %s, closing the last window quits the app', async (platform) => {
    undo.push(pretendPlatform(platform));
    await boot();
    await invokeOk('desktop.setPrefs', { closeToTray: false });
    liveWindows()[0]!.close();
    await vi.waitFor(() => expect(fake.app.exitCode).toBe(0), { timeout: 10_000 });
  });

  it('on macOS, closing the last window keeps the app running (the dock reopens it)', async () => {
    undo.push(pretendPlatform('darwin'));
    await boot();
    await invokeOk('desktop.setPrefs', { closeToTray: false });
    liveWindows()[0]!.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.app.quit).not.toHaveBeenCalled();
    expect(fake.app.exitCode).toBeNull();
  });
});

describe('6. "Start at login" on Linux', () => {
  it('writes an XDG autostart entry when on, and removes it when off', async () => {
    undo.push(pretendPlatform('linux'));
    await boot();
    const entry = path.join(temp.dir, 'config', 'autostart', 'statusdesk.desktop');
    await invokeOk('desktop.setPrefs', { startAtLogin: true });
    expect(existsSync(entry)).toBe(true);
    const text = readFileSync(entry, 'utf8');
    expect(text).toMatch(/^\[Desktop Entry\]$/m);
    expect(text).toMatch(/^Type=Application$/m);
    expect(text).toMatch(/^Exec=\S/m);
    expect(fake.app.setLoginItemSettings).not.toHaveBeenCalled();
    await invokeOk('desktop.setPrefs', { startAtLogin: false });
    expect(existsSync(entry)).toBe(false);
    expect(await invokeOk('desktop.prefs')).toMatchObject({ startAtLogin: false });
  });

  it('an autostart folder that cannot be written answers with a typed error and leaves the setting off', async () => {
    undo.push(pretendPlatform('linux'));
    // A file where the config folder should be: nothing can be created under it.
    const blocked = path.join(temp.dir, 'not-a-folder');
    writeFileSync(blocked, '');
    vi.stubEnv('XDG_CONFIG_HOME', blocked);
    await boot();
    const result = await invoke('desktop.setPrefs', { startAtLogin: true });
    expect(result).toMatchObject({ ok: false, error: { code: 'storage', message: expect.stringMatching(/start at login/i) } });
    expect(await invokeOk('desktop.prefs')).toMatchObject({ startAtLogin: false });
  });
});

describe('7. the tray has a menu from the start', () => {
  it('the first menu, set when the tray is created, offers Open and Quit', async () => {
    await boot();
    const first = fake.trays[0]!.setContextMenu.mock.calls[0]?.[0] as { template: Array<{ label?: string; type?: string }> } | undefined;
    expect(first?.template.map((item) => item.label ?? item.type)).toEqual(['Open Statusdesk', 'separator', 'Quit Statusdesk']);
    expect(fake.trays[0]!.setContextMenu.mock.invocationCallOrder[0]!).toBeLessThan(fake.trays[0]!.setImage.mock.invocationCallOrder[0] ?? Infinity);
  });
});

describe('8. Windows notifications', () => {
  it('on Windows the app user model id is the packaged app id', async () => {
    undo.push(pretendPlatform('win32'));
    await boot();
    expect(fake.app.setAppUserModelId).toHaveBeenCalledWith('io.statusdesk.app');
  });

  it('elsewhere it is not called (it exists on Windows only)', async () => {
    undo.push(pretendPlatform('linux'));
    await boot();
    expect(fake.app.setAppUserModelId).not.toHaveBeenCalled();
  });
});

describe('9. the IPC sender check', () => {
  it('refuses a frame that has a parent, even when it is the contents main frame object', async () => {
    await boot();
    const contents = liveWindows()[0]!.webContents;
    const frame = contents.mainFrame;
    frame.parent = { url: 'app://statusdesk/index.html', parent: null };
    undo.push(() => {
      frame.parent = null;
    });
    await expect(invoke('accounts.list')).resolves.toMatchObject({ ok: false, error: { code: 'untrusted_sender' } });
  });
});

import { describe, expect, it, vi } from 'vitest';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { makeTempDir } from '../../support/temp-dir';
import { boot, invoke, invokeOk, liveWindows, pretendPlatform, trayMenuItem, useBootHarness } from './support/boot';
import { fake } from './support/fake-electron';

// The boot paths of the desktop shell, each on the faithful fake of Electron's objects and the real core behind it.
// Every test ends by quitting, and fails on any uncaught exception or unhandled rejection along the way.
vi.mock('electron', async () => (await import('./support/fake-electron')).electronModule);

const harness = useBootHarness();

async function simulator(): Promise<StatusPageSimulator> {
  const sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false, control: false });
  harness.undo.push(() => sim.close());
  return sim;
}

async function watchDemoPage(sim: StatusPageSimulator): Promise<string> {
  const page = await invokeOk<{ id: string }>('monitor.addPage', { name: 'Acme', region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme' });
  await invokeOk('monitor.pollNow', {});
  return page.id;
}

describe('boot paths', () => {
  it('a second instance focuses the first window instead of opening another', async () => {
    await boot();
    const first = liveWindows()[0]!;
    first.minimize();
    first.focused = false;
    fake.app.emit('second-instance', {}, ['statusdesk'], '/');
    expect(liveWindows()).toEqual([first]);
    expect(first.isMinimized()).toBe(false);
    expect(first.isVisible()).toBe(true);
    expect(first.focused).toBe(true);
  });

  it('packaged: icons from the resources folder and the renderer from the app protocol', async () => {
    const resources = makeTempDir('statusdesk-resources-');
    harness.undo.push(() => resources.remove());
    Object.defineProperty(process, 'resourcesPath', { value: resources.dir, configurable: true, writable: true });
    harness.undo.push(() => void delete (process as { resourcesPath?: string }).resourcesPath);
    fake.app.isPackaged = true;
    await boot();
    const window = liveWindows()[0]!;
    expect(window.loadURL).toHaveBeenCalledWith('app://statusdesk/index.html');
    expect(window.options.icon).toBe(`${resources.dir}/icons/icon.png`);
    expect(fake.trays[0]!.image).toEqual({ file: `${resources.dir}/icons/tray-stale.png` });
    // An installed app updates itself: Settings can check (the first automatic check waits 30 s).
    expect(await invokeOk('updates.status')).toMatchObject({ state: { phase: 'idle' }, canCheck: true });
  });

  it('unpackaged (development): no updater, and Settings says why', async () => {
    await boot();
    expect(await invokeOk('updates.status')).toMatchObject({ state: { phase: 'off', reason: 'development' }, canCheck: false });
  });

  it('closing the window keeps the app in the tray; the tray opens the same window again', async () => {
    await boot();
    const window = liveWindows()[0]!;
    expect(window.close()).toBe(false);
    expect(window.isDestroyed()).toBe(false);
    expect(window.isVisible()).toBe(false);
    expect(fake.app.exitCode).toBeNull();
    fake.trays[0]!.emit('click');
    expect(liveWindows()).toEqual([window]);
    expect(window.isVisible()).toBe(true);
  });

  it('Quit in the tray menu closes the window and the tray and ends the app', async () => {
    await boot();
    const window = liveWindows()[0]!;
    await vi.waitFor(() => trayMenuItem('Quit Statusdesk'), { timeout: 10_000 });
    trayMenuItem('Quit Statusdesk').click!();
    await vi.waitFor(() => expect(fake.app.exitCode).toBe(0), { timeout: 10_000 });
    expect(window.isDestroyed()).toBe(true);
    expect(fake.trays[0]!.isDestroyed()).toBe(true);
  });

  it('macOS: activate (a click on the dock icon) shows the window again', async () => {
    harness.undo.push(pretendPlatform('darwin'));
    await boot();
    const window = liveWindows()[0]!;
    window.close();
    expect(window.isVisible()).toBe(false);
    fake.app.emit('activate', {}, false);
    expect(window.isVisible()).toBe(true);
    expect(liveWindows()).toHaveLength(1);
  });

  it('a notification click opens the incident in the window', async () => {
    const sim = await simulator();
    await boot();
    const pageId = await watchDemoPage(sim);
    const incident = sim.openIncident({ page: 'acme', type: 'major', title: 'API down', services: [2], message: 'Investigating.' });
    await invokeOk('monitor.pollNow', { pageId });
    await vi.waitFor(() => expect(fake.notifications.length).toBeGreaterThan(0), { timeout: 10_000 });
    const bubble = fake.notifications.at(-1)!;
    expect(bubble.show).toHaveBeenCalled();
    const window = liveWindows()[0]!;
    window.hide();
    bubble.emit('click');
    expect(window.isVisible()).toBe(true);
    await vi.waitFor(() => expect(window.webContents.sent).toContainEqual({ channel: 'desktop.onOpenTarget', payload: { pageId, incidentId: incident.id } }), {
      timeout: 10_000,
    });
  });

  it('sleep and wake pause and resume polling; offline and online follow net.isOnline', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await boot();
    fake.powerMonitor.emit('suspend');
    await vi.waitFor(async () => expect(await invokeOk('monitor.snapshot')).toMatchObject({ suspended: true }), { timeout: 10_000 });
    fake.powerMonitor.emit('resume');
    await vi.waitFor(async () => expect(await invokeOk('monitor.snapshot')).toMatchObject({ suspended: false }), { timeout: 10_000 });
    fake.net.isOnline.mockReturnValue(false);
    vi.advanceTimersByTime(5_000);
    await vi.waitFor(async () => expect(await invokeOk('monitor.snapshot')).toMatchObject({ online: false }), { timeout: 10_000 });
    fake.net.isOnline.mockReturnValue(true);
    vi.advanceTimersByTime(5_000);
    await vi.waitFor(async () => expect(await invokeOk('monitor.snapshot')).toMatchObject({ online: true }), { timeout: 10_000 });
  });

  it.each(['darwin', 'win32'] as const)('login item on and off on %s uses the system login items', async (platform) => {
    harness.undo.push(pretendPlatform(platform));
    await boot();
    await invokeOk('desktop.setPrefs', { startAtLogin: true });
    expect(fake.app.setLoginItemSettings).toHaveBeenLastCalledWith(expect.objectContaining({ openAtLogin: true }));
    await invokeOk('desktop.setPrefs', { startAtLogin: false });
    expect(fake.app.setLoginItemSettings).toHaveBeenLastCalledWith(expect.objectContaining({ openAtLogin: false }));
    expect(await invokeOk('desktop.prefs')).toMatchObject({ startAtLogin: false });
  });

  it('Google sign-in opens the system browser on the consent page, and can be cancelled', async () => {
    await boot();
    // A Desktop-app client needs its secret at Google's token endpoint, so sign-in asks for both.
    await invokeOk('operations.setSettings', {
      clientId: 'statusdesk-test.apps.googleusercontent.com',
      clientSecret: 'GOCSPX-test-secret',
    });
    const signIn = invoke('operations.signIn', {});
    await vi.waitFor(() => expect(fake.shell.openExternal).toHaveBeenCalled(), { timeout: 10_000 });
    const url = new URL(String(fake.shell.openExternal.mock.calls[0]![0]));
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(url.searchParams.get('client_id')).toBe('statusdesk-test.apps.googleusercontent.com');
    expect(url.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    await invokeOk('operations.cancelSignIn');
    // A cancelled sign-in answers (it never hangs) and leaves the user signed out.
    await signIn;
    await expect(invokeOk('operations.authStatus')).resolves.toMatchObject({ signIn: { signedIn: false, pending: false } });
  });
});

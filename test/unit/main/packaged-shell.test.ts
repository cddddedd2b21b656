import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rolesIn, type ApplicationMenuItem } from '../../../electron/core/desktop/application-menu';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { makeTempDir } from '../../support/temp-dir';
import { boot, invokeOk, liveWindows, quitAndWait, watchUncaught } from './support/boot';
import { fake, resetFake, type FakeNotificationBubble, type FakeWindow } from './support/fake-electron';

// An installed app has no developer tools, refuses debugging
// switches, and a window whose renderer crashes comes back (a few times) without losing a click.
vi.mock('electron', async () => (await import('./support/fake-electron')).electronModule);

let temp: ReturnType<typeof makeTempDir>;
let uncaught: ReturnType<typeof watchUncaught>;
const undo: Array<() => void | Promise<void>> = [];
beforeEach(() => {
  temp = makeTempDir();
  vi.stubEnv('STATUSDESK_HOME', path.join(temp.dir, 'data'));
  vi.stubEnv('ELECTRON_RENDERER_URL', '');
  vi.stubEnv('STATUSDESK_DEMO', '');
  resetFake();
  uncaught = watchUncaught();
});
afterEach(async () => {
  try {
    await quitAndWait();
    for (const step of undo.splice(0).reverse()) await step();
  } finally {
    uncaught.stop();
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    temp.remove();
  }
  expect(uncaught.errors).toEqual([]);
});

/** Runs the rest of the test as an installed app (icons from its resources folder). */
function packaged(): void {
  Object.defineProperty(process, 'resourcesPath', { value: temp.dir, configurable: true, writable: true });
  undo.push(() => void delete (process as { resourcesPath?: string }).resourcesPath);
  fake.app.isPackaged = true;
}

/** Starts the app with these command-line arguments after the executable. */
function startedWith(...args: string[]): void {
  const argv = process.argv;
  process.argv = [argv[0]!, ...args];
  undo.push(() => void (process.argv = argv));
}

function applicationMenuRoles(): string[] {
  const menu = fake.Menu.applicationMenu;
  if (!menu) throw new Error('no application menu was set');
  return rolesIn(menu.template as ApplicationMenuItem[]);
}

function stderrLines(): { lines: () => string[] } {
  const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  return { lines: () => write.mock.calls.map(([chunk]) => String(chunk)).filter((text) => text.startsWith('Statusdesk:')) };
}

describe('no developer tools in an installed app', () => {
  it('its application menu has Edit (copy and paste) but neither Reload nor Toggle Developer Tools', async () => {
    packaged();
    await boot();
    const roles = applicationMenuRoles();
    expect(roles).toEqual(expect.arrayContaining(['copy', 'paste', 'cut', 'selectAll', 'quit']));
    expect(roles).not.toContain('reload');
    expect(roles).not.toContain('forceReload');
    expect(roles).not.toContain('toggleDevTools');
    expect(roles).not.toContain('viewMenu');
  });

  it('its window runs with DevTools off', async () => {
    packaged();
    await boot();
    expect(liveWindows()[0]!.options.webPreferences).toMatchObject({ devTools: false, contextIsolation: true, sandbox: true });
  });

  it('a development run keeps Reload and DevTools, in the menu and in the window, and starts with debugging switches', async () => {
    startedWith('/repo', '--inspect=9229', '--remote-debugging-port=9222');
    fake.app.commandLine.appendSwitch('remote-debugging-port', '9222');
    await boot();
    expect(fake.app.exitCode).toBeNull();
    expect(applicationMenuRoles()).toEqual(expect.arrayContaining(['reload', 'toggleDevTools', 'copy', 'paste']));
    expect(liveWindows()[0]!.options.webPreferences).toMatchObject({ devTools: true });
  });

  it.each([['--remote-debugging-port=9222'], ['--inspect'], ['--inspect-brk=9229'], ['--remote-debugging-pipe'], ['--js-flags=--allow-natives-syntax']])(
    'started with %s it says so in one line and ends before anything loads',
    async (argument) => {
      packaged();
      startedWith('--no-sandbox', argument);
      const stderr = stderrLines();
      await boot();
      expect(fake.app.exitCode).toBe(2);
      expect(stderr.lines()).toHaveLength(1);
      expect(stderr.lines()[0]).toContain(argument.split('=')[0]!);
      expect(stderr.lines()[0]).toMatch(/\n$/);
      expect(fake.app.requestSingleInstanceLock).not.toHaveBeenCalled();
      expect(fake.protocol.registerSchemesAsPrivileged).not.toHaveBeenCalled();
      expect(fake.windows).toHaveLength(0);
      expect(fake.handlers.size).toBe(0);
    },
  );

  it("also when only Chromium's command line has the switch", async () => {
    packaged();
    fake.app.commandLine.appendSwitch('remote-debugging-port', '9222');
    const stderr = stderrLines();
    await boot();
    expect(fake.app.exitCode).toBe(2);
    expect(stderr.lines()).toEqual([expect.stringContaining('--remote-debugging-port')]);
    expect(fake.windows).toHaveLength(0);
  });
});

describe('reload on crash', () => {
  /** Waits until the window's page has been reloaded `count` times and is back. */
  async function reloaded(window: FakeWindow, count: number): Promise<void> {
    await vi.waitFor(
      () => {
        expect(window.webContents.reload).toHaveBeenCalledTimes(count);
        expect(window.webContents.isCrashed()).toBe(false);
      },
      { timeout: 10_000 },
    );
  }

  it('a crashed renderer is reloaded in the same window, which works again', async () => {
    await boot();
    const window = liveWindows()[0]!;
    window.webContents.crash('crashed');
    await reloaded(window, 1);
    expect(liveWindows()).toEqual([window]);
    expect(window.isVisible()).toBe(true);
    await expect(invokeOk('accounts.list')).resolves.toEqual([]);
  });

  it('a page that keeps crashing is reloaded three times, then its window closes; the tray opens a fresh one', async () => {
    await boot();
    const window = liveWindows()[0]!;
    for (let reloads = 1; reloads <= 3; reloads++) {
      window.webContents.crash(reloads === 2 ? 'oom' : 'crashed');
      await reloaded(window, reloads);
    }
    window.webContents.crash('crashed');
    await vi.waitFor(() => expect(window.isDestroyed()).toBe(true), { timeout: 10_000 });
    expect(window.webContents.reload).toHaveBeenCalledTimes(3);
    // Keep running in the tray (the default): the app stays; the user's Open makes a new window.
    expect(fake.app.exitCode).toBeNull();
    fake.trays[0]!.emit('click');
    const fresh = liveWindows()[0]!;
    expect(fresh).not.toBe(window);
    await vi.waitFor(() => expect(fresh.isVisible()).toBe(true), { timeout: 10_000 });
  });
});

describe('a click during a reload is not lost', () => {
  let sim: StatusPageSimulator;

  /** A watched page with an open incident, and the notification about it (whose click opens the incident). */
  async function incidentNotification(): Promise<{ bubble: FakeNotificationBubble; target: { pageId: string; incidentId: number } }> {
    sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false, control: false });
    undo.push(() => sim.close());
    const page = await invokeOk<{ id: string }>('monitor.addPage', { name: 'Acme', region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme' });
    await invokeOk('monitor.pollNow', {});
    const incident = sim.openIncident({ page: 'acme', type: 'major', title: 'API down', services: [2], message: 'Investigating.' });
    await invokeOk('monitor.pollNow', { pageId: page.id });
    await vi.waitFor(() => expect(fake.notifications.length).toBeGreaterThan(0), { timeout: 10_000 });
    return { bubble: fake.notifications.at(-1)!, target: { pageId: page.id, incidentId: incident.id } };
  }

  const opened = (window: FakeWindow) => window.webContents.currentDocumentSent.filter((message) => message.channel === 'desktop.onOpenTarget');

  it('a click while the page reloads reaches the new page, once, after it has loaded', async () => {
    await boot();
    const { bubble, target } = await incidentNotification();
    const window = liveWindows()[0]!;
    // The reload has started (did-start-navigation), the old page is still there and about to go.
    window.webContents.reload();
    bubble.emit('click');
    expect(opened(window)).toEqual([]);
    await vi.waitFor(() => expect(opened(window)).toEqual([{ channel: 'desktop.onOpenTarget', payload: target }]), { timeout: 10_000 });
    expect(window.webContents.sent.filter((message) => message.channel === 'desktop.onOpenTarget')).toHaveLength(1);
  });

  it('a click after the renderer crashed reaches the reloaded page', async () => {
    await boot();
    const { bubble, target } = await incidentNotification();
    const window = liveWindows()[0]!;
    // The click arrives as the reload after the crash starts, before the new page has loaded.
    window.webContents.once('did-start-navigation', () => bubble.emit('click'));
    window.webContents.crash('crashed');
    await vi.waitFor(() => expect(opened(window)).toEqual([{ channel: 'desktop.onOpenTarget', payload: target }]), { timeout: 10_000 });
  });
});

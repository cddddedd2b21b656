import { EventEmitter } from 'node:events';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exitAfterCleanup } from '../../../electron/main/exit-after-cleanup';
import { APP_ID } from '../../../electron/core/desktop/app-identity';
import { loginCommand, loginItemMechanism } from '../../../electron/core/desktop/login-item';
import { OpenTargetMailbox } from '../../../electron/core/desktop/open-target-mailbox';
import { rendererSource } from '../../../electron/core/desktop/renderer-source';
import { settleWithin } from '../../../electron/core/desktop/settle-within';
import { initialTrayMenu } from '../../../electron/core/desktop/tray-menu';
import { quitsWhenAllWindowsClosed } from '../../../electron/core/desktop/window-all-closed';
import { autostartDir, autostartEntry, execArgument, setXdgAutostart } from '../../../electron/core/desktop/xdg-autostart';
import { repoRoot } from '../../support/paths';
import { makeTempDir } from '../../support/temp-dir';
import { preventable } from './support/fake-electron';

// The pure decisions of the desktop shell, as tables.

describe('rendererSource: ELECTRON_RENDERER_URL only in development', () => {
  it.each([
    { isPackaged: true, rendererUrl: 'http://evil.example:5173/', startUrl: 'app://statusdesk/index.html', origins: ['app://statusdesk'] },
    { isPackaged: true, rendererUrl: undefined, startUrl: 'app://statusdesk/index.html', origins: ['app://statusdesk'] },
    { isPackaged: false, rendererUrl: undefined, startUrl: 'app://statusdesk/index.html', origins: ['app://statusdesk'] },
    { isPackaged: false, rendererUrl: 'http://localhost:5173/', startUrl: 'http://localhost:5173/', origins: ['app://statusdesk', 'http://localhost:5173'] },
    { isPackaged: false, rendererUrl: 'file:///tmp/index.html', startUrl: 'app://statusdesk/index.html', origins: ['app://statusdesk'] },
    { isPackaged: false, rendererUrl: 'app://other/index.html', startUrl: 'app://statusdesk/index.html', origins: ['app://statusdesk'] },
    { isPackaged: false, rendererUrl: 'not a url', startUrl: 'app://statusdesk/index.html', origins: ['app://statusdesk'] },
  ])('packaged=$isPackaged, $rendererUrl → $startUrl', ({ isPackaged, rendererUrl, startUrl, origins }) => {
    expect(rendererSource({ isPackaged, rendererUrl })).toEqual({ startUrl, appOrigins: origins });
  });
});

describe('quitsWhenAllWindowsClosed', () => {
  it.each([
    ['linux', false, true],
    ['win32', false, true],
    ['darwin', false, false],
    ['linux', true, false],
    ['win32', true, false],
    ['darwin', true, false],
  ] as const)('%s with close-to-tray %s → quit %s', (platform, closeToTray, quits) => {
    expect(quitsWhenAllWindowsClosed({ platform, closeToTray })).toBe(quits);
  });
});

describe('login items', () => {
  it.each([
    ['darwin', 'system-login-items'],
    ['win32', 'system-login-items'],
    ['linux', 'xdg-autostart'],
    ['freebsd', 'xdg-autostart'],
    ['aix', 'unsupported'],
  ] as const)('%s → %s', (platform, mechanism) => {
    expect(loginItemMechanism(platform)).toBe(mechanism);
  });

  it.each([
    [
      { isPackaged: true, execPath: '/opt/Statusdesk/statusdesk', appPath: '/opt/Statusdesk/resources/app.asar', appImage: undefined },
      ['/opt/Statusdesk/statusdesk'],
    ],
    [
      { isPackaged: true, execPath: '/tmp/.mount_Stat/statusdesk', appPath: '/tmp/.mount_Stat/resources/app.asar', appImage: '/home/u/Statusdesk.AppImage' },
      ['/home/u/Statusdesk.AppImage'],
    ],
    [
      { isPackaged: false, execPath: '/repo/node_modules/electron/dist/electron', appPath: '/repo', appImage: undefined },
      ['/repo/node_modules/electron/dist/electron', '/repo'],
    ],
  ])('the command for %j', (options, command) => {
    expect(loginCommand(options)).toEqual(command);
  });
});

describe('XDG autostart entry', () => {
  it.each([
    [{ XDG_CONFIG_HOME: '/x/config' }, '/x/config/autostart'],
    [{ XDG_CONFIG_HOME: 'relative/config' }, '/home/u/.config/autostart'],
    [{ XDG_CONFIG_HOME: '' }, '/home/u/.config/autostart'],
    [{}, '/home/u/.config/autostart'],
  ])('config %j → %s', (env, dir) => {
    expect(autostartDir(env, '/home/u')).toBe(dir);
  });

  it.each([
    ['/opt/Statusdesk/statusdesk', '/opt/Statusdesk/statusdesk'],
    ['/home/a b/Statusdesk.AppImage', '"/home/a b/Statusdesk.AppImage"'],
    ['/home/u/$HOME/x', '"/home/u/\\\\$HOME/x"'],
    ['/home/u/say"hi"', '"/home/u/say\\\\"hi\\\\""'],
    ['/home/u/back\\slash', '"/home/u/back\\\\\\\\slash"'],
    ['/home/u/100%', '/home/u/100%%'],
  ])('Exec argument %s → %s', (argument, written) => {
    expect(execArgument(argument)).toBe(written);
  });

  it.each(['', '/home/u/line\nbreak'])('refuses an Exec argument %j', (argument) => {
    expect(() => execArgument(argument)).toThrow(expect.objectContaining({ code: 'invalid_input' }));
  });

  it('is a valid entry that starts the command', () => {
    const text = autostartEntry(['/opt/Statusdesk/statusdesk']);
    expect(text.split('\n')[0]).toBe('[Desktop Entry]');
    expect(text).toContain('\nType=Application\n');
    expect(text).toContain('\nName=Statusdesk\n');
    expect(text).toContain('\nExec=/opt/Statusdesk/statusdesk\n');
  });

  describe('on a throw-away HOME', () => {
    const temps: Array<{ remove: () => void }> = [];
    afterEach(() => temps.splice(0).forEach((t) => t.remove()));

    it('without XDG_CONFIG_HOME, writes ~/.config/autostart/statusdesk.desktop and removes it again', () => {
      const home = makeTempDir('statusdesk-home-');
      temps.push(home);
      const file = path.join(home.dir, '.config', 'autostart', 'statusdesk.desktop');
      setXdgAutostart(true, { env: {}, home: home.dir, command: ['/opt/Statusdesk/statusdesk'] });
      expect(readFileSync(file, 'utf8')).toBe(autostartEntry(['/opt/Statusdesk/statusdesk']));
      // Turning it on again replaces the entry whole (a moved app gets its new path).
      setXdgAutostart(true, { env: {}, home: home.dir, command: ['/usr/bin/statusdesk'] });
      expect(readFileSync(file, 'utf8')).toContain('Exec=/usr/bin/statusdesk\n');
      setXdgAutostart(false, { env: {}, home: home.dir, command: [] });
      expect(existsSync(file)).toBe(false);
      // Off when already off is not an error.
      expect(() => setXdgAutostart(false, { env: {}, home: home.dir, command: [] })).not.toThrow();
    });

    it('a config folder that cannot be created is a storage error that names the folder', () => {
      const home = makeTempDir('statusdesk-home-');
      temps.push(home);
      writeFileSync(path.join(home.dir, '.config'), 'a file, not a folder');
      expect(() => setXdgAutostart(true, { env: {}, home: home.dir, command: ['/x'] })).toThrow(
        expect.objectContaining({ code: 'storage', message: expect.stringContaining(path.join(home.dir, '.config', 'autostart')) }),
      );
    });
  });
});

describe('OpenTargetMailbox', () => {
  it('holds the latest target until ready, delivers it once, then passes targets straight through', () => {
    const delivered: string[] = [];
    const mailbox = new OpenTargetMailbox<string>((value) => delivered.push(value));
    mailbox.post('first');
    mailbox.post('second');
    expect(delivered).toEqual([]);
    mailbox.ready();
    expect(delivered).toEqual(['second']);
    mailbox.ready();
    expect(delivered).toEqual(['second']);
    mailbox.post('third');
    expect(delivered).toEqual(['second', 'third']);
    mailbox.notReady();
    mailbox.post('fourth');
    expect(delivered).toEqual(['second', 'third']);
    mailbox.ready();
    expect(delivered).toEqual(['second', 'third', 'fourth']);
  });
});

describe('settleWithin and exitAfterCleanup', () => {
  it.each([
    ['a task that finishes', () => Promise.resolve(), 'done', 0],
    ['a task that fails (reported, and finished)', () => Promise.reject(new Error('disk full')), 'done', 1],
    ['a task that never ends', () => new Promise<void>(() => undefined), 'timed_out', 0],
  ] as const)('%s → %s', async (_name, task, outcome, errors) => {
    const onError = vi.fn();
    await expect(settleWithin(task, 30, onError)).resolves.toBe(outcome);
    expect(onError).toHaveBeenCalledTimes(errors);
  });

  it('holds the quit, exits after the cleanup, and exits anyway when the cleanup hangs past the limit', async () => {
    const app = Object.assign(new EventEmitter(), { exit: vi.fn() });
    const log = vi.fn();
    exitAfterCleanup(app as never, () => new Promise<void>(() => undefined), { timeLimitMs: 30, log });
    const first = preventable();
    app.emit('will-quit', first);
    expect(first.defaultPrevented).toBe(true);
    // A second quit while cleaning is held too, and does not start a second cleanup.
    const second = preventable();
    app.emit('will-quit', second);
    expect(second.defaultPrevented).toBe(true);
    expect(app.exit).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(app.exit).toHaveBeenCalledWith(0), { timeout: 10_000 });
    expect(app.exit).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('did not finish within 30 ms'));
  });
});

describe('the tray before the first monitor update', () => {
  it('offers Open and Quit, wired to the actions', () => {
    const run = vi.fn();
    const menu = initialTrayMenu({ run });
    expect(menu.map((item) => item.label ?? item.type)).toEqual(['Open Statusdesk', 'separator', 'Quit Statusdesk']);
    menu[0]!.click!();
    menu[2]!.click!();
    expect(run.mock.calls).toEqual([['open'], ['quit']]);
  });
});

describe('app identity', () => {
  it('the AppUserModelID is electron-builder appId, so Windows shows the notifications', () => {
    const config = load(readFileSync(path.join(repoRoot, 'electron-builder.yml'), 'utf8')) as { appId: string };
    expect(APP_ID).toBe(config.appId);
  });
});

import { EventEmitter } from 'node:events';
import type { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { demoCommand, launchDemo, oneDemoAtATime, type ThisApp } from '../../../electron/core/desktop/demo-launch';

/* Try the demo starts a second copy of this app in demo mode, the way this copy was started. */

const devRun: ThisApp = {
  isPackaged: false,
  execPath: '/repo/node_modules/electron/dist/electron',
  appPath: '/repo',
  appImage: undefined,
  env: { HOME: '/home/u' },
};

describe('the demo started from the window', () => {
  it('is this app again with STATUSDESK_DEMO=1: Electron and the app folder in development, the executable or the AppImage installed', () => {
    expect(demoCommand(devRun)).toEqual({ file: devRun.execPath, args: ['/repo'], env: { HOME: '/home/u', STATUSDESK_DEMO: '1' } });
    expect(demoCommand({ ...devRun, isPackaged: true, execPath: '/opt/Statusdesk/statusdesk' })).toMatchObject({
      file: '/opt/Statusdesk/statusdesk',
      args: [],
    });
    expect(demoCommand({ ...devRun, isPackaged: true, appImage: '/home/u/Statusdesk.AppImage' })).toMatchObject({
      file: '/home/u/Statusdesk.AppImage',
      args: [],
    });
  });

  it('runs on its own once started, and a start that fails says why', async () => {
    const calls: Array<{ file: string; args: readonly string[]; options: Record<string, unknown> }> = [];
    let unrefed = false;
    const fakeSpawn = (outcome: 'spawn' | 'error') =>
      ((file: string, args: readonly string[], options: Record<string, unknown>) => {
        calls.push({ file, args, options });
        const child = Object.assign(new EventEmitter(), { unref: () => (unrefed = true) });
        queueMicrotask(() => (outcome === 'spawn' ? child.emit('spawn') : child.emit('error', new Error('spawn ENOENT'))));
        return child;
      }) as unknown as typeof spawn;
    await launchDemo(devRun, fakeSpawn('spawn'));
    expect(calls[0]).toMatchObject({ file: devRun.execPath, args: ['/repo'], options: { detached: true, stdio: 'ignore', env: { STATUSDESK_DEMO: '1' } } });
    expect(unrefed).toBe(true);
    await expect(launchDemo(devRun, fakeSpawn('error'))).rejects.toThrow('The demo could not start: spawn ENOENT');
  });

  it('starts one at a time: a second start while the first runs is refused, and allowed once it has quit', async () => {
    const children: EventEmitter[] = [];
    const fakeSpawn = (() => {
      const child = Object.assign(new EventEmitter(), { unref: () => undefined });
      children.push(child);
      queueMicrotask(() => child.emit('spawn'));
      return child;
    }) as unknown as typeof spawn;
    const open = oneDemoAtATime(devRun, fakeSpawn);
    await open();
    await expect(open()).rejects.toThrow('The demo is already open in a window of its own.');
    expect(children).toHaveLength(1);
    children[0]!.emit('exit', 0);
    await open();
    expect(children).toHaveLength(2);
  });
});

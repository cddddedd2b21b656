import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as UpdaterModule from '../../../electron/main/updater';
import { makeTempDir } from '../../support/temp-dir';
import { boot, invokeOk, pretendPlatform, quitAndWait, watchUncaught } from './support/boot';
import { fake, resetFake } from './support/fake-electron';

// An AppImage's file name carries its version, so an update
// leaves the autostart entry naming a file that is gone. The entry follows the app: when the updater renames
// the AppImage, and at every start of an installed app.
vi.mock('electron', async () => (await import('./support/fake-electron')).electronModule);

// The real updater, with the hooks main.ts hands it kept for the test.
const updaterHooks = vi.hoisted(() => ({ appImageRenamed: undefined as ((file: string) => void) | undefined }));
vi.mock('../../../electron/main/updater', async (importOriginal) => {
  const real = await importOriginal<typeof UpdaterModule>();
  return {
    ...real,
    createElectronUpdater: (...args: Parameters<typeof real.createElectronUpdater>) => {
      updaterHooks.appImageRenamed = args[1]?.appImageRenamed;
      return real.createElectronUpdater(...args);
    },
  };
});

let temp: ReturnType<typeof makeTempDir>;
let uncaught: ReturnType<typeof watchUncaught>;
let entry: string;
const undo: Array<() => void> = [];
const appImage = (version: string) => path.join(temp.dir, 'Apps', `Statusdesk-${version}-x86_64.AppImage`);

beforeEach(() => {
  temp = makeTempDir();
  vi.stubEnv('STATUSDESK_HOME', path.join(temp.dir, 'data'));
  vi.stubEnv('XDG_CONFIG_HOME', path.join(temp.dir, 'config'));
  vi.stubEnv('ELECTRON_RENDERER_URL', '');
  vi.stubEnv('STATUSDESK_DEMO', '');
  vi.stubEnv('APPIMAGE', '');
  entry = path.join(temp.dir, 'config', 'autostart', 'statusdesk.desktop');
  updaterHooks.appImageRenamed = undefined;
  Object.defineProperty(process, 'resourcesPath', { value: temp.dir, configurable: true, writable: true });
  undo.push(() => void delete (process as { resourcesPath?: string }).resourcesPath);
  undo.push(pretendPlatform('linux'));
  resetFake();
  uncaught = watchUncaught();
});
afterEach(async () => {
  try {
    await quitAndWait();
  } finally {
    for (const step of undo.splice(0).reverse()) step();
    uncaught.stop();
    vi.unstubAllEnvs();
    temp.remove();
  }
  expect(uncaught.errors).toEqual([]);
});

/** Starts the app as it would be started: installed from an AppImage, or a development run. */
async function start(how: { packaged: true; appImage: string } | { packaged: false }): Promise<void> {
  if (fake.app.exitCode !== null || fake.windows.length > 0) {
    await quitAndWait();
    resetFake();
  }
  fake.app.isPackaged = how.packaged;
  vi.stubEnv('APPIMAGE', how.packaged ? how.appImage : '');
  await boot();
}

const execOf = () => readFileSync(entry, 'utf8').match(/^Exec=(.*)$/m)?.[1];

describe('start at login follows the AppImage', () => {
  it('a start from a new AppImage points the entry at it; a development run and the demo leave it alone', async () => {
    await start({ packaged: true, appImage: appImage('1.0.0') });
    await invokeOk('desktop.setPrefs', { startAtLogin: true });
    expect(execOf()).toBe(appImage('1.0.0'));

    // npm start on the same data folder (start at login on): it would point the user's entry at the repository.
    await start({ packaged: false });
    expect(execOf()).toBe(appImage('1.0.0'));
    vi.stubEnv('STATUSDESK_DEMO', '1');
    await start({ packaged: true, appImage: appImage('1.0.0-demo') });
    expect(execOf()).toBe(appImage('1.0.0'));
    vi.stubEnv('STATUSDESK_DEMO', '');

    // The user downloaded 1.1.0 by hand and removed 1.0.0: the next start repairs the entry.
    await start({ packaged: true, appImage: appImage('1.1.0') });
    expect(execOf()).toBe(appImage('1.1.0'));
    expect(readFileSync(entry, 'utf8')).toMatch(/^X-GNOME-Autostart-enabled=true$/m);
  });

  it("the updater's appimage-filename-updated rewrites the entry for the new file, when start at login is on", async () => {
    await start({ packaged: true, appImage: appImage('1.0.0') });
    expect(updaterHooks.appImageRenamed).toBeTypeOf('function');
    updaterHooks.appImageRenamed!(appImage('1.1.0'));
    expect(existsSync(entry)).toBe(false);
    await invokeOk('desktop.setPrefs', { startAtLogin: true });
    updaterHooks.appImageRenamed!(appImage('1.2.0'));
    expect(execOf()).toBe(appImage('1.2.0'));
  });
});

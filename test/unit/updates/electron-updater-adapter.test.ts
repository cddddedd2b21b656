import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { serializeToYaml } from 'builder-util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UpdateState } from '../../../shared/updates/update-state';
import { makeTempDir } from '../../support/temp-dir';

/*
 * electron/main/updater.ts over a stand-in for electron-updater's autoUpdater (the real one needs a packaged
 * Electron): what it is told per check, and what it reports. A .deb install must never be left able to download a
 * package or install it on quit (electron-updater's DebUpdater runs dpkg through pkexec or sudo).
 */

class FakeAutoUpdater extends EventEmitter {
  autoDownload = true;
  autoInstallOnAppQuit = true;
  forceDevUpdateConfig = false;
  logger: unknown = null;
  checks: Array<{ autoDownload: boolean; autoInstallOnAppQuit: boolean; forceDevUpdateConfig: boolean }> = [];
  onCheck: (self: FakeAutoUpdater) => unknown = () => ({ updateInfo: {} });
  async checkForUpdates() {
    this.checks.push({ autoDownload: this.autoDownload, autoInstallOnAppQuit: this.autoInstallOnAppQuit, forceDevUpdateConfig: this.forceDevUpdateConfig });
    return this.onCheck(this);
  }
}
class NsisUpdater extends FakeAutoUpdater {}
const updater = { current: new FakeAutoUpdater() };
// The factory runs at the adapter's first import('electron-updater'), inside a test, after the classes above exist.
vi.mock('electron-updater', () => ({
  get autoUpdater() {
    return updater.current;
  },
  NsisUpdater,
}));

const { createElectronUpdater } = await import('../../../electron/main/updater');

const FEED = { owner: 'statusdesk', repo: 'statusdesk', provider: 'github', releaseType: 'release' };
let resources: ReturnType<typeof makeTempDir>;
const originalResources = (process as { resourcesPath?: string }).resourcesPath;

beforeEach(() => {
  updater.current = new FakeAutoUpdater();
  resources = makeTempDir('statusdesk-resources-');
  Object.defineProperty(process, 'resourcesPath', { value: resources.dir, configurable: true, writable: true });
});
afterEach(() => {
  resources.remove();
  vi.unstubAllEnvs();
  if (originalResources === undefined) delete (process as { resourcesPath?: string }).resourcesPath;
  else Object.defineProperty(process, 'resourcesPath', { value: originalResources, configurable: true, writable: true });
});

function adapter() {
  const port = createElectronUpdater(() => undefined);
  const states: UpdateState[] = [];
  port.onState((state) => states.push(state));
  return { port, states };
}

describe.runIf(process.platform === 'linux')('the electron-updater adapter on Linux', () => {
  it('a .deb install: looked at as deb; a check downloads nothing, installs nothing on quit, and reports the release page', async () => {
    fs.writeFileSync(path.join(resources.dir, 'app-update.yml'), serializeToYaml(FEED));
    fs.writeFileSync(path.join(resources.dir, 'package-type'), 'deb');
    const { port, states } = adapter();
    expect(await port.inspect()).toMatchObject({ linuxPackage: 'deb', releasesUrl: 'https://github.com/statusdesk/statusdesk/releases' });
    port.setInstallOnQuit(true);
    updater.current.onCheck = (self) => {
      self.emit('update-available', { version: '0.2.0', tag: 'v0.2.0', files: [] });
      return { updateInfo: { version: '0.2.0' } };
    };
    await port.check('notify');
    port.setInstallOnQuit(true);
    await Promise.resolve();
    expect(updater.current.checks).toEqual([{ autoDownload: false, autoInstallOnAppQuit: false, forceDevUpdateConfig: true }]);
    expect(updater.current.autoInstallOnAppQuit).toBe(false);
    expect(states).toEqual([{ phase: 'available', version: '0.2.0', releaseUrl: 'https://github.com/statusdesk/statusdesk/releases/tag/v0.2.0' }]);
    // A progress or download report cannot turn a told copy into one that downloads.
    updater.current.emit('download-progress', { percent: 50 });
    expect(states).toHaveLength(1);
  });

  it('an AppImage installs: downloads, shows progress with the version, installs on quit as the user chose', async () => {
    fs.writeFileSync(path.join(resources.dir, 'app-update.yml'), serializeToYaml(FEED));
    vi.stubEnv('APPIMAGE', '/home/u/Statusdesk.AppImage');
    vi.stubEnv('APPDIR', path.dirname(process.execPath));
    const { port, states } = adapter();
    expect(await port.inspect()).toMatchObject({ linuxPackage: 'appimage' });
    updater.current.onCheck = (self) => {
      self.emit('update-available', { version: '0.2.0', files: [] });
      self.emit('download-progress', { percent: 140 });
      self.emit('update-downloaded', { version: '0.2.0' });
      return { updateInfo: { version: '0.2.0' } };
    };
    await port.check('install');
    expect(updater.current.checks).toEqual([{ autoDownload: true, autoInstallOnAppQuit: true, forceDevUpdateConfig: false }]);
    expect(states).toEqual([
      { phase: 'downloading', version: '0.2.0', percent: 0 },
      { phase: 'downloading', version: '0.2.0', percent: 100 },
      { phase: 'downloaded', version: '0.2.0' },
    ]);
    port.setInstallOnQuit(false);
    await vi.waitFor(() => expect(updater.current.autoInstallOnAppQuit).toBe(false));
  });

  it('a copy without a feed says so in words, not as a missing-file error', async () => {
    const { port } = adapter();
    updater.current.onCheck = () => {
      const error = Object.assign(new Error(`ENOENT: no such file or directory, open '${resources.dir}/app-update.yml'`), { code: 'ENOENT' });
      throw error;
    };
    await expect(port.check('notify')).rejects.toThrow('this copy was not installed from a release, so it has no update feed');
  });

  it('a check electron-updater skips is reported, not left "checking"', async () => {
    const { port, states } = adapter();
    updater.current.onCheck = () => null;
    await port.check('notify');
    expect(states).toEqual([{ phase: 'error', message: 'this copy cannot look for new versions' }]);
  });
});

describe('the release tag', () => {
  it('without a tag from the feed, the release page is v<version>', async () => {
    fs.writeFileSync(path.join(resources.dir, 'app-update.yml'), serializeToYaml(FEED));
    const { port, states } = adapter();
    await port.inspect();
    updater.current.onCheck = (self) => self.emit('update-available', { version: '1.2.3', files: [] });
    await port.check('notify');
    expect(states).toEqual([{ phase: 'available', version: '1.2.3', releaseUrl: 'https://github.com/statusdesk/statusdesk/releases/tag/v1.2.3' }]);
  });
});

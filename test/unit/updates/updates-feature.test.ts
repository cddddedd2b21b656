import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UpdateDeliveryKind, UpdateState, UpdateStatus } from '../../../shared/updates/update-state';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import type { InstalledBuild } from '../../../electron/core/updates/update-policy';
import { UpdatesFeature, type UpdaterPort } from '../../../electron/core/updates/updates-feature';
import { makeTempDir } from '../../support/temp-dir';
import { busHearing } from '../../support/app-bus';

const RELEASES = 'https://github.com/statusdesk/statusdesk/releases';
const SIGNED_WINDOWS: InstalledBuild = { platform: 'win32', linuxPackage: null, signed: true, releasesUrl: RELEASES };

/** electron-updater's part, played by hand: what it reports, and what it was asked. */
class FakeUpdater implements UpdaterPort {
  readonly listeners = new Set<(state: UpdateState) => void>();
  checks: UpdateDeliveryKind[] = [];
  inspections = 0;
  installOnQuit: boolean | null = null;
  failNext: Error | null = null;
  constructor(readonly build: InstalledBuild | Error = SIGNED_WINDOWS) {}
  async inspect(): Promise<InstalledBuild> {
    this.inspections++;
    if (this.build instanceof Error) throw this.build;
    return this.build;
  }
  async check(delivery: UpdateDeliveryKind): Promise<void> {
    this.checks.push(delivery);
    if (this.failNext) throw this.failNext;
  }
  setInstallOnQuit(on: boolean): void {
    this.installOnQuit = on;
  }
  onState(listener: (state: UpdateState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  report(state: UpdateState): void {
    for (const listener of this.listeners) listener(state);
  }
}

let home: ReturnType<typeof makeTempDir>;
afterEach(() => {
  vi.useRealTimers();
  home?.remove();
});

function feature(build: { packaged: boolean; demo: boolean }, port?: UpdaterPort) {
  home = makeTempDir('statusdesk-updates-');
  const settings = new SettingsStore(home.dir);
  const told: UpdateStatus[] = [];
  const updates = new UpdatesFeature({
    settings,
    version: '0.1.0',
    build,
    port,
    events: busHearing('updates.onStatus', (s) => told.push(s)),
    firstCheckAfterMs: 1_000,
    tickMs: 60_000,
  });
  return { updates, told, settings };
}

const INSTALLED = { packaged: true, demo: false };

describe('Settings → Updates', () => {
  it('is off in development and in the demo: no check, a clear sentence, and nothing scheduled', async () => {
    for (const build of [
      { packaged: false, demo: false },
      { packaged: true, demo: true },
    ]) {
      const port = new FakeUpdater();
      const { updates } = feature(build, port);
      updates.start();
      expect(updates.status()).toMatchObject({ state: { phase: 'off' }, canCheck: false, delivery: null });
      await expect(updates.check()).rejects.toMatchObject({ code: 'unsupported' });
      expect(port.checks).toEqual([]);
      expect(port.inspections).toBe(0);
      expect(port.listeners.size).toBe(0);
      updates.dispose();
      home.remove();
    }
  });

  it('packaged and signed: checks on request, shows the download and the version waiting for the quit', async () => {
    const port = new FakeUpdater();
    const { updates, told } = feature(INSTALLED, port);
    expect(port.installOnQuit).toBe(true);
    await updates.check();
    expect(port.checks).toEqual(['install']);
    expect(updates.status()).toMatchObject({ delivery: 'install', releasesUrl: RELEASES });
    port.report({ phase: 'downloading', version: '0.2.0', percent: 50 });
    port.report({ phase: 'downloaded', version: '0.2.0' });
    expect(told.at(-1)).toMatchObject({
      state: { phase: 'downloaded', version: '0.2.0' },
      canCheck: false,
      message: 'Version 0.2.0 is ready and will be installed when you quit Statusdesk.',
    });
    // Nothing more to check while a version waits.
    await updates.check();
    expect(port.checks).toEqual(['install']);
    expect(port.inspections).toBe(1);
    updates.dispose();
  });

  it('a .deb install is only told: the check never asks to install, and Settings links to the release page', async () => {
    const port = new FakeUpdater({ platform: 'linux', linuxPackage: 'deb', signed: null, releasesUrl: RELEASES });
    const { updates, told } = feature(INSTALLED, port);
    updates.start();
    await vi.waitFor(() => expect(updates.status().delivery).toBe('notify'));
    expect(told.at(-1)?.message).toBe(
      'Version 0.1.0, installed from a .deb package: Statusdesk tells you when a new version is out, and your package manager installs it. New versions are looked for at start and every 6 hours.',
    );
    await updates.check();
    expect(port.checks).toEqual(['notify']);
    port.report({ phase: 'available', version: '0.2.0', releaseUrl: `${RELEASES}/tag/v0.2.0` });
    expect(updates.status()).toMatchObject({
      state: { phase: 'available', version: '0.2.0', releaseUrl: `${RELEASES}/tag/v0.2.0` },
      delivery: 'notify',
      canCheck: true,
    });
    expect(updates.status().message).toMatch(/^Version 0\.2\.0 is out: download it from its release page; install it with your package manager/);
    // Install on quit means nothing to a copy that never installs; the choice is still kept for a later install.
    updates.setPrefs({ installOnQuit: true });
    expect(port.checks).toEqual(['notify']);
    updates.dispose();
  });

  it('an unsigned Windows or macOS build turns its updates off once looked at, and says why', async () => {
    for (const platform of ['win32', 'darwin'] as const) {
      const port = new FakeUpdater({ platform, linuxPackage: null, signed: false, releasesUrl: RELEASES });
      const { updates, told } = feature(INSTALLED, port);
      updates.start();
      await vi.waitFor(() => expect(updates.status().state).toEqual({ phase: 'off', reason: 'unsigned' }));
      expect(told.at(-1)).toMatchObject({ canCheck: false, delivery: null, releasesUrl: RELEASES });
      expect(told.at(-1)?.message).toMatch(/^Version 0\.1\.0 is not code-signed, so it does not update itself/);
      await expect(updates.check()).rejects.toMatchObject({ code: 'unsupported', message: expect.stringMatching(/not code-signed/) });
      expect(port.checks).toEqual([]);
      // What electron-updater would still report is not listened to any more.
      expect(port.listeners.size).toBe(0);
      updates.dispose();
      home.remove();
    }
  });

  it('a check before start looks at the build first; an unsigned build refuses that first check too', async () => {
    const port = new FakeUpdater({ platform: 'darwin', linuxPackage: null, signed: false, releasesUrl: null });
    const { updates } = feature(INSTALLED, port);
    await expect(updates.check()).rejects.toMatchObject({ code: 'unsupported' });
    expect(port.checks).toEqual([]);
    expect(updates.status()).toMatchObject({ state: { phase: 'off', reason: 'unsigned' }, releasesUrl: null });
    updates.dispose();
  });

  it('when the build cannot be looked at, the copy is only told (telling never installs)', async () => {
    const port = new FakeUpdater(new Error('resources unreadable'));
    const { updates } = feature(INSTALLED, port);
    await updates.check();
    expect(port.checks).toEqual(['notify']);
    expect(updates.status()).toMatchObject({ delivery: 'notify', releasesUrl: null });
    updates.dispose();
  });

  it('a failed check says why and can be tried again; install-on-quit follows the setting and is saved', async () => {
    const port = new FakeUpdater();
    const { updates, settings } = feature(INSTALLED, port);
    port.failNext = new Error('net::ERR_NAME_NOT_RESOLVED');
    const failed = await updates.check();
    expect(failed).toMatchObject({ state: { phase: 'error' }, canCheck: true, message: 'The update check failed: net::ERR_NAME_NOT_RESOLVED' });
    updates.setPrefs({ installOnQuit: false });
    expect(port.installOnQuit).toBe(false);
    expect(settings.get().updates).toEqual({ checkAutomatically: true, installOnQuit: false });
    updates.dispose();
  });

  it('checks by itself after start when wanted, then not again within 6 hours; never when turned off', async () => {
    vi.useFakeTimers();
    const port = new FakeUpdater();
    const { updates } = feature(INSTALLED, port);
    updates.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(port.checks).toEqual([]);
    expect(port.inspections).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(port.checks).toEqual(['install']);
    port.report({ phase: 'up-to-date', checkedAt: new Date().toISOString() });
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(port.checks).toHaveLength(1);
    updates.setPrefs({ checkAutomatically: false });
    await vi.advanceTimersByTimeAsync(7 * 60 * 60 * 1000);
    expect(port.checks).toHaveLength(1);
    updates.dispose();
  });

  it('an unsigned build schedules nothing that could check', async () => {
    vi.useFakeTimers();
    const port = new FakeUpdater({ platform: 'win32', linuxPackage: null, signed: false, releasesUrl: null });
    const { updates } = feature(INSTALLED, port);
    updates.start();
    await vi.advanceTimersByTimeAsync(10 * 60 * 60 * 1000);
    expect(port.checks).toEqual([]);
    updates.dispose();
  });
});

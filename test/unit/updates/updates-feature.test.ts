import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UpdateState, UpdateStatus } from '../../../shared/updates/update-state';
import { SettingsStore } from '../../../electron/services/settings/settings-store';
import { UpdatesFeature, type UpdaterPort } from '../../../electron/services/updates/updates-feature';
import { makeTempDir } from '../../support/temp-dir';

/** electron-updater's part, played by hand: what it reports, and what it was asked. */
class FakeUpdater implements UpdaterPort {
  readonly listeners = new Set<(state: UpdateState) => void>();
  checks = 0;
  installOnQuit: boolean | null = null;
  failNext: Error | null = null;
  async check(): Promise<void> {
    this.checks++;
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
  const updates = new UpdatesFeature({ settings, version: '0.1.0', build, port, onStatus: (s) => told.push(s), firstCheckAfterMs: 1_000, tickMs: 1_000 });
  return { updates, told, settings };
}

describe('Settings → Updates', () => {
  it('is off in development and in the demo: no check, a clear sentence, and nothing scheduled', async () => {
    for (const build of [
      { packaged: false, demo: false },
      { packaged: true, demo: true },
    ]) {
      const port = new FakeUpdater();
      const { updates } = feature(build, port);
      updates.start();
      expect(updates.status()).toMatchObject({ state: { phase: 'off' }, canCheck: false });
      await expect(updates.check()).rejects.toMatchObject({ code: 'unsupported' });
      expect(port.checks).toBe(0);
      expect(port.listeners.size).toBe(0);
      updates.dispose();
      home.remove();
    }
  });

  it('packaged: checks on request, shows the download and the version waiting for the quit', async () => {
    const port = new FakeUpdater();
    const { updates, told } = feature({ packaged: true, demo: false }, port);
    expect(port.installOnQuit).toBe(true);
    await updates.check();
    expect(port.checks).toBe(1);
    port.report({ phase: 'downloading', version: '0.2.0', percent: 50 });
    port.report({ phase: 'downloaded', version: '0.2.0' });
    expect(told.at(-1)).toMatchObject({
      state: { phase: 'downloaded', version: '0.2.0' },
      canCheck: false,
      message: 'Version 0.2.0 is ready and will be installed when you quit Statusdesk.',
    });
    // Nothing more to check while a version waits.
    await updates.check();
    expect(port.checks).toBe(1);
    updates.dispose();
  });

  it('a failed check says why and can be tried again; install-on-quit follows the setting and is saved', async () => {
    const port = new FakeUpdater();
    const { updates, settings } = feature({ packaged: true, demo: false }, port);
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
    const { updates } = feature({ packaged: true, demo: false }, port);
    updates.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(port.checks).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(port.checks).toBe(1);
    port.report({ phase: 'up-to-date', checkedAt: new Date().toISOString() });
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(port.checks).toBe(1);
    updates.setPrefs({ checkAutomatically: false });
    await vi.advanceTimersByTimeAsync(7 * 60 * 60 * 1000);
    expect(port.checks).toBe(1);
    updates.dispose();
  });
});

import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { boot, invokeOk, liveWindows, quitAndWait, useBootHarness } from './support/boot';
import { DEFAULT_USER_DATA, fake } from './support/fake-electron';

// Electron scopes the single-instance lock to userData, so the app
// sets userData to its data folder first. One instance per data folder; instances on different folders (the
// installed app, npm start with its own STATUSDESK_HOME, a demo) run side by side.
vi.mock('electron', async () => (await import('./support/fake-electron')).electronModule);

const harness = useBootHarness({ dataSubdir: 'data' });

describe('the single-instance lock follows the data folder', () => {
  it('is taken on the data folder, set as userData before the lock is asked for', async () => {
    await boot();
    expect(fake.app.lockedUserData).toBe(harness.dataDir);
    const setUserData = fake.app.setPath.mock.calls.findIndex(([name]) => name === 'userData');
    expect(fake.app.setPath.mock.invocationCallOrder[setUserData]!).toBeLessThan(fake.app.requestSingleInstanceLock.mock.invocationCallOrder[0]!);
  });

  it('an instance on another data folder does not keep this one from starting', async () => {
    // The installed app runs on Electron's default folder; this one has its own STATUSDESK_HOME.
    fake.app.otherInstances.add(DEFAULT_USER_DATA);
    await boot();
    expect(fake.app.quit).not.toHaveBeenCalled();
    expect(liveWindows()).toHaveLength(1);
    expect(await invokeOk<{ dataDir: string }>('app.info')).toMatchObject({ dataDir: harness.dataDir });
  });

  it('an instance on the same data folder does: this one quits without a window', async () => {
    fake.app.otherInstances.add(harness.dataDir);
    await boot();
    expect(fake.app.quit).toHaveBeenCalled();
    expect(fake.windows).toHaveLength(0);
    expect(fake.handlers.size).toBe(0);
  });

  it('a demo locks its own throw-away folder, so it runs beside the app on the user’s folder, and removes it at the end', async () => {
    vi.stubEnv('STATUSDESK_DEMO', '1');
    fake.app.otherInstances.add(harness.dataDir);
    fake.app.otherInstances.add(DEFAULT_USER_DATA);
    await boot();
    expect(liveWindows()).toHaveLength(1);
    const demoFolder = fake.app.lockedUserData!;
    expect(path.basename(demoFolder)).toMatch(/^statusdesk-demo-/);
    // The core's data and Chromium's profile are the same throw-away folder.
    expect(await invokeOk<{ dataDir: string }>('app.info')).toMatchObject({ dataDir: demoFolder });
    await quitAndWait();
    expect(existsSync(demoFolder)).toBe(false);
  });
});

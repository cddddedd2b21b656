import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { boot, invokeOk, liveWindows, useBootHarness } from './support/boot';
import { fake } from './support/fake-electron';

// The global shortcut, wired by the composition root to Electron's globalShortcut.
vi.mock('electron', async () => (await import('./support/fake-electron')).electronModule);

const harness = useBootHarness();

interface State {
  enabled: boolean;
  accelerator: string;
  registered: boolean;
  problem: string | null;
}

describe('global shortcut', () => {
  it('holds no keys by default, and holds the chosen ones once turned on', async () => {
    await boot();
    expect(fake.globalShortcut.register).not.toHaveBeenCalled();
    const off = await invokeOk<State>('shortcuts.global');
    expect(off).toMatchObject({ enabled: false, registered: false, problem: null });

    const on = await invokeOk<State>('shortcuts.setGlobal', { enabled: true, accelerator: 'Alt+Shift+S' });
    expect(on).toMatchObject({ enabled: true, accelerator: 'Alt+Shift+S', registered: true, problem: null });
    expect([...fake.globalShortcut.held.keys()]).toEqual(['Alt+Shift+S']);

    // Other keys: the old ones are let go first.
    await invokeOk<State>('shortcuts.setGlobal', { accelerator: 'CommandOrControl+Alt+K' });
    expect([...fake.globalShortcut.held.keys()]).toEqual(['CommandOrControl+Alt+K']);
    // Off: nothing held.
    await invokeOk<State>('shortcuts.setGlobal', { enabled: false });
    expect(fake.globalShortcut.held.size).toBe(0);
  });

  it('a press brings the hidden window up and tells it to open the palette; the keys come back after a restart', async () => {
    fs.mkdirSync(harness.dir, { recursive: true });
    fs.writeFileSync(path.join(harness.dir, 'global-shortcut.json'), JSON.stringify({ enabled: true, accelerator: 'CommandOrControl+Shift+K' }));
    await boot();
    await vi.waitFor(() => expect(fake.globalShortcut.held.has('CommandOrControl+Shift+K')).toBe(true));
    const window = liveWindows()[0]!;
    await vi.waitFor(() => expect(window.webContents.getURL()).not.toBe(''));
    window.hide();
    expect(window.isVisible()).toBe(false);

    fake.globalShortcut.press('CommandOrControl+Shift+K');
    expect(window.isVisible()).toBe(true);
    await vi.waitFor(() => expect(window.webContents.sent.map((message) => message.channel)).toContain('shortcuts.onOpenPalette'));
  });

  it('keys another app holds are kept and reported, not silently dropped', async () => {
    await boot();
    fake.globalShortcut.takenElsewhere.add('Alt+Space');
    const state = await invokeOk<State>('shortcuts.setGlobal', { enabled: true, accelerator: 'Alt+Space' });
    expect(state.registered).toBe(false);
    expect(state.problem).toMatch(/Alt\+Space is taken by another app/);
    expect(JSON.parse(fs.readFileSync(path.join(harness.dir, 'global-shortcut.json'), 'utf8'))).toEqual({ enabled: true, accelerator: 'Alt+Space' });
  });
});

import { describe, expect, it } from 'vitest';
import { acceleratorProblem, globalShortcutPlan, globalShortcutPrefsSchema } from '../../../shared/shortcuts/global-shortcut';
import { GlobalShortcutFeature } from '../../../electron/core/shortcuts/global-shortcut-feature';
import { makeTempDir } from '../../support/temp-dir';
import { createAppBus } from '@core/events/app-events';

describe('global shortcut keys', () => {
  it('takes Electron accelerators with a modifier that is not only Shift', () => {
    for (const keys of ['CommandOrControl+Shift+K', 'Alt+Space', 'Control+Alt+F12', 'Super+/', 'F13', 'CommandOrControl+Shift+C']) {
      expect(acceleratorProblem(keys), keys).toBeNull();
    }
  });

  it('refuses keys the system or every app already means something by: editing, switching, a bare function key', () => {
    for (const keys of [
      'CommandOrControl+C',
      'Ctrl+V',
      'Cmd+X',
      'CmdOrCtrl+Z',
      'Control+Shift+Z',
      'CommandOrControl+A',
      'CommandOrControl+Q',
      'Alt+Tab',
      'Alt+F4',
      'Command+Space',
      'Ctrl+Alt+Delete',
      'Super+L',
      'F1',
      'F12',
      'Shift+F5',
    ]) {
      expect(acceleratorProblem(keys), keys).not.toBeNull();
    }
    expect(acceleratorProblem('CommandOrControl+C')).toMatch(/already mean something everywhere/);
    expect(acceleratorProblem('F1')).toMatch(/Add Control, Command or Alt/);
  });

  it('refuses what would take a letter from every app, or is not a key, in words', () => {
    expect(acceleratorProblem('K')).toMatch(/Add Control, Command or Alt/);
    expect(acceleratorProblem('Shift+K')).toMatch(/Add Control, Command or Alt/);
    expect(acceleratorProblem('Ctrl+')).toMatch(/joined by \+/);
    expect(acceleratorProblem('Hyper+K')).toMatch(/Only CommandOrControl, Control, Alt, Shift or Super can come before the key/);
    expect(acceleratorProblem('Control+Shift')).toMatch(/End with a key/);
    expect(acceleratorProblem('Control+Banana')).toMatch(/The last key is not one Statusdesk can listen for/);
    expect(globalShortcutPrefsSchema.safeParse({ enabled: true, accelerator: 'K' }).success).toBe(false);
  });

  it('is held only when on', () => {
    expect(globalShortcutPlan({ enabled: false, accelerator: 'Alt+K' })).toBeNull();
    expect(globalShortcutPlan({ enabled: true, accelerator: 'Alt+K' })).toBe('Alt+K');
  });
});

describe('GlobalShortcutFeature', () => {
  it('headless, keeps the prefs and says the keys work only in the desktop app', async () => {
    const temp = makeTempDir();
    try {
      const feature = new GlobalShortcutFeature({ dataDir: temp.dir, events: createAppBus() });
      const state = await feature.set({ enabled: true });
      expect(state).toMatchObject({ enabled: true, accelerator: 'CommandOrControl+Shift+K', registered: false });
      expect(state.problem).toMatch(/only in the desktop app/);
      await expect(feature.set({ accelerator: 'Q' })).rejects.toMatchObject({ code: 'invalid_input' });
    } finally {
      temp.remove();
    }
  });

  it('an unreadable file leaves the shortcut off', async () => {
    const temp = makeTempDir();
    try {
      const fs = await import('node:fs');
      fs.writeFileSync(`${temp.dir}/global-shortcut.json`, '{"enabled": true, "accelerator": "K"}');
      const calls: Array<string | null> = [];
      const feature = new GlobalShortcutFeature({ dataDir: temp.dir, port: (accelerator) => (calls.push(accelerator), true), events: createAppBus() });
      expect(await feature.state()).toMatchObject({ enabled: false, registered: false });
      expect(calls).toEqual([null]);
    } finally {
      temp.remove();
    }
  });
});

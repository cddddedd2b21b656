import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { makeTempDir } from '../../support/temp-dir';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

function dirWith(settings?: Record<string, unknown>): string {
  const temp = makeTempDir();
  cleanup = temp.remove;
  if (settings) fs.writeFileSync(path.join(temp.dir, 'settings.json'), JSON.stringify(settings));
  return temp.dir;
}

const account = {
  id: '3b241101-e2bb-4255-8caf-4136c566a962',
  name: 'Prod',
  region: 'eu',
  subdomain: 'acme',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('appearance in the settings file', () => {
  it('a file from before the theme choice follows the OS with cards', () => {
    const store = new SettingsStore(dirWith({ schemaVersion: 1, accounts: [account] }));
    expect(store.problem).toBeNull();
    expect(store.get().appearance).toEqual({ theme: 'system', dashboardLayout: 'cards', timeZone: 'local' });
    expect(store.get().accounts).toHaveLength(1);
  });

  it('a choice is written and read back by the next start', () => {
    const dir = dirWith();
    new SettingsStore(dir).update((s) => {
      s.appearance.theme = 'dark';
      s.appearance.dashboardLayout = 'compact';
    });
    expect(new SettingsStore(dir).get().appearance).toEqual({ theme: 'dark', dashboardLayout: 'compact', timeZone: 'local' });
  });

  it('an unknown theme in the file falls back to the default without losing the rest', () => {
    const store = new SettingsStore(dirWith({ schemaVersion: 1, accounts: [account], appearance: { theme: 'purple', dashboardLayout: 'compact' } }));
    expect(store.get().appearance.theme).toBe('system');
    expect(store.get().accounts).toHaveLength(1);
  });
});

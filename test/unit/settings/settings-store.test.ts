import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { migrateSettings } from '../../../electron/core/settings/migrations';
import { CURRENT_SETTINGS_VERSION } from '../../../electron/core/settings/settings-schema';
import { resolveDataDir } from '../../../electron/core/settings/data-dir';
import { makeTempDir } from '../../support/temp-dir';

const account = {
  id: '3b241101-e2bb-4255-8caf-4136c566a962',
  name: 'Prod',
  region: 'eu',
  subdomain: 'acme',
  createdAt: '2026-01-01T00:00:00.000Z',
};

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

function freshDir() {
  const temp = makeTempDir();
  cleanup = temp.remove;
  return temp.dir;
}

describe('settings store', () => {
  it('starts empty, writes a versioned file readable only by the user, and reloads it', () => {
    const dir = freshDir();
    const store = new SettingsStore(dir);
    expect(store.problem).toBeNull();
    expect(store.get().accounts).toEqual([]);
    store.update((s) => {
      s.accounts.push(account as never);
    });
    const onDisk = JSON.parse(fs.readFileSync(path.join(dir, 'settings.json'), 'utf8'));
    expect(onDisk.schemaVersion).toBe(CURRENT_SETTINGS_VERSION);
    expect(onDisk.accounts).toEqual([account]);
    if (process.platform !== 'win32') expect(fs.statSync(path.join(dir, 'settings.json')).mode & 0o077).toBe(0);
    expect(new SettingsStore(dir).get().accounts).toEqual([account]);
  });

  it('refuses an update that breaks the schema and keeps the old state', () => {
    const store = new SettingsStore(freshDir());
    expect(() =>
      store.update((s) => {
        s.accounts.push({ ...account, region: 'mars' } as never);
      }),
    ).toThrow();
    expect(store.get().accounts).toEqual([]);
  });

  it('migrates a pre-release file without a version', () => {
    const dir = freshDir();
    fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ statusPageAccounts: [account] }));
    const store = new SettingsStore(dir);
    expect(store.problem).toBeNull();
    expect(store.get()).toMatchObject({ schemaVersion: CURRENT_SETTINGS_VERSION, accounts: [account], watchedPages: [] });
    expect(migrateSettings({ schemaVersion: CURRENT_SETTINGS_VERSION, accounts: [] })).toEqual({ schemaVersion: CURRENT_SETTINGS_VERSION, accounts: [] });
  });

  it('reads a provider page saved as kind "statuspage" (version 1) as a provider page, whatever its format', () => {
    const dir = freshDir();
    const own = { id: '00000000-0000-4000-8000-000000000001', region: 'us', subdomain: 'acme' };
    const provider = {
      id: '00000000-0000-4000-8000-000000000002',
      kind: 'statuspage',
      format: 'feed',
      url: 'https://status.example.com/feed.atom',
      region: 'custom',
      subdomain: 'example',
    };
    fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ schemaVersion: 1, watchedPages: [own, provider] }));
    const store = new SettingsStore(dir);
    expect(store.problem).toBeNull();
    expect(store.get().watchedPages).toMatchObject([
      { id: own.id, subdomain: 'acme' },
      { id: provider.id, kind: 'provider', format: 'feed', url: provider.url },
    ]);
    expect(store.get().watchedPages[0]!.kind).toBeUndefined();
  });

  it.each([
    ['truncated JSON', '{"schemaVersion":1,"accou'],
    ['garbage', '\u0000\u0001binary garbage'],
    ['an array', '[1,2,3]'],
  ])('moves a file with %s aside, reports it, and starts', (_name, content) => {
    const dir = freshDir();
    fs.writeFileSync(path.join(dir, 'settings.json'), content);
    const store = new SettingsStore(dir);
    expect(store.problem).not.toBeNull();
    expect(store.problem!.message).toMatch(/moved aside/);
    expect(fs.readFileSync(store.problem!.movedTo, 'utf8')).toBe(content);
    expect(store.get().accounts).toEqual([]);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'settings.json'), 'utf8')).schemaVersion).toBe(CURRENT_SETTINGS_VERSION);
  });

  it('leaves a file written by a newer version whole: reads what it can, never writes it', () => {
    const dir = freshDir();
    const content = JSON.stringify({ schemaVersion: 99, accounts: [account], somethingNew: { x: 1 } });
    fs.writeFileSync(path.join(dir, 'settings.json'), content);
    const store = new SettingsStore(dir);
    expect(store.problem).toBeNull();
    expect(store.newerVersion).toBe(99);
    expect(store.get().accounts).toEqual([account]);
    expect(() => store.update((s) => void s.accounts.pop())).toThrow(/newer version of Statusdesk \(settings version 99\)/);
    expect(fs.readFileSync(path.join(dir, 'settings.json'), 'utf8')).toBe(content);
    expect(fs.readdirSync(dir)).toEqual(['settings.json']);
  });

  it('does not rewrite a current file it only read', () => {
    const dir = freshDir();
    new SettingsStore(dir).update((s) => void s.accounts.push({ ...account, region: 'eu' }));
    const file = path.join(dir, 'settings.json');
    const before = fs.statSync(file).mtimeMs;
    fs.utimesSync(file, new Date(before - 60_000), new Date(before - 60_000));
    const stamped = fs.statSync(file).mtimeMs;
    const again = new SettingsStore(dir);
    expect(again.get().accounts).toEqual([account]);
    expect(fs.statSync(file).mtimeMs).toBe(stamped);
  });

  it('keeps the accounts that still parse when others are broken', () => {
    const dir = freshDir();
    fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ schemaVersion: 1, accounts: [account, { id: 'nope', name: 3 }] }));
    const store = new SettingsStore(dir);
    expect(store.problem).not.toBeNull();
    expect(store.get().accounts).toEqual([account]);
  });
});

describe('data folder', () => {
  it('prefers STATUSDESK_HOME, then the platform app-data folder', () => {
    expect(resolveDataDir({ STATUSDESK_HOME: '/tmp/sd' }, 'linux', '/home/u')).toBe('/tmp/sd');
    expect(resolveDataDir({}, 'linux', '/home/u')).toBe('/home/u/.config/Statusdesk');
    expect(resolveDataDir({ XDG_CONFIG_HOME: '/x/cfg' }, 'linux', '/home/u')).toBe('/x/cfg/Statusdesk');
    expect(resolveDataDir({ XDG_CONFIG_HOME: 'relative' }, 'linux', '/home/u')).toBe('/home/u/.config/Statusdesk');
    expect(resolveDataDir({}, 'darwin', '/Users/u')).toBe('/Users/u/Library/Application Support/Statusdesk');
    expect(resolveDataDir({ APPDATA: 'C:/Users/u/AppData/Roaming' }, 'win32', 'C:/Users/u')).toBe(path.join('C:/Users/u/AppData/Roaming', 'Statusdesk'));
  });
});

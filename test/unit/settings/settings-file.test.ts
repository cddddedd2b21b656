import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readOnlySettings } from '../../../electron/core/settings/settings-file';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { CURRENT_SETTINGS_VERSION } from '../../../electron/core/settings/settings-schema';
import { makeTempDir } from '../../support/temp-dir';

/*
 * The settings as a process that only reads them takes them (a command of the command line): what the store
 * would hold, through the same checks, migrations and defaults, with nothing written, moved or created.
 */

const account = {
  id: '3b241101-e2bb-4255-8caf-4136c566a962',
  name: 'Prod',
  region: 'eu',
  subdomain: 'acme',
  createdAt: '2026-01-01T00:00:00.000Z',
};

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

function freshDir(): string {
  const temp = makeTempDir();
  cleanup = temp.remove;
  return temp.dir;
}

const listing = (dir: string) => fs.readdirSync(dir).map((name) => [name, fs.readFileSync(path.join(dir, name), 'utf8')]);

describe('settings read without their writer', () => {
  it('gives the defaults for a missing file, and creates none', () => {
    const dir = freshDir();
    const { reader, problem } = readOnlySettings(dir);
    expect(problem).toBeNull();
    expect(reader.get()).toEqual(new SettingsStore(freshDir()).get());
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('reads an older file migrated as the store does, and leaves it as it was', () => {
    const dir = freshDir();
    fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ statusPageAccounts: [account] }));
    const before = listing(dir);
    const { reader, problem } = readOnlySettings(dir);
    expect(problem).toBeNull();
    expect(reader.get()).toMatchObject({ schemaVersion: CURRENT_SETTINGS_VERSION, accounts: [account], watchedPages: [] });
    expect(reader.read((settings) => settings.accounts.map((a) => a.name))).toEqual(['Prod']);
    expect(listing(dir)).toEqual(before);
    expect(reader.get()).toEqual(new SettingsStore(dir).get());
  });

  it('keeps what parses of a broken file and says so, without moving it aside', () => {
    const dir = freshDir();
    fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ schemaVersion: CURRENT_SETTINGS_VERSION, accounts: [account, { name: 42 }] }));
    const before = listing(dir);
    const { reader, problem } = readOnlySettings(dir);
    expect(problem).toMatch(/not valid/);
    expect(reader.get().accounts).toEqual([account]);
    expect(listing(dir)).toEqual(before);
  });

  it('hands out copies: a change to one is not the next read', () => {
    const { reader } = readOnlySettings(freshDir());
    reader.get().accounts.push(account as never);
    expect(reader.get().accounts).toEqual([]);
  });
});

import { existsSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { autostartRepair, repairXdgAutostart } from '../../../electron/core/desktop/autostart-repair';
import { keepsLoginItemCurrent } from '../../../electron/core/desktop/login-item';
import { autostartEntry } from '../../../electron/core/desktop/xdg-autostart';
import { makeTempDir } from '../../support/temp-dir';

// Start at login survives an AppImage update.

const OLD = ['/home/ada/Apps/Statusdesk-1.0.0-x86_64.AppImage'];
const NEW = ['/home/ada/Apps/Statusdesk-1.1.0-x86_64.AppImage'];

describe('autostartRepair', () => {
  it.each([
    { case: 'the entry starts this copy', wanted: true, existing: autostartEntry(NEW), result: { action: 'keep' } },
    { case: 'the entry names the old AppImage', wanted: true, existing: autostartEntry(OLD), result: { action: 'write', text: autostartEntry(NEW) } },
    { case: 'on, but the entry is gone', wanted: true, existing: null, result: { action: 'write', text: autostartEntry(NEW) } },
    { case: 'on, and the file is not a desktop entry', wanted: true, existing: 'garbage\n', result: { action: 'write', text: autostartEntry(NEW) } },
    // Off: at start, another data folder's instance (or the demo) must not remove the user's entry.
    { case: 'off, with an entry', wanted: false, existing: autostartEntry(OLD), result: { action: 'keep' } },
    { case: 'off, without one', wanted: false, existing: null, result: { action: 'keep' } },
  ])('$case → $result.action', ({ wanted, existing, result }) => {
    expect(autostartRepair({ wanted, existing, command: NEW })).toEqual(result);
  });

  it("keeps the rest of the entry as it is: the desktop's own switch is the user's", () => {
    const existing = autostartEntry(OLD).replace('X-GNOME-Autostart-enabled=true', 'X-GNOME-Autostart-enabled=false');
    const repair = autostartRepair({ wanted: true, existing, command: NEW });
    expect(repair).toEqual({ action: 'write', text: existing.replace(`Exec=${OLD[0]}`, `Exec=${NEW[0]}`) });
  });

  it("changes the entry's own Exec, not an action's, and adds one where the entry has none", () => {
    const withAction = ['[Desktop Entry]', 'Type=Application', 'Name=Statusdesk', '', '[Desktop Action open]', `Exec=${OLD[0]} --open`, ''].join('\n');
    expect(autostartRepair({ wanted: true, existing: withAction, command: NEW })).toEqual({
      action: 'write',
      text: ['[Desktop Entry]', `Exec=${NEW[0]}`, 'Type=Application', 'Name=Statusdesk', '', '[Desktop Action open]', `Exec=${OLD[0]} --open`, ''].join('\n'),
    });
  });

  it('quotes a path with spaces as the Desktop Entry Specification says', () => {
    const spaced = ['/home/ada/My Apps/Statusdesk-1.1.0.AppImage'];
    const repair = autostartRepair({ wanted: true, existing: autostartEntry(OLD), command: spaced });
    expect(repair).toMatchObject({ action: 'write', text: expect.stringContaining('Exec="/home/ada/My Apps/Statusdesk-1.1.0.AppImage"') });
  });
});

describe('repairXdgAutostart', () => {
  let temp: ReturnType<typeof makeTempDir> | undefined;
  afterEach(() => temp?.remove());

  it('rewrites a stale entry in $XDG_CONFIG_HOME/autostart, keeps a current one, and leaves no temporary file', () => {
    temp = makeTempDir();
    const env = { XDG_CONFIG_HOME: temp.dir };
    const file = path.join(temp.dir, 'autostart', 'statusdesk.desktop');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, autostartEntry(OLD));
    expect(repairXdgAutostart({ wanted: true, env, home: '/nonexistent', command: NEW })).toBe('write');
    expect(readFileSync(file, 'utf8')).toBe(autostartEntry(NEW));
    const written = statSync(file).mtimeMs;
    expect(repairXdgAutostart({ wanted: true, env, home: '/nonexistent', command: NEW })).toBe('keep');
    expect(statSync(file).mtimeMs).toBe(written);
    expect(repairXdgAutostart({ wanted: false, env, home: '/nonexistent', command: OLD })).toBe('keep');
    expect(readFileSync(file, 'utf8')).toBe(autostartEntry(NEW));
    expect(existsSync(`${file}.${process.pid}.tmp`)).toBe(false);
  });

  it('a folder that cannot be written is a typed storage error', () => {
    temp = makeTempDir();
    const blocked = path.join(temp.dir, 'not-a-folder');
    writeFileSync(blocked, '');
    expect(() => repairXdgAutostart({ wanted: true, env: { XDG_CONFIG_HOME: blocked }, home: '/nonexistent', command: NEW })).toThrow(
      expect.objectContaining({ code: 'storage', message: expect.stringMatching(/start at login/) }),
    );
  });
});

describe('keepsLoginItemCurrent', () => {
  it.each([
    ['linux', true, false, true],
    ['freebsd', true, false, true],
    ['linux', false, false, false],
    ['linux', true, true, false],
    ['darwin', true, false, false],
    ['win32', true, false, false],
  ] as const)('%s, packaged=%s, demo=%s → %s', (platform, isPackaged, demo, keeps) => {
    expect(keepsLoginItemCurrent({ platform, isPackaged, demo })).toBe(keeps);
  });
});

import { describe, expect, it } from 'vitest';
import { applicationMenuTemplate, DEVELOPER_ROLES, HELP_LABELS, rolesIn } from '../../../electron/core/desktop/application-menu';

// The application menu of an installed app has no Reload and no DevTools.

const EDIT_ROLES = ['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll'];

describe('applicationMenuTemplate', () => {
  it.each([
    ['linux', true, false],
    ['win32', true, false],
    ['darwin', true, false],
    ['linux', false, true],
    ['win32', false, true],
    ['darwin', false, true],
  ] as const)('%s, packaged=%s: developer entries %s', (platform, packaged, developer) => {
    const roles = rolesIn(applicationMenuTemplate(platform, packaged));
    for (const role of DEVELOPER_ROLES) expect(roles.includes(role)).toBe(developer);
    // Electron's ready-made View menu brings Reload and DevTools back; it is never used.
    expect(roles).not.toContain('viewMenu');
    expect(roles).toEqual(expect.arrayContaining([...EDIT_ROLES, 'quit', 'minimize', 'zoomIn', 'togglefullscreen']));
  });

  it.each([true, false])('every top-level entry is a submenu with a label or a role (packaged=%s)', (packaged) => {
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      for (const item of applicationMenuTemplate(platform, packaged)) {
        expect(item.submenu?.length).toBeGreaterThan(0);
        expect(item.label ?? item.role).toBeTruthy();
      }
    }
  });

  it('macOS: the app menu first (About, Services, Hide, Quit), then Edit with Paste and Match Style, and its Window menu', () => {
    const menu = applicationMenuTemplate('darwin', true);
    expect(menu.map((item) => item.label ?? item.role)).toEqual(['Statusdesk', 'File', 'Edit', 'View', 'window']);
    expect(rolesIn([menu[0]!])).toEqual(['about', 'services', 'hide', 'hideOthers', 'unhide', 'quit']);
    expect(rolesIn([menu[2]!])).toContain('pasteAndMatchStyle');
    expect(rolesIn(menu[4]!.submenu!)).toEqual(['minimize', 'zoom', 'front']);
  });

  it.each(['linux', 'win32'] as const)('%s: File (Quit), Edit, View, Window and Help (About)', (platform) => {
    const menu = applicationMenuTemplate(platform, true);
    expect(menu.map((item) => item.label)).toEqual(['File', 'Edit', 'View', 'Window', 'Help']);
    expect(rolesIn([menu[0]!])).toEqual(['quit']);
    expect(rolesIn([menu[4]!])).toEqual(['about']);
    expect(rolesIn(menu)).not.toContain('services');
  });
});

describe('Help: Open Logs Folder and Copy Diagnostics', () => {
  const calls: string[] = [];
  const help = { openLogsFolder: () => void calls.push('logs'), copyDiagnostics: () => void calls.push('diagnostics') };

  it.each(['linux', 'win32', 'darwin'] as const)('%s: both entries in the Help menu, wired to their actions', (platform) => {
    calls.length = 0;
    const menu = applicationMenuTemplate(platform, true, help);
    const helpMenu = menu.find((item) => item.label === 'Help' || item.role === 'help')!;
    const items = helpMenu.submenu!.filter((item) => item.label);
    expect(items.map((item) => item.label)).toEqual([HELP_LABELS.openLogsFolder, HELP_LABELS.copyDiagnostics]);
    for (const item of items) item.click!();
    expect(calls).toEqual(['logs', 'diagnostics']);
    // About stays where it was: the app menu on macOS, Help elsewhere.
    expect(rolesIn(helpMenu.submenu!).includes('about')).toBe(platform !== 'darwin');
  });
});

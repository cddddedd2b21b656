import { APP_NAME } from './app-identity';

/** The roles of Electron's menu items this menu uses (a subset of MenuItemConstructorOptions['role']). */
export type ApplicationMenuRole =
  | 'about'
  | 'services'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'quit'
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'pasteAndMatchStyle'
  | 'delete'
  | 'selectAll'
  | 'reload'
  | 'forceReload'
  | 'toggleDevTools'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'minimize'
  | 'zoom'
  | 'close'
  | 'front'
  | 'window'
  | 'help';

/** A menu entry in the shape Electron's Menu.buildFromTemplate takes, without importing Electron. */
export interface ApplicationMenuItem {
  label?: string;
  role?: ApplicationMenuRole;
  type?: 'separator';
  submenu?: ApplicationMenuItem[];
  click?: () => void;
}

/** What the Help menu does for a support request; the main process wires them to the core. */
interface HelpActions {
  /** Opens the folder of the log files (main.log, cli.log) in the file manager. */
  openLogsFolder: () => void;
  /** Puts the diagnostics (versions, system, counts, last errors; no secrets) on the clipboard. */
  copyDiagnostics: () => void;
}

/** The Help menu's own entries, on every system (the About entry follows them where it lives in Help). */
export const HELP_LABELS = { openLogsFolder: 'Open Logs Folder', copyDiagnostics: 'Copy Diagnostics' } as const;

function helpItems(help: HelpActions | undefined): ApplicationMenuItem[] {
  if (!help) return [];
  return [
    { label: HELP_LABELS.openLogsFolder, click: help.openLogsFolder },
    { label: HELP_LABELS.copyDiagnostics, click: help.copyDiagnostics },
  ];
}

/** What only a developer's build offers: reloading the page by hand and DevTools. */
export const DEVELOPER_ROLES: readonly ApplicationMenuRole[] = ['reload', 'forceReload', 'toggleDevTools'];

const separator: ApplicationMenuItem = { type: 'separator' };

/**
 * The application menu, written out instead of Electron's default (whose View menu has Reload and Toggle
 * Developer Tools) or its ready-made role menus (viewMenu carries the same). Edit stays on every system: on
 * macOS the copy and paste shortcuts work only through it. An installed build gets no developer entries.
 */
export function applicationMenuTemplate(platform: NodeJS.Platform, packaged: boolean, help?: HelpActions): ApplicationMenuItem[] {
  const mac = platform === 'darwin';
  const edit: ApplicationMenuItem = {
    label: 'Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      separator,
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(mac ? [{ role: 'pasteAndMatchStyle' as const }] : []),
      { role: 'delete' },
      separator,
      { role: 'selectAll' },
    ],
  };
  const view: ApplicationMenuItem = {
    label: 'View',
    submenu: [
      ...(packaged ? [] : [...DEVELOPER_ROLES.map((role) => ({ role })), separator]),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      separator,
      { role: 'togglefullscreen' },
    ],
  };
  if (mac) {
    return [
      {
        label: APP_NAME,
        submenu: [
          { role: 'about' },
          separator,
          { role: 'services' },
          separator,
          { role: 'hide' },
          { role: 'hideOthers' },
          { role: 'unhide' },
          separator,
          { role: 'quit' },
        ],
      },
      { label: 'File', submenu: [{ role: 'close' }] },
      edit,
      view,
      // The window role makes it macOS's own Window menu, with the list of open windows.
      { role: 'window', submenu: [{ role: 'minimize' }, { role: 'zoom' }, separator, { role: 'front' }] },
      // The help role makes it macOS's Help menu (with its search field); About stays in the app menu.
      ...(help ? [{ role: 'help' as const, submenu: helpItems(help) }] : []),
    ];
  }
  return [
    { label: 'File', submenu: [{ role: 'quit' }] },
    edit,
    view,
    { label: 'Window', submenu: [{ role: 'minimize' }, { role: 'close' }] },
    { label: 'Help', submenu: [...helpItems(help), ...(help ? [separator] : []), { role: 'about' }] },
  ];
}

/** Every role in a menu, submenus included. */
export function rolesIn(template: readonly ApplicationMenuItem[]): ApplicationMenuRole[] {
  return template.flatMap((item) => [...(item.role ? [item.role] : []), ...rolesIn(item.submenu ?? [])]);
}

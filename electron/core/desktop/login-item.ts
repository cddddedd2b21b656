/** How a system starts apps at login: its own login items (Electron's API), an XDG autostart entry, or not at all. */
type LoginItemMechanism = 'system-login-items' | 'xdg-autostart' | 'unsupported';

export function loginItemMechanism(platform: NodeJS.Platform): LoginItemMechanism {
  if (platform === 'darwin' || platform === 'win32') return 'system-login-items';
  if (platform === 'linux' || platform === 'freebsd' || platform === 'openbsd' || platform === 'netbsd') return 'xdg-autostart';
  return 'unsupported';
}

/**
 * The command that starts this app: the AppImage file itself when run from one (its mount point changes at
 * each start), the installed executable when packaged, and Electron with the app folder in development.
 */
export function loginCommand(options: { isPackaged: boolean; execPath: string; appPath: string; appImage: string | undefined }): string[] {
  if (options.appImage) return [options.appImage];
  return options.isPackaged ? [options.execPath] : [options.execPath, options.appPath];
}

/**
 * Whether a start checks that the login item still starts this app. Only where the entry names a file of ours
 * (XDG: an AppImage update renames it; the system login items name the installed app, whose path updates keep),
 * only in an installed app (a development run would point the entry at the repository's Electron), never in the demo.
 */
export function keepsLoginItemCurrent(options: { platform: NodeJS.Platform; isPackaged: boolean; demo: boolean }): boolean {
  return loginItemMechanism(options.platform) === 'xdg-autostart' && options.isPackaged && !options.demo;
}

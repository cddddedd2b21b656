/** How a system starts apps at login: its own login items (Electron's API), an XDG autostart entry, or not at all. */
export type LoginItemMechanism = 'system-login-items' | 'xdg-autostart' | 'unsupported';

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

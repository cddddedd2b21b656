/**
 * Whether closing the last window ends the app. With "keep running in the tray" on, the window only hides, so
 * this is about the choice being off: then the app ends, as the user asked, except on macOS, where an app stays
 * in the dock and a click on it opens a new window (the platform's convention).
 */
export function quitsWhenAllWindowsClosed(options: { platform: NodeJS.Platform; closeToTray: boolean }): boolean {
  if (options.platform === 'darwin') return false;
  return !options.closeToTray;
}

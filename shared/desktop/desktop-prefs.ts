import { z } from 'zod';

/** How the app lives on the desktop: started at login, and whether closing the window keeps it in the tray. */
export const desktopPrefsSchema = z.object({
  startAtLogin: z.boolean(),
  /** Closing the window keeps the app running in the tray. */
  closeToTray: z.boolean(),
});
export type DesktopPrefs = z.infer<typeof desktopPrefsSchema>;

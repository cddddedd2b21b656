import { z } from 'zod';

/** `system` follows the OS (prefers-color-scheme) and changes with it. */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export const themeChoiceSchema = z.enum(THEME_CHOICES);
export type ThemeChoice = z.infer<typeof themeChoiceSchema>;

/** `cards`: a card per page that opens in place; `compact`: one line per page, for many pages at a glance. */
const DASHBOARD_LAYOUTS = ['cards', 'compact'] as const;
const dashboardLayoutSchema = z.enum(DASHBOARD_LAYOUTS);

/** Which zone times are shown in: the computer's own, each page's own (the API's `time_zone`), or UTC. */
export const TIME_ZONE_MODES = ['local', 'page', 'utc'] as const;
export const timeZoneModeSchema = z.enum(TIME_ZONE_MODES);
export type TimeZoneMode = z.infer<typeof timeZoneModeSchema>;

/** How the window looks: the user's choices in Settings → Appearance and the dashboard's list mode. */
export const appearancePrefsSchema = z.object({
  theme: themeChoiceSchema.default('system'),
  dashboardLayout: dashboardLayoutSchema.default('cards'),
  timeZone: timeZoneModeSchema.default('local'),
});
export type AppearancePrefs = z.infer<typeof appearancePrefsSchema>;
export const DEFAULT_APPEARANCE_PREFS: AppearancePrefs = { theme: 'system', dashboardLayout: 'cards', timeZone: 'local' };

/** A change names only what changes; the rest stays as saved. */
export const appearanceChangeSchema = z.object({
  theme: themeChoiceSchema.optional(),
  dashboardLayout: dashboardLayoutSchema.optional(),
  timeZone: timeZoneModeSchema.optional(),
});
export type AppearanceChange = z.infer<typeof appearanceChangeSchema>;

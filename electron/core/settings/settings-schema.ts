import { z } from 'zod';
import { watchedPageSchema } from '@shared/monitor/watched-page';
import { DEFAULT_NOTIFICATION_PREFS, notificationPrefsSchema } from '@shared/monitor/notification-prefs';
import { accountRecordSchema } from '@shared/accounts/account';
import { translationSettingsSchema } from '@shared/translation/translation-settings';
import { operationsSettingsSchema } from '@shared/operations/operations-settings';
import { DEFAULT_UPDATE_PREFS, updatePrefsSchema } from '@shared/updates/update-state';
import { DEFAULT_APPEARANCE_PREFS, appearancePrefsSchema } from '@shared/appearance/appearance-prefs';
import { DEFAULT_ALERT_SETTINGS, alertSettingsSchema } from '@shared/alerts/alert-settings';

export const CURRENT_SETTINGS_VERSION = 2;

/** The settings file. Every field has a default, so a new field never breaks an older file. */
export const settingsSchema = z.object({
  schemaVersion: z.literal(CURRENT_SETTINGS_VERSION),
  accounts: z.array(accountRecordSchema).default([]),
  /** The pages the monitor polls (public pages need no account). */
  watchedPages: z.array(watchedPageSchema).default([]),
  notifications: notificationPrefsSchema.default(DEFAULT_NOTIFICATION_PREFS),
  desktop: z.object({ startAtLogin: z.boolean().default(false), closeToTray: z.boolean().default(true) }).default({ startAtLogin: false, closeToTray: true }),
  updates: updatePrefsSchema.default(DEFAULT_UPDATE_PREFS),
  appearance: appearancePrefsSchema.default(DEFAULT_APPEARANCE_PREFS),
  /** Absent until the translation panel saves something; each field has its default. */
  translation: translationSettingsSchema.optional(),
  /** Absent until the operations panel saves something; an absent field follows its default. */
  operations: operationsSettingsSchema.optional(),
  /** The team alerts' destinations and rules (their secrets are in the keychain), shared with `statusdesk serve`. */
  alerts: alertSettingsSchema.default(() => ({ ...DEFAULT_ALERT_SETTINGS, destinations: [], rules: [] })),
});

export type Settings = z.infer<typeof settingsSchema>;

export function defaultSettings(): Settings {
  return settingsSchema.parse({ schemaVersion: CURRENT_SETTINGS_VERSION });
}

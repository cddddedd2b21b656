import { z } from 'zod';
import { accountRecordSchema } from '../../../shared/accounts/account';

export const CURRENT_SETTINGS_VERSION = 1;

/** The settings file. Every field has a default, so a new field never breaks an older file. */
export const settingsSchema = z.object({
  schemaVersion: z.literal(CURRENT_SETTINGS_VERSION),
  accounts: z.array(accountRecordSchema).default([]),
});

export type Settings = z.infer<typeof settingsSchema>;

export function defaultSettings(): Settings {
  return settingsSchema.parse({ schemaVersion: CURRENT_SETTINGS_VERSION });
}

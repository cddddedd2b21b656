import { z } from 'zod';
import { alertDestinationSchema } from './alert-destination';
import { alertRuleSchema } from './alert-rule';

/** The `alerts` part of the settings file, shared by the app and the headless watcher. */
export const alertSettingsSchema = z.object({
  destinations: z.array(alertDestinationSchema).max(100).default([]),
  rules: z.array(alertRuleSchema).max(1_000).default([]),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

export const DEFAULT_ALERT_SETTINGS: AlertSettings = { destinations: [], rules: [] };

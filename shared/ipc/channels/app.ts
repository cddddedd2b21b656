import { z } from 'zod';
import { invoke, event } from '../define';

/** Something the user should know about that happened at start-up or since (a file moved aside, no keychain). */
export const appProblemSchema = z.object({
  id: z.string(),
  kind: z.enum(['settings_corrupt', 'settings_newer', 'file_corrupt', 'keychain_unavailable', 'outbox_unavailable']),
  message: z.string(),
  at: z.string(),
});
export type AppProblem = z.infer<typeof appProblemSchema>;

export const vaultStatusSchema = z.object({
  keychainAvailable: z.boolean(),
  backend: z.string(),
  /** Why the keychain is unavailable, in plain words. */
  reason: z.string().nullable(),
});
export type VaultStatus = z.infer<typeof vaultStatusSchema>;

export const appInfoSchema = z.object({
  version: z.string(),
  dataDir: z.string(),
  vault: vaultStatusSchema,
  problems: z.array(appProblemSchema),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

export const appChannels = {
  'app.info': invoke(z.undefined(), appInfoSchema),
  /** Starts the demo beside this app: a second Statusdesk with its own throw-away data, playing a scenario. */
  'app.openDemo': invoke(z.undefined(), z.object({ started: z.literal(true) })),
  'app.dismissProblem': invoke(z.object({ id: z.string().max(200) }), z.object({ dismissed: z.boolean() })),
  /** Asks the OS keychain again now (it may have been unlocked since the app started). */
  'app.retryKeychain': invoke(z.undefined(), vaultStatusSchema),
  'app.onProblem': event(appProblemSchema),
} as const;

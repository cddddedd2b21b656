import { z } from 'zod';
import { appProblemSchema } from '../../diagnostics/app-problem';
import { vaultStatusSchema } from '../../vault/vault-status';
import { invoke, event } from '../define';

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

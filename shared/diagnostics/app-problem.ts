import { z } from 'zod';

/** Something the user should know about that happened at start-up or since (a file moved aside, no keychain). */
export const appProblemSchema = z.object({
  id: z.string(),
  kind: z.enum(['settings_corrupt', 'settings_newer', 'file_corrupt', 'keychain_unavailable', 'outbox_unavailable']),
  message: z.string(),
  at: z.string(),
});
export type AppProblem = z.infer<typeof appProblemSchema>;

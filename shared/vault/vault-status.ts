import { z } from 'zod';

/** Where the app keeps secrets now: the OS keychain, or only memory for this session (and why). */
export const vaultStatusSchema = z.object({
  keychainAvailable: z.boolean(),
  backend: z.string(),
  /** Why the keychain is unavailable, in plain words. */
  reason: z.string().nullable(),
});
export type VaultStatus = z.infer<typeof vaultStatusSchema>;

import { z } from 'zod';

/**
 * What the renderer may know about the translation key: whether one is stored, where, and its last four
 * characters (empty for short keys). The key itself never crosses IPC.
 */
export const translationKeyStatusSchema = z.object({
  stored: z.boolean(),
  storage: z.enum(['keychain', 'session', 'none']),
  lastFour: z.string().max(4).nullable(),
});

export type TranslationKeyStatus = z.infer<typeof translationKeyStatusSchema>;

/** A key as the user pastes it: printable ASCII without spaces (it travels in a URL query). */
export const translationKeyInputSchema = z
  .string()
  .trim()
  .min(8, 'That translation key is too short.')
  .max(512, 'That translation key is too long.')
  .regex(/^[\x21-\x7e]+$/, 'A translation key has no spaces or special characters.');

import { z } from 'zod';

/** A language code as the service uses it ("en", "de", "tw", "pt-br"); kept as given, never case-folded. */
export const languageCodeSchema = z.string().trim().min(1).max(20);

/** One entry of GET /public/languages. Extra fields the service may add are dropped, not rejected. */
export const languageSchema = z.object({
  code: languageCodeSchema,
  local_name: z.string(),
  english_name: z.string(),
});

export type Language = z.infer<typeof languageSchema>;

/** GET /public/languages/is-supported */
export const isSupportedResponseSchema = z.object({ is_supported: z.boolean() });

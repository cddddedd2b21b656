import { z } from 'zod';
import { languageSchema } from './language';

/** The service's languages as the app last fetched them. */
export const translationLanguagesSchema = z.object({
  languages: z.array(languageSchema),
  /** ISO time the list was fetched from the service. */
  fetchedAt: z.string(),
  /** A refresh failed and an older list is shown. */
  stale: z.boolean(),
});
export type TranslationLanguages = z.infer<typeof translationLanguagesSchema>;

import { z } from 'zod';
import { languageCodeSchema } from './language';
import { wordTypeSchema } from './word-type';

/** One recent translation: enough to put the panel back as it was (languages, input lines, output lines). */
export const translationHistoryEntrySchema = z.object({
  id: z.string().min(1).max(100),
  /** ISO time of the translation. */
  at: z.string(),
  from: languageCodeSchema,
  to: languageCodeSchema,
  type: wordTypeSchema,
  texts: z.array(z.string()),
  translations: z.array(z.string()),
});

export type TranslationHistoryEntry = z.infer<typeof translationHistoryEntrySchema>;

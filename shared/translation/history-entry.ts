import { z } from 'zod';
import { languageCodeSchema } from './language';
import { wordTypeSchema } from './word-type';

/**
 * `unknown`: the request was sent but no answer came (it timed out, or the connection broke after it was sent).
 * The service may have translated and billed it, so it is not sent again by itself; the history says so.
 */
const TRANSLATION_OUTCOMES = ['translated', 'unknown'] as const;
export const UNKNOWN_OUTCOME_NOTE = 'outcome unknown, may be billed';

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
  /** Absent: translated (every entry written before outcomes were recorded). */
  outcome: z.enum(TRANSLATION_OUTCOMES).optional(),
  /** Why the outcome is unknown, in the words the user saw (no key: errors never carry it). */
  reason: z.string().max(500).optional(),
});

export type TranslationHistoryEntry = z.infer<typeof translationHistoryEntrySchema>;

import { z } from 'zod';
import { botTypeSchema } from './bot-type';
import { translationCountersSchema } from './counters';
import { languageCodeSchema } from './language';
import { requestUrlSchema } from './request-url';
import { WordType, wordTypeSchema } from './word-type';

/** What the app asks the Translator for (the IPC / CLI payload): texts in order, one language pair, one type. */
export const translateTextsInputSchema = z.object({
  from: languageCodeSchema,
  to: languageCodeSchema,
  type: wordTypeSchema.default(WordType.TEXT),
  texts: z.array(z.string()),
  /** Where the texts come from (the status page's public URL); the service files translations under it. */
  requestUrl: requestUrlSchema.optional(),
  title: z.string().optional(),
  bot: botTypeSchema.optional(),
});

export type TranslateTextsInput = z.input<typeof translateTextsInputSchema>;

/**
 * The translations in the caller's order (duplicates get the same result), and what this call cost.
 * `untranslated`: indexes of texts the service returned no translation for (null in to_words); they hold the
 * source text and are not kept in the memory. `resent`: translate requests sent again because the first try
 * provably never reached the service (connection refused, name not resolved), so they were not billed twice.
 */
export const translateTextsResultSchema = z.object({
  texts: z.array(z.string()),
  counters: translationCountersSchema,
  untranslated: z.array(z.number().int().nonnegative()),
  resent: z.number().int().nonnegative(),
});

export type TranslateTextsResult = z.infer<typeof translateTextsResultSchema>;

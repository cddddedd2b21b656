import { z } from 'zod';
import { botTypeSchema } from './bot-type';
import { translationCountersSchema } from './counters';
import { languageCodeSchema } from './language';
import { WordType, wordTypeSchema } from './word-type';

/** What the app asks the Translator for (the IPC / CLI payload): texts in order, one language pair, one type. */
export const translateTextsInputSchema = z.object({
  from: languageCodeSchema,
  to: languageCodeSchema,
  type: wordTypeSchema.default(WordType.TEXT),
  texts: z.array(z.string()),
  /** Where the texts come from (the status page URL); the service files translations under it. */
  requestUrl: z.string().optional(),
  title: z.string().optional(),
  bot: botTypeSchema.optional(),
});

export type TranslateTextsInput = z.input<typeof translateTextsInputSchema>;
export type TranslateTextsParsed = z.output<typeof translateTextsInputSchema>;

/** The translations in the caller's order (duplicates get the same result), and what this call cost. */
export const translateTextsResultSchema = z.object({
  texts: z.array(z.string()),
  counters: translationCountersSchema,
});

export type TranslateTextsResult = z.infer<typeof translateTextsResultSchema>;

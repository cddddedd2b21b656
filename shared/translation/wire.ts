import { z } from 'zod';
import { botTypeSchema } from './bot-type';
import { languageCodeSchema } from './language';
import { wordTypeSchema } from './word-type';

/** One sentence of a translate request: `w` the text, `t` its WordType. */
const wireWordSchema = z.object({ w: z.string(), t: wordTypeSchema });

/** Body of POST /translate (API 1.0). `bot` and `title` are optional in the simplest request. */
export const translateRequestSchema = z.object({
  l_from: languageCodeSchema,
  l_to: languageCodeSchema,
  words: z.array(wireWordSchema),
  request_url: z.string(),
  bot: botTypeSchema.optional(),
  title: z.string().optional(),
});

export type TranslateRequest = z.infer<typeof translateRequestSchema>;

/**
 * Answer of POST /translate. Tolerant: the echoes are optional, and `to_words` is optional here so that the
 * client can report "missing" and "wrong length" itself, as the official clients do, with a clear message.
 */
export const translateResponseSchema = z.object({
  l_from: z.string().optional(),
  l_to: z.string().optional(),
  title: z.string().nullish(),
  request_url: z.string().nullish(),
  bot: botTypeSchema.nullish(),
  from_words: z.array(z.string()),
  /** null: the service had no translation for that entry (seen in practice); the source text is kept. */
  to_words: z.array(z.string().nullable()).optional(),
});

export type TranslateResponse = z.infer<typeof translateResponseSchema>;

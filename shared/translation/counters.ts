import { z } from 'zod';

const count = z.number().int().nonnegative();

/**
 * What a translation cost. `requests` and `wordsSent` count the POST /translate requests the service accepted
 * (a refused or failed one translated nothing). The memory counts are per distinct text.
 */
export const translationCountersSchema = z.object({
  requests: count,
  wordsSent: count,
  wordsFromMemory: count,
  textsFromMemory: count,
});

export type TranslationCounters = z.infer<typeof translationCountersSchema>;

export function emptyCounters(): TranslationCounters {
  return { requests: 0, wordsSent: 0, wordsFromMemory: 0, textsFromMemory: 0 };
}

export function addCounters(a: TranslationCounters, b: TranslationCounters): TranslationCounters {
  return {
    requests: a.requests + b.requests,
    wordsSent: a.wordsSent + b.wordsSent,
    wordsFromMemory: a.wordsFromMemory + b.wordsFromMemory,
    textsFromMemory: a.textsFromMemory + b.textsFromMemory,
  };
}

/** Session totals: what every translation since the app started cost, and what the memory saved. */
export const translationTotalsSchema = translationCountersSchema.extend({
  since: z.string(),
});
export type TranslationTotals = z.infer<typeof translationTotalsSchema>;

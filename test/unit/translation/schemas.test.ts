import { describe, expect, it } from 'vitest';
import {
  BotType,
  botTypeName,
  languageSchema,
  translateRequestSchema,
  translateResponseSchema,
  translateTextsInputSchema,
  translationCountersSchema,
  WordType,
  wordTypeName,
} from '../../../shared/translation';

describe('translation schemas', () => {
  it('names the spec values of WordType (0..10) and BotType (0..6)', () => {
    expect(WordType.TEXT).toBe(1);
    expect(WordType.EXTERNAL_LINK).toBe(10);
    expect(BotType.HUMAN).toBe(0);
    expect(BotType.SEARCH_BOT_6).toBe(6);
    expect(wordTypeName(9)).toBe('PAGE_TITLE');
    expect(botTypeName(0)).toBe('HUMAN');
  });

  it('refuses word types outside 0..10 (as the official client does) but passes unknown BotType integers', () => {
    const words = (t: number) => ({ l_from: 'en', l_to: 'de', words: [{ w: 'Hello', t }], request_url: 'https://status.example.com', bot: 7 });
    for (const t of [-1, 11, 42]) expect(translateRequestSchema.safeParse(words(t)).success).toBe(false);
    for (const t of [0, 1, 10]) expect(translateRequestSchema.safeParse(words(t)).success).toBe(true);
    expect(translateRequestSchema.parse(words(1)).bot).toBe(7);
    expect(wordTypeName(42)).toBeUndefined();
    expect(botTypeName(7)).toBeUndefined();
    const response = translateResponseSchema.parse({ from_words: ['a'], to_words: ['b'], bot: 7 });
    expect(response.bot).toBe(7);
    const refused = translateTextsInputSchema.safeParse({ from: 'en', to: 'de', type: 99, texts: [] });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('A word type is a whole number from 0 to 10.');
  });

  it('accepts null entries in to_words (no translation for that entry)', () => {
    expect(translateResponseSchema.parse({ from_words: ['a', 'b'], to_words: ['x', null] }).to_words).toEqual(['x', null]);
  });

  it('refuses a request_url that is not the http(s) address of a page', () => {
    const input = (requestUrl: string) => ({ from: 'en', to: 'de', texts: ['x'], requestUrl });
    expect(translateTextsInputSchema.safeParse(input('app://statusdesk/translation-panel')).success).toBe(false);
    expect(translateTextsInputSchema.safeParse(input('status.example.com')).success).toBe(false);
    expect(translateTextsInputSchema.safeParse(input('https://status.example.com')).success).toBe(true);
  });

  it('rejects a non-integer type', () => {
    expect(translateRequestSchema.safeParse({ l_from: 'en', l_to: 'de', words: [{ w: 'x', t: 1.5 }], request_url: '' }).success).toBe(false);
    expect(translateRequestSchema.safeParse({ l_from: 'en', l_to: 'de', words: [{ w: 'x', t: '1' }], request_url: '' }).success).toBe(false);
  });

  it('defaults the type of a translate input to TEXT', () => {
    expect(translateTextsInputSchema.parse({ from: 'en', to: 'fr', texts: ['a'] }).type).toBe(WordType.TEXT);
  });

  it('reads a language with its local and English names and drops extra fields', () => {
    expect(languageSchema.parse({ code: 'de', local_name: 'Deutsch', english_name: 'German', rtl: false })).toEqual({
      code: 'de',
      local_name: 'Deutsch',
      english_name: 'German',
    });
    expect(languageSchema.safeParse({ code: 'de', english_name: 'German' }).success).toBe(false);
  });

  it('keeps to_words optional in the wire schema so the client can say what is wrong', () => {
    expect(translateResponseSchema.safeParse({ from_words: ['a'] }).success).toBe(true);
    expect(translateResponseSchema.safeParse({ to_words: ['a'] }).success).toBe(false);
  });

  it('counters are non-negative integers', () => {
    expect(translationCountersSchema.safeParse({ requests: 1, wordsSent: 3, wordsFromMemory: 0, textsFromMemory: 0 }).success).toBe(true);
    expect(translationCountersSchema.safeParse({ requests: -1, wordsSent: 3, wordsFromMemory: 0, textsFromMemory: 0 }).success).toBe(false);
  });
});

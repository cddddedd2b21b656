import { z } from 'zod';

/**
 * Where a text comes from (field `t` of a translated word): the spec's 0..10. Only these are sent; the
 * official client refuses any other value before sending (InvalidWordTypeException), and so do we.
 */
export const WordType = {
  OTHER: 0,
  TEXT: 1,
  VALUE: 2,
  PLACEHOLDER: 3,
  META_CONTENT: 4,
  IFRAME_SRC: 5,
  IMG_SRC: 6,
  IMG_ALT: 7,
  PDF_HREF: 8,
  PAGE_TITLE: 9,
  EXTERNAL_LINK: 10,
} as const;

export const MIN_WORD_TYPE = WordType.OTHER;
export const MAX_WORD_TYPE = WordType.EXTERNAL_LINK;

export const wordTypeSchema = z
  .number()
  .int(`A word type is a whole number from ${MIN_WORD_TYPE} to ${MAX_WORD_TYPE}.`)
  .min(MIN_WORD_TYPE, `A word type is a whole number from ${MIN_WORD_TYPE} to ${MAX_WORD_TYPE}.`)
  .max(MAX_WORD_TYPE, `A word type is a whole number from ${MIN_WORD_TYPE} to ${MAX_WORD_TYPE}.`);

/** The short name of a known value, or undefined for a value this build does not know. */
export function wordTypeName(value: number): keyof typeof WordType | undefined {
  const entry = Object.entries(WordType).find(([, v]) => v === value);
  return entry?.[0] as keyof typeof WordType | undefined;
}

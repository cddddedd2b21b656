import { z } from 'zod';

/**
 * Where a text comes from (field `t` of a translated word). Named values are the spec's 0..10; the schema
 * accepts any integer because newer services add values and a cache or a panel must not reject them.
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

export type KnownWordType = (typeof WordType)[keyof typeof WordType];

/** Any integer passes (unknown values are kept as they are). */
export const wordTypeSchema = z.number().int();

export type WordTypeValue = z.infer<typeof wordTypeSchema>;

/** The short name of a known value, or undefined for a value this build does not know. */
export function wordTypeName(value: number): keyof typeof WordType | undefined {
  const entry = Object.entries(WordType).find(([, v]) => v === value);
  return entry?.[0] as keyof typeof WordType | undefined;
}

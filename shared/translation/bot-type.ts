import { z } from 'zod';

/**
 * Who sent a translate request (field `bot`). Named values are the spec's 0..6; official clients already send 7,
 * so the schema accepts any integer rather than rejecting a newer value.
 */
export const BotType = {
  HUMAN: 0,
  OTHER: 1,
  SEARCH_BOT_2: 2,
  SEARCH_BOT_3: 3,
  SEARCH_BOT_4: 4,
  SEARCH_BOT_5: 5,
  SEARCH_BOT_6: 6,
} as const;

/** Any integer passes (unknown values are kept as they are). */
export const botTypeSchema = z.number().int();

export function botTypeName(value: number): keyof typeof BotType | undefined {
  const entry = Object.entries(BotType).find(([, v]) => v === value);
  return entry?.[0] as keyof typeof BotType | undefined;
}

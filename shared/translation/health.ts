import { z } from 'zod';
import { appErrorSchema } from '../errors';

/** Result of one health check (one GET /public/status, never retried, never polled). */
export const translationHealthSchema = z.object({
  ok: z.boolean(),
  /** ISO time of the check. */
  checkedAt: z.string(),
  latencyMs: z.number().nonnegative(),
  error: appErrorSchema.optional(),
});

export type TranslationHealth = z.infer<typeof translationHealthSchema>;

/** A health check with the address of the service it checked. */
export const translationServiceHealthSchema = translationHealthSchema.extend({ baseUrl: z.string() });
export type TranslationServiceHealth = z.infer<typeof translationServiceHealthSchema>;

import { z } from 'zod';
import { forgetResultSchema } from './forget-result';

/** How far a forget of many operations has got, sent after each one. */
export const forgetProgressSchema = z.object({
  requestId: z.string().optional(),
  done: z.number().int(),
  total: z.number().int(),
  result: forgetResultSchema,
});
export type ForgetProgress = z.infer<typeof forgetProgressSchema>;

import { z } from 'zod';
import { looseIdSchema } from './common';

/** Fields are not documented; `id` and `url` are the ones any webhook has. */
export const webhookSchema = z.looseObject({
  id: looseIdSchema,
  url: z.string().nullish(),
});

export const webhookInputSchema = z.looseObject({
  url: z.url({ protocol: /^https?$/ }).optional(),
});

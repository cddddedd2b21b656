import { z } from 'zod';
import { looseIdSchema } from './common';

/** Fields are not documented beyond the id. */
export const accessGroupSchema = z.looseObject({
  id: looseIdSchema,
  name: z.string().nullish(),
});

export const accessGroupInputSchema = z.looseObject({
  name: z.string().min(1).optional(),
});

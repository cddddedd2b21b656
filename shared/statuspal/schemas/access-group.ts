import { z } from 'zod';
import { looseIdSchema } from './common';
import { deferredSchema } from '../../validation/deferred-schema';

/** Fields are not documented beyond the id. */
export const accessGroupSchema = deferredSchema(() =>
  z.looseObject({
    id: looseIdSchema,
    name: z.string().nullish(),
  }),
);

export const accessGroupInputSchema = deferredSchema(() =>
  z.looseObject({
    name: z.string().min(1).optional(),
  }),
);

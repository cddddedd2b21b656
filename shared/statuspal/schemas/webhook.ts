import { z } from 'zod';
import { looseIdSchema } from './common';
import { deferredSchema } from '../../validation/deferred-schema';

/** Fields are not documented; `id` and `url` are the ones any webhook has. */
export const webhookSchema = deferredSchema(() =>
  z.looseObject({
    id: looseIdSchema,
    url: z.string().nullish(),
  }),
);

export const webhookInputSchema = deferredSchema(() =>
  z.looseObject({
    url: z.url({ protocol: /^https?$/ }).optional(),
  }),
);

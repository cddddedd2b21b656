import { z } from 'zod';
import { emailAddress } from '../../validation/email';
import { looseIdSchema } from './common';
import { deferredSchema } from '../../validation/deferred-schema';

/** A status page or organization member. */
export const memberSchema = deferredSchema(() =>
  z.looseObject({
    id: looseIdSchema,
    email: z.string().nullish(),
    role: z.string().nullish(),
  }),
);

/** Body of "add/update membership" (wrapper key `member`). */
export const memberInputSchema = deferredSchema(() =>
  z.looseObject({
    email: emailAddress().optional(),
    role: z.string().min(1).optional(),
  }),
);

import { z } from 'zod';
import { emailAddress } from '../../validation/email';
import { deferredSchema } from '../../validation/deferred-schema';

/**
 * A subscription (email, SMS or chat service). The id is a string (a UUID). The channel
 * discriminator is not documented: `type` has been seen on the real service, `kind` is
 * tolerated too. Other fields pass through.
 */
export const subscriptionSchema = deferredSchema(() =>
  z.looseObject({
    id: z.string(),
    type: z.string().nullish(),
    kind: z.string().nullish(),
    email: z.string().nullish(),
    phone_country_code: z.string().nullish(),
    phone_number: z.string().nullish(),
    webhook_url: z.string().nullish(),
  }),
);

/** Body of "add/update subscription" (wrapper key `subscription`). */
export const subscriptionInputSchema = deferredSchema(() =>
  z.looseObject({
    type: z.string().min(1).optional(),
    kind: z.string().min(1).optional(),
    email: emailAddress().optional(),
    phone_country_code: z
      .string()
      .regex(/^\+?[1-9]\d{0,3}$/, 'expected a country code like +41')
      .optional(),
    phone_number: z.string().min(1).optional(),
    webhook_url: z.url({ protocol: /^https?$/ }).optional(),
  }),
);

import { z } from 'zod';

/**
 * A subscription (email, SMS or chat service). The id is a string (a UUID); `type` is the
 * channel discriminator seen on the real service. Other fields pass through.
 */
export const subscriptionSchema = z.looseObject({
  id: z.string(),
  type: z.string().nullish(),
  email: z.string().nullish(),
  phone_number: z.string().nullish(),
});

/** Body of "add/update subscription" (wrapper key `subscription`). */
export const subscriptionInputSchema = z.looseObject({
  type: z.string().min(1).optional(),
  email: z.email().optional(),
  phone_number: z.string().min(1).optional(),
});

export type Subscription = z.infer<typeof subscriptionSchema>;
export type SubscriptionInput = z.input<typeof subscriptionInputSchema>;

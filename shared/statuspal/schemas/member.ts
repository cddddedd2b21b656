import { z } from 'zod';
import { emailAddress } from '../../validation/email';
import { looseIdSchema } from './common';

/** Team roles of the product; kept open because the API does not document the values. */
export const KNOWN_MEMBER_ROLES = ['viewer', 'editor', 'admin', 'owner', 'billing'] as const;

/** A status page or organization member. */
export const memberSchema = z.looseObject({
  id: looseIdSchema,
  email: z.string().nullish(),
  role: z.string().nullish(),
});

/** Body of "add/update membership" (wrapper key `member`). */
export const memberInputSchema = z.looseObject({
  email: emailAddress().optional(),
  role: z.string().min(1).optional(),
});

export type Member = z.infer<typeof memberSchema>;
export type MemberInput = z.input<typeof memberInputSchema>;

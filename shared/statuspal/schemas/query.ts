import { z } from 'zod';
import { emailAddress } from '../../validation/email';
import { subscriptionFilterSchema } from '../filters';
import { deferredSchema } from '../../validation/deferred-schema';

const MAX_PAGE_LIMIT = 100;

/** Omitted = server default (20). Checked before sending: the API's maximum is 100. */
const pageLimitSchema = z.number({ error: 'limit must be a number' }).refine((n) => Number.isInteger(n) && n >= 1 && n <= MAX_PAGE_LIMIT, {
  message: `limit must be an integer from 1 to ${MAX_PAGE_LIMIT}`,
});

/** Opaque cursors from a previous page. */
export const cursorQuerySchema = deferredSchema(() =>
  z.object({
    before: z.string().min(1).optional(),
    after: z.string().min(1).optional(),
    limit: pageLimitSchema.optional(),
  }),
);

export const incidentListQuerySchema = deferredSchema(() =>
  cursorQuerySchema.extend({
    /** Filter by incident type key (`major`, `minor`, `scheduled` or a custom type). */
    type: z.string().min(1).optional(),
  }),
);

export const subscriptionListQuerySchema = deferredSchema(() =>
  cursorQuerySchema.extend({
    filter: subscriptionFilterSchema.optional(),
  }),
);

export const memberListQuerySchema = deferredSchema(() =>
  cursorQuerySchema.extend({
    email: emailAddress().optional(),
  }),
);

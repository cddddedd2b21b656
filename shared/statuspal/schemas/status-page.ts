import { z } from 'zod';
import { looseIdSchema } from './common';
import { deferredSchema } from '../../validation/deferred-schema';

/** `status_page` of "status of a status page" and of a summary. */
export const statusPageInfoSchema = deferredSchema(() =>
  z.looseObject({
    name: z.string(),
    subdomain: z.string(),
    url: z.string().nullish(),
    time_zone: z.string().nullish(),
    current_incident_type: z.string().nullish(), // null = operational; may be a custom type
    default_lang: z.string().nullish(),
  }),
);

/** A status page as the organization endpoints return it; fields are not documented. */
export const statusPageSchema = deferredSchema(() =>
  z.looseObject({
    subdomain: z.string(),
    id: looseIdSchema.optional(),
    name: z.string().nullish(),
    url: z.string().nullish(),
    time_zone: z.string().nullish(),
  }),
);

/** Body of "add/update status page"; fields pass through unchanged. */
export const statusPageInputSchema = deferredSchema(() =>
  z.looseObject({
    name: z.string().min(1).optional(),
    subdomain: z.string().min(1).optional(),
    url: z.string().optional(),
    time_zone: z.string().optional(),
  }),
);

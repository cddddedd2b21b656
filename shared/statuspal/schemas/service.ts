import { z } from 'zod';
import { intIdSchema, translationsSchema } from './common';
import { deferredSchema } from '../../validation/deferred-schema';

/**
 * A service as nested in status and summary responses. Nodes are tolerant to the point of
 * `{}` (the API documentation's own example has an empty child).
 */
export const serviceNodeSchema = deferredSchema(() =>
  z.looseObject({
    id: intIdSchema.optional(),
    name: z.string().optional(),
    description: z.string().nullish(),
    current_incident_type: z.string().nullish(), // null = operational; may be a custom type
    get children(): z.ZodOptional<z.ZodArray<typeof serviceNodeSchema>> {
      return z.array(serviceNodeSchema).optional();
    },
  }),
);

/** A top-level service of a summary, and the `service` of "status of a service". */
export const serviceStatusSchema = deferredSchema(() =>
  serviceNodeSchema.extend({
    id: intIdSchema,
    name: z.string(),
  }),
);

/** A service as the admin endpoints return it (flat: `parent_id`, `children_ids`). */
export const serviceSchema = deferredSchema(() =>
  z.looseObject({
    id: intIdSchema,
    name: z.string(),
    description: z.string().nullish(),
    private_description: z.string().nullish(),
    parent_id: intIdSchema.nullish(),
    children_ids: z.array(intIdSchema).nullish(),
    current_incident_type: z.string().nullish(),
    ping_url: z.string().nullish(),
    private: z.boolean().nullish(),
    order: z.number().nullish(),
    auto_incident: z.boolean().nullish(),
    translations: translationsSchema.nullish(),
  }),
);

/** Body of "add service". Fields beyond `name` pass through unchanged. */
export const serviceInputSchema = deferredSchema(() =>
  z.looseObject({
    name: z.string().min(1),
    description: z.string().nullable().optional(),
    private_description: z.string().nullable().optional(),
    parent_id: intIdSchema.nullable().optional(),
    private: z.boolean().optional(),
    order: z.number().optional(),
    auto_incident: z.boolean().optional(),
    ping_url: z.string().nullable().optional(),
  }),
);

/** Body of "update service" (PUT): any subset. */
export const servicePatchSchema = deferredSchema(() => serviceInputSchema.partial());

export type ServiceNode = z.infer<typeof serviceNodeSchema>;
export type Service = z.infer<typeof serviceSchema>;

import { z } from 'zod';
import { apiDateTimeStringSchema } from '../datetime';
import { intIdSchema, translationsSchema, wireDateTimeSchema } from './common';
import { deferredSchema } from '../../validation/deferred-schema';

/**
 * Incident update (activity). `type` is an open string (`issue`, `update`, `monitoring`,
 * `deescalate`, `scheduled`, `essential`, `info`, `resolved`, ...); `resolved` closes the incident.
 */
export const incidentUpdateSchema = deferredSchema(() =>
  z.looseObject({
    id: intIdSchema,
    type: z.string(),
    description: z.string().nullish(),
    description_html: z.string().nullish(),
    posted_at: wireDateTimeSchema.nullish(),
    inserted_at: wireDateTimeSchema.nullish(),
    updated_at: wireDateTimeSchema.nullish(),
    subscribers_notified_at: wireDateTimeSchema.nullish(),
    translations: translationsSchema.nullish(),
    tweet: z.boolean().nullish(),
  }),
);

/**
 * Incident: a major or minor incident, a scheduled maintenance (`type: "scheduled"`) or a
 * page-defined custom type (kept as the string; see ../levels.ts).
 */
export const incidentSchema = deferredSchema(() =>
  z.looseObject({
    id: intIdSchema,
    type: z.string(),
    title: z.string(),
    url: z.string().nullish(),
    starts_at: wireDateTimeSchema.nullish(),
    ends_at: wireDateTimeSchema.nullish(), // null while ongoing
    service_ids: z.array(intIdSchema).nullish(),
    updates: z.array(incidentUpdateSchema).nullish(),
    inserted_at: wireDateTimeSchema.nullish(),
    updated_at: wireDateTimeSchema.nullish(),
    timezone: z.string().nullish(),
    affects_uptime: z.boolean().nullish(),
    translations: translationsSchema.nullish(),
  }),
);

/** Body of "add incident update" (`{ update: ... }`). */
export const incidentUpdateInputSchema = deferredSchema(() =>
  z.looseObject({
    type: z.string().min(1),
    description: z.string(),
    /** When it happened; the server's moment of arrival when left out (an offline write sends the moment it was written). */
    posted_at: apiDateTimeStringSchema.optional(),
    notify: z.boolean().optional(),
    translations: translationsSchema.optional(),
  }),
);

/** Body of "change incident update": any subset. */
export const incidentUpdatePatchSchema = deferredSchema(() => incidentUpdateInputSchema.partial());

/** Body of "create incident" (`{ incident: ... }`). */
export const incidentInputSchema = deferredSchema(() =>
  z.looseObject({
    type: z.string().min(1),
    title: z.string().min(1),
    service_ids: z.array(intIdSchema).optional(),
    updates: z.array(incidentUpdateInputSchema).optional(),
    starts_at: apiDateTimeStringSchema.optional(),
    ends_at: apiDateTimeStringSchema.nullable().optional(),
    affects_uptime: z.boolean().optional(),
    translations: translationsSchema.optional(),
  }),
);

/** Body of "update incident": any subset. */
export const incidentPatchSchema = deferredSchema(() => incidentInputSchema.partial());

export type IncidentUpdate = z.infer<typeof incidentUpdateSchema>;
export type Incident = z.infer<typeof incidentSchema>;

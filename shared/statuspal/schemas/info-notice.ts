import { z } from 'zod';
import { apiDateTimeStringSchema } from '../datetime';
import { intIdSchema, translationsSchema, wireDateTimeSchema } from './common';
import { incidentUpdateSchema } from './incident';
import { deferredSchema } from '../../validation/deferred-schema';

/** Information notice update: like an incident update; `type` is absent or `info`. */
export const infoNoticeUpdateSchema = deferredSchema(() =>
  incidentUpdateSchema.extend({
    type: z.string().nullish(),
  }),
);

export const infoNoticeSchema = deferredSchema(() =>
  z.looseObject({
    id: intIdSchema,
    title: z.string(),
    url: z.string().nullish(),
    updates: z.array(infoNoticeUpdateSchema).nullish(),
    service_ids: z.array(intIdSchema).nullish(),
    featured_from: wireDateTimeSchema.nullish(),
    featured_until: wireDateTimeSchema.nullish(),
    inserted_at: wireDateTimeSchema.nullish(),
    updated_at: wireDateTimeSchema.nullish(),
    timezone: z.string().nullish(),
    translations: translationsSchema.nullish(),
  }),
);

/** Body of "add information notice update": no `type` attribute. */
export const infoNoticeUpdateInputSchema = deferredSchema(() =>
  z.looseObject({
    description: z.string(),
    notify: z.boolean().optional(),
    translations: translationsSchema.optional(),
  }),
);

export const infoNoticeUpdatePatchSchema = deferredSchema(() => infoNoticeUpdateInputSchema.partial());

export const infoNoticeInputSchema = deferredSchema(() =>
  z.looseObject({
    title: z.string().min(1),
    service_ids: z.array(intIdSchema).optional(),
    updates: z.array(infoNoticeUpdateInputSchema).optional(),
    featured_from: apiDateTimeStringSchema.optional(),
    featured_until: apiDateTimeStringSchema.nullable().optional(),
    translations: translationsSchema.optional(),
  }),
);

export const infoNoticePatchSchema = deferredSchema(() => infoNoticeInputSchema.partial());

export type InfoNoticeUpdate = z.infer<typeof infoNoticeUpdateSchema>;
export type InfoNotice = z.infer<typeof infoNoticeSchema>;

import { z } from 'zod';

/*
 * Wire schemas are tolerant and never transform: unknown keys are kept (looseObject),
 * datetimes stay strings, so parse → JSON.stringify gives back the original document.
 * Interpretation (UTC dates, base levels) lives in ../normalize.ts.
 */

/** Datetime as sent: `YYYY-MM-DDThh:mm:ss`, UTC. Parse with ../datetime.ts. */
export const wireDateTimeSchema = z.string();

/** Integer ids of the resources the API documents. */
export const intIdSchema = z.number().int();

/** Ids of resources whose fields the spec does not show: integer per the spec, tolerated as string. */
export const looseIdSchema = z.union([z.number().int(), z.string().min(1)]);

/** `{ "en": { "title": "..." }, "es": { "description": "..." } }` */
export const translationsSchema = z.record(z.string(), z.looseObject({ title: z.string().nullish(), description: z.string().nullish() }));

/** `links` of a paginated list; `next` may be absolute or relative and is followed as given. */
export const linksSchema = z.looseObject({
  next: z.string().nullish(),
  prev: z.string().nullish(),
});

export const metaSchema = z.looseObject({
  total_count: z.number().int().nullish(),
});

export type Links = z.infer<typeof linksSchema>;
export type Meta = z.infer<typeof metaSchema>;

import { z } from 'zod';
import { deferredSchema } from '../../validation/deferred-schema';

/** Body of "add a data point": `{ entry: { time: <unix seconds>, value: <number> } }`. */
export const metricEntryInputSchema = deferredSchema(() =>
  z.looseObject({
    time: z.number().int().nonnegative(),
    value: z.number(), // zod rejects NaN and ±Infinity
  }),
);

/** The `entry` the server answers with; fields are not documented. */
export const metricEntrySchema = deferredSchema(() =>
  z.looseObject({
    time: z.union([z.number(), z.string()]).optional(),
    value: z.number().nullish(),
  }),
);

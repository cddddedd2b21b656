import { z } from 'zod';
import { regionSchema, serverBaseUrlSchema } from '../accounts/account';
import { followedPartsSchema } from './provider/followed-parts';
import { providerFormatSchema } from './provider/formats/format-ids';
import { providerPageUrlSchema } from './provider/provider-url';
import { MIN_INTERVAL_SEC } from './watched-page';

/** A page to watch, as the dashboard's form sends it: public pages need only region and subdomain. */
export const watchedPageInputSchema = z
  .object({
    name: z.string().trim().max(120).optional(),
    region: regionSchema,
    baseUrl: serverBaseUrlSchema.optional(),
    subdomain: z
      .string()
      .trim()
      .min(1, 'Enter the page subdomain.')
      .max(100)
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'A subdomain has only letters, digits, "-" and "_".')
      .optional(),
    /** A provider's page in the public Statuspage format, by its address (instead of region + subdomain). */
    url: providerPageUrlSchema.optional(),
    /** What the provider's address publishes (provider-format.ts); absent: statuspage. */
    format: providerFormatSchema.optional(),
    /** A provider's parts to follow (provider/followed-parts.ts); absent or empty: the whole provider. */
    parts: followedPartsSchema.optional(),
    accountId: z.uuid().optional(),
    intervalSec: z.number().int().min(MIN_INTERVAL_SEC, `Poll at most every ${MIN_INTERVAL_SEC} seconds.`).max(86_400).optional(),
  })
  .superRefine((page, ctx) => {
    if (page.url !== undefined) return;
    if (!page.subdomain) ctx.addIssue({ code: 'custom', path: ['subdomain'], message: 'Enter the page subdomain.' });
    if (page.region === 'custom' && !page.baseUrl) ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: 'A custom region needs a base URL.' });
  });
export type WatchedPageFormInput = z.input<typeof watchedPageInputSchema>;

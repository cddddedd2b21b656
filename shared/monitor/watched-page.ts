import { z } from 'zod';
import { idMapSchema } from '../validation/id-map';

/** Own accounts a provider page keeps a component mapping for. */
const MAX_MAPPED_ACCOUNTS = 50;
import { httpUrlSchema, regionSchema } from '../accounts/account';
import { followedPartsSchema } from './provider/followed-parts';
import { providerFormatSchema } from './provider/formats/format-ids';
import { providerPageUrlSchema } from './provider/provider-url';

/**
 * statuspal: one of the user's own pages, on the Status Page API v2 (region + subdomain); provider: a page a
 * provider publishes, in any of the public formats (its URL and format).
 */
const WATCHED_PAGE_KINDS = ['statuspal', 'provider'] as const;
export const watchedPageKindSchema = z.enum(WATCHED_PAGE_KINDS);
type WatchedPageKind = z.infer<typeof watchedPageKindSchema>;

/** The API's own floor would be its rate limit; 15 s keeps 100 pages inside one account's budget. */
export const MIN_INTERVAL_SEC = 15;
export const DEFAULT_INTERVAL_SEC = 60;

const subdomainSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'A subdomain has only letters, digits, "-" and "_".');

/** One status page the monitor polls (a settings entry). */
export const watchedPageSchema = z
  .object({
    id: z.uuid(),
    /** Absent: statuspal (every page saved before provider pages). */
    kind: watchedPageKindSchema.optional(),
    /** provider pages: the page's address (polled at `<url>/api/v2/summary.json`); `subdomain` is then its slug. */
    url: providerPageUrlSchema.optional(),
    /**
     * provider pages: the format the address publishes (provider/provider-format.ts). Absent: `statuspage`
     * (every page saved before other formats).
     */
    format: providerFormatSchema.optional(),
    /**
     * provider pages: the provider's parts followed (components, AWS service-regions, Google Cloud products,
     * Azure services or regions); the level, incidents and notifications count only those and what names no
     * part (provider/followed-parts.ts). Absent or empty: the whole provider.
     */
    parts: followedPartsSchema.optional(),
    /** Shown instead of the page's own name when set. */
    name: z.string().trim().min(1).max(120).optional(),
    region: regionSchema,
    /** Required for `custom`; ignored otherwise. */
    baseUrl: httpUrlSchema.optional(),
    subdomain: subdomainSchema,
    /** Polls share this account's rate budget; pages without one share a budget per base URL. */
    accountId: z.string().min(1).optional(),
    intervalSec: z.number().int().min(MIN_INTERVAL_SEC).default(DEFAULT_INTERVAL_SEC),
    muted: z.boolean().default(false),
    mutedServiceIds: z.array(z.number().int()).default([]),
    followedIncidentIds: z.array(z.number().int()).default([]),
    /** Every update of the page's incidents notifies, as if each incident were followed (mutes and the minimum still apply); absent: off. */
    notifyUpdates: z.boolean().optional(),
    /**
     * Provider pages: per own account id, which own services each provider component maps to (component id
     * as text → service ids), for "Draft incident on my page…"; set once, remembered.
     */
    serviceMappings: z
      .record(z.string().max(100), idMapSchema)
      .refine((byAccount) => Object.keys(byAccount).length <= MAX_MAPPED_ACCOUNTS, `Mappings for at most ${MAX_MAPPED_ACCOUNTS} accounts.`)
      .optional(),
  })
  .superRefine((page, ctx) => {
    if (page.kind === 'provider' && !page.url) ctx.addIssue({ code: 'custom', path: ['url'], message: 'A provider page needs its address.' });
    if (page.kind !== 'provider' && page.region === 'custom' && !page.baseUrl)
      ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: 'A custom region needs a base URL.' });
  });

export type WatchedPage = z.infer<typeof watchedPageSchema>;
export type WatchedPageInput = z.input<typeof watchedPageSchema>;

export function isProviderPage(page: { kind?: WatchedPageKind | undefined }): boolean {
  return page.kind === 'provider';
}

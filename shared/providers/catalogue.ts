import { z } from 'zod';
import { providerFormatSchema } from '../monitor/provider/provider-format';
import raw from './catalogue.json';

/*
 * The providers people depend on, with their public status page address and its format: data
 * versioned with the app (catalogue.json), checked by this schema. `url` is the address Statusdesk
 * watches (the page; for status.io its public API address, for a feed the feed), `page` the page a
 * person opens when that differs. Where the lists came from: SOURCES.md beside this file.
 */

export const PROVIDER_CATEGORIES = ['cloud', 'cdn-dns', 'payments', 'identity', 'source-ci', 'communication', 'observability', 'ai', 'other'] as const;
export const providerCategorySchema = z.enum(PROVIDER_CATEGORIES);
export type ProviderCategory = z.infer<typeof providerCategorySchema>;

export const PROVIDER_CATEGORY_LABELS: Readonly<Record<ProviderCategory, string>> = {
  cloud: 'Cloud and hosting',
  'cdn-dns': 'CDN, DNS and media',
  payments: 'Payments and finance',
  identity: 'Identity and security',
  'source-ci': 'Source hosting, CI and developer tools',
  communication: 'Communication',
  observability: 'Observability',
  ai: 'AI APIs',
  other: 'Other',
};

const httpsAddress = z
  .string()
  .max(300)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && url.username === '' && url.password === '' && url.search === '' && url.hash === '' && !value.endsWith('/');
    } catch {
      return false;
    }
  }, 'an https address without credentials, query, fragment or trailing slash');

export const catalogueEntrySchema = z.strictObject({
  name: z.string().trim().min(1).max(80),
  url: httpsAddress,
  format: providerFormatSchema,
  category: providerCategorySchema,
  page: httpsAddress.optional(),
});
export type CatalogueEntry = z.infer<typeof catalogueEntrySchema>;

export const MIN_CATALOGUE_SIZE = 150;

export const catalogueSchema = z
  .strictObject({ version: z.literal(1), providers: z.array(catalogueEntrySchema).min(MIN_CATALOGUE_SIZE) })
  .superRefine((catalogue, ctx) => {
    const seen = new Set<string>();
    catalogue.providers.forEach((entry, i) => {
      const key = entry.name.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['providers', i, 'name'], message: `"${entry.name}" is listed twice` });
      seen.add(key);
    });
  });

let parsed: readonly CatalogueEntry[] | null = null;

/** The catalogue, checked once (a broken entry is a build error: the test reads the same file). */
export function providerCatalogue(): readonly CatalogueEntry[] {
  parsed ??= Object.freeze(catalogueSchema.parse(raw).providers);
  return parsed;
}

import { z } from 'zod';
import { providerFormatSchema } from '../monitor/provider/formats/format-ids';
import raw from './catalogue.json';
import { uncheckedCatalogueEntryNamed } from './catalogue-names';

/*
 * The providers people depend on, with their public status page address and its format: data
 * versioned with the app (catalogue.json), checked by this schema. `url` is the address Statusdesk
 * watches (the page; for status.io its public API address, for a feed the feed), `page` the page a
 * person opens when that differs. Each entry names the published list it came from (`source`, a key
 * into `sources`) and the date that list last wrote it (`listed`); where lists disagreed, the newer
 * won and the older address is kept in `supersedes`. How: SOURCES.md beside this file;
 * scripts/check-catalogue.mjs checks the whole file in `npm test`.
 */

export const PROVIDER_CATEGORIES = ['cloud', 'cdn-dns', 'payments', 'identity', 'source-ci', 'communication', 'observability', 'ai', 'other'] as const;
const providerCategorySchema = z.enum(PROVIDER_CATEGORIES);
type ProviderCategory = z.infer<typeof providerCategorySchema>;

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

const isoDate = z.string().refine((value) => {
  // A day that does not exist (2026-13-01) is an invalid Date, whose toISOString throws: refused, not thrown.
  const day = new Date(`${value}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}, 'a date as YYYY-MM-DD');
const sourceId = z.string().regex(/^[a-z0-9-]+$/);

/** A published list entries were taken from, at the commit read. */
const publishedListSchema = z.strictObject({
  id: sourceId,
  title: z.string().min(1).max(200),
  repository: z.string().regex(/^[\w.-]+\/[\w.-]+$/),
  path: z.string().min(1).max(300),
  commit: z.string().regex(/^[0-9a-f]{40}$/),
  date: isoDate,
});

/** A published web page that names a provider's status page, on the day it was read (no list in a repository had it). */
const publishedPageSchema = z.strictObject({
  id: sourceId,
  title: z.string().min(1).max(200),
  page: httpsAddress,
  date: isoDate,
});

/** @public The catalogue check (scripts/check-catalogue.mjs) checks each source with it. */
export const catalogueSourceSchema = z.union([publishedListSchema, publishedPageSchema]);

export const catalogueEntrySchema = z.strictObject({
  name: z.string().trim().min(1).max(80),
  url: httpsAddress,
  format: providerFormatSchema,
  category: providerCategorySchema,
  page: httpsAddress.optional(),
  source: sourceId,
  /** When the source last wrote this address (the date of that line in its history). */
  listed: isoDate,
  /** What an older list said instead, when lists disagreed. */
  supersedes: z.strictObject({ source: sourceId, url: z.string().url(), listed: isoDate }).optional(),
});
export type CatalogueEntry = z.infer<typeof catalogueEntrySchema>;

export const MIN_CATALOGUE_SIZE = 500;

export const catalogueSchema = z
  .strictObject({
    version: z.literal(2),
    sources: z.array(catalogueSourceSchema).min(1),
    providers: z.array(catalogueEntrySchema).min(MIN_CATALOGUE_SIZE),
  })
  .superRefine((catalogue, ctx) => {
    const sources = new Set(catalogue.sources.map((source) => source.id));
    const names = new Set<string>();
    const urls = new Set<string>();
    catalogue.providers.forEach((entry, i) => {
      const name = entry.name.toLowerCase();
      if (names.has(name)) ctx.addIssue({ code: 'custom', path: ['providers', i, 'name'], message: `"${entry.name}" is listed twice` });
      names.add(name);
      if (urls.has(entry.url)) ctx.addIssue({ code: 'custom', path: ['providers', i, 'url'], message: `${entry.url} is listed twice` });
      urls.add(entry.url);
      for (const id of [entry.source, entry.supersedes?.source])
        if (id !== undefined && !sources.has(id)) ctx.addIssue({ code: 'custom', path: ['providers', i, 'source'], message: `no source "${id}"` });
    });
  });

let parsed: readonly CatalogueEntry[] | null = null;

/**
 * The entry of this name (any case), or null. Only that entry is checked: a command naming one provider does not
 * check the whole catalogue (the test and `npm run check:catalogue` check every entry and that names are unique).
 */
export function catalogueEntryNamed(name: string): CatalogueEntry | null {
  const found = uncheckedCatalogueEntryNamed(name);
  return found === null ? null : catalogueEntrySchema.parse(found);
}

/** The catalogue, checked once (a broken entry is a build error: the test reads the same file). */
export function providerCatalogue(): readonly CatalogueEntry[] {
  parsed ??= Object.freeze(catalogueSchema.parse(raw).providers);
  return parsed;
}

import { z } from 'zod';

/*
 * The formats provider pages publish, each read into the same page model:
 * - statuspage: the Atlassian Statuspage public API, `<page>/api/v2/summary.json`;
 * - incidentio: pages hosted on incident.io, which serve the same path with their own words
 *   (`full_outage`; `maintenance_scheduled` / `_in_progress` / `_complete`);
 * - instatus: Instatus pages, `<page>/summary.json` (page status, active incidents and maintenances);
 * - statusio: status.io's public status API, `https://api.status.io/1.0/status/<page id>` (the address
 *   watched is that API address: the public page does not name its id);
 * - cachet: Cachet's open API, `<page>/api/v1/components` (1.x, 2.x), or `<page>/api/components` (Cachet 3);
 * - feed: an RSS 2.0 or Atom feed of incidents (how several large clouds publish), by its own address.
 * The statuspage reader understands both vocabularies, so an incident.io page watched as statuspage is
 * read right too; the format mostly says where to look.
 */

export const PROVIDER_FORMATS = ['statuspage', 'incidentio', 'instatus', 'statusio', 'cachet', 'feed'] as const;
export const providerFormatSchema = z.enum(PROVIDER_FORMATS);
export type ProviderFormat = z.infer<typeof providerFormatSchema>;

export const DEFAULT_PROVIDER_FORMAT: ProviderFormat = 'statuspage';

export const PROVIDER_FORMAT_LABELS: Readonly<Record<ProviderFormat, string>> = {
  statuspage: 'Statuspage',
  incidentio: 'incident.io',
  instatus: 'Instatus',
  statusio: 'status.io',
  cachet: 'Cachet',
  feed: 'RSS/Atom feed',
};

/** Where a format's document lives, relative to the watched address. */
export function providerDocumentUrl(format: ProviderFormat, pageUrl: string): string {
  const base = pageUrl.replace(/\/+$/, '');
  switch (format) {
    case 'statuspage':
    case 'incidentio':
      return `${base}/api/v2/summary.json`;
    case 'instatus':
      return `${base}/summary.json`;
    case 'cachet':
      return `${base}/api/v1/components?per_page=100`;
    case 'statusio':
    case 'feed':
      return base;
  }
}

/**
 * Where the document may live instead when its address answers 404: Cachet 3 (cachethq/core) moved the API from
 * `/api/v1` to `/api`, and a Cachet 3 page answers only there. Null for formats with one address.
 */
export function providerFallbackDocumentUrl(format: ProviderFormat, pageUrl: string): string | null {
  return format === 'cachet' ? `${pageUrl.replace(/\/+$/, '')}/api/components?per_page=100` : null;
}

/** What to ask for: a feed is XML, everything else JSON. */
export function providerAccept(format: ProviderFormat): string {
  return format === 'feed' ? 'application/atom+xml, application/rss+xml, application/xml;q=0.9, text/xml;q=0.8' : 'application/json';
}

/** The format's own path pasted with the page address, cut back to the address watched. */
export function trimDocumentPath(format: ProviderFormat, path: string): string {
  switch (format) {
    case 'statuspage':
    case 'incidentio':
      return path.replace(/\/api\/v2(\/summary\.json|\/status\.json)?\/?$/, '');
    case 'instatus':
      return path.replace(/\/(summary\.json|v2\/components\.json)\/?$/, '');
    case 'cachet':
      return path.replace(/\/api(\/v1)?(\/components|\/incidents)\/?$/, '').replace(/\/api\/v1\/?$/, '');
    default:
      return path;
  }
}

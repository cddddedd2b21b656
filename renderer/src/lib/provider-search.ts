import { PROVIDER_FORMAT_LABELS, type ProviderFormat } from '@shared/monitor/provider/provider-format';
import type { searchProviders } from '@shared/providers/search';

/*
 * The watch form's provider search: the catalogue (shared/providers) loaded on first use, so the
 * window's first paint does not carry it, and each match as the form shows it.
 */

export interface ProviderMatch {
  name: string;
  url: string;
  format: ProviderFormat;
  /** "status.example.com · Instatus": where it lives and how it is read. */
  detail: string;
}

let search: Promise<{ searchProviders: typeof searchProviders }> | null = null;

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The best matches of what was typed; nothing for blank input (the form shows no list then). */
export async function findProviders(text: string, limit = 8): Promise<ProviderMatch[]> {
  if (text.trim() === '') return [];
  search ??= import('@shared/providers/search');
  const found = (await search).searchProviders(text, { limit });
  return found.map((entry) => ({
    name: entry.name,
    url: entry.url,
    format: entry.format,
    detail: `${hostOf(entry.page ?? entry.url)} · ${PROVIDER_FORMAT_LABELS[entry.format]}`,
  }));
}

/** What the address field expects for a format. */
export function addressHint(format: ProviderFormat | ''): string {
  switch (format) {
    case '':
      return 'The status page’s address: its format is told by the address or by what the page answers.';
    case 'statuspage':
    case 'incidentio':
      return 'The status page’s address: checked at its /api/v2/summary.json.';
    case 'instatus':
      return 'The Instatus page’s address: checked at its /summary.json.';
    case 'statusio':
      return 'The page’s public API address: https://api.status.io/1.0/status/<page id>.';
    case 'cachet':
      return 'The Cachet page’s address: its components are read at /api/v1/components.';
    case 'feed':
      return 'The address of the RSS or Atom feed of incidents.';
  }
}

import { PROVIDER_FORMAT_LABELS, providerFormatRecord, type ProviderFormat } from '@shared/monitor/provider/provider-format';
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

/** What the address field expects for a format (its record's hint). */
export function addressHint(format: ProviderFormat | ''): string {
  if (format === '') return 'The status page’s address: its format is told by the address or by what the page answers.';
  return providerFormatRecord(format).addressHint;
}

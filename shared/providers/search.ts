import { PROVIDER_CATEGORY_LABELS, providerCatalogue, type CatalogueEntry } from './catalogue';

/*
 * Finding a provider by what people type ("aws", "stripe", "git ci"): every word must occur in the
 * name, the address's host or the category; names that start with the words come first, then names
 * with a word starting with them, then the rest, each alphabetically. An empty search lists all.
 */

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

function rank(entry: CatalogueEntry, query: string, words: readonly string[]): number | null {
  const name = fold(entry.name);
  const haystack = `${name} ${fold(hostOf(entry.page ?? entry.url))} ${fold(hostOf(entry.url))} ${fold(PROVIDER_CATEGORY_LABELS[entry.category])} ${entry.category}`;
  if (!words.every((word) => haystack.includes(word))) return null;
  if (name.startsWith(query)) return 0;
  if (words.every((word) => new RegExp(`(^|[^a-z0-9])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(name))) return 1;
  if (words.every((word) => name.includes(word))) return 2;
  return 3;
}

export function searchProviders(text: string, options: { limit?: number; catalogue?: readonly CatalogueEntry[] } = {}): CatalogueEntry[] {
  const catalogue = options.catalogue ?? providerCatalogue();
  const query = fold(text).trim().replace(/\s+/g, ' ');
  const words = query === '' ? [] : query.split(' ');
  const hits: Array<{ entry: CatalogueEntry; rank: number }> = [];
  for (const entry of catalogue) {
    const r = words.length === 0 ? 0 : rank(entry, query, words);
    if (r !== null) hits.push({ entry, rank: r });
  }
  hits.sort((a, b) => a.rank - b.rank || a.entry.name.localeCompare(b.entry.name, 'en', { sensitivity: 'base' }));
  const list = hits.map((hit) => hit.entry);
  return options.limit === undefined ? list : list.slice(0, options.limit);
}

import raw from './catalogue.json';

/*
 * A provider of the catalogue found by its name, as the file holds it: the one rule for what a name matches (any
 * case, around spaces). Apart from the catalogue's schemas (catalogue.ts), so that telling a page's subdomain from
 * a provider's name checks nothing and builds no schema; the entry found is checked by catalogue.ts.
 */

/** The catalogue's entry of this name, unchecked; null when no provider has it. */
export function uncheckedCatalogueEntryNamed(name: string): unknown {
  const wanted = name.trim().toLowerCase();
  const entries: ReadonlyArray<{ name?: unknown }> = raw.providers;
  return entries.find((entry) => typeof entry.name === 'string' && entry.name.trim().toLowerCase() === wanted) ?? null;
}

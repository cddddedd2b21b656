import { providerFormatRecord, type ProviderFormat } from './formats/registry';

/*
 * The formats provider pages publish, each read into the same page model. Each format is one record in
 * formats/ (its addresses, how it is detected, its reader, its label); the registry there is the one list.
 * This module is what the rest of the app imports: the id type and the look-ups used most (the ids and their schema
 * alone, without the readers: formats/format-ids.ts).
 */

export { PROVIDER_FORMAT_LABELS, PROVIDER_FORMAT_RECORDS, PROVIDER_FORMATS, providerFormatRecord, type ProviderFormat } from './formats/registry';

export const DEFAULT_PROVIDER_FORMAT: ProviderFormat = 'statuspage';

/** Where a format's document lives, relative to the watched address (the first address asked). */
export function providerDocumentUrl(format: ProviderFormat, pageUrl: string): string {
  return providerFormatRecord(format).documentUrls(pageUrl)[0];
}

/** What to ask for: a feed is XML, everything else JSON. */
export function providerAccept(format: ProviderFormat): string {
  return providerFormatRecord(format).accept;
}

import { PROVIDER_FORMAT_RECORDS, type ProviderFormat } from './formats/registry';

export { PROVIDER_FORMAT_TRIAL_ORDER } from './formats/registry';

/**
 * The format an address says by its own shape, when it says one (each record's `detection.address`: a pasted
 * document path such as `…/api/v2/summary.json`, a status.io API address, a feed's `….atom`). Asked in the
 * registry's order, a loose shape only once no other matched. Null when only the answer can tell (a bare page
 * address): then the formats are tried in PROVIDER_FORMAT_TRIAL_ORDER.
 */
export function formatFromAddress(text: string): ProviderFormat | null {
  let path: string;
  try {
    path = new URL(text.trim()).pathname.toLowerCase();
  } catch {
    return null;
  }
  const claims = (loose: boolean) =>
    PROVIDER_FORMAT_RECORDS.find((record) => (record.detection.looseAddress ?? false) === loose && (record.detection.address?.(path) ?? false));
  return (claims(false) ?? claims(true))?.id ?? null;
}

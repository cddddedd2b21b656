import type { ProviderFormat } from './provider-format';

/**
 * The format an address says by its own shape, when it says one: a pasted document path (`…/api/v2/summary.json`,
 * `…/api/v1/components`, `…/summary.json`), a status.io API address (`…/1.0/status/<id>`) or a feed
 * (`….atom`, `….rss`, `/feed`, `/history.atom`). Null when only the answer can tell (a bare page address): then
 * the formats are tried in PROVIDER_FORMAT_TRIAL_ORDER.
 */
export function formatFromAddress(text: string): ProviderFormat | null {
  let path: string;
  try {
    path = new URL(text.trim()).pathname.toLowerCase();
  } catch {
    return null;
  }
  if (/\/api\/v2(\/summary\.json|\/status\.json)?\/?$/.test(path)) return 'statuspage';
  if (/\/api\/v1\/components\/?$/.test(path) || /\/api\/components\/?$/.test(path)) return 'cachet';
  if (/\/1\.0\/status\/[a-z0-9]+\/?$/.test(path)) return 'statusio';
  if (/\.(atom|rss|xml)$/.test(path) || /\/(feed|rss|atom)(\/|$)/.test(path)) return 'feed';
  if (/\/summary\.json$/.test(path)) return 'instatus';
  return null;
}

/** A bare page address: the formats to ask, most common first (incident.io answers as Statuspage does). */
export const PROVIDER_FORMAT_TRIAL_ORDER: readonly ProviderFormat[] = ['statuspage', 'instatus', 'cachet'];

/*
 * Where a page of the Status Page API is read by the public. Not `status_page.url`: that field is the
 * company's own website (real captures say `exoscale.com` and `www.hosttech.eu` while the incidents live at
 * `https://exoscalestatus.com/incidents/…` and `https://status.hosttech.eu/incidents/…`; the API
 * documentation's example is `google.com`). Incidents, maintenances and notices carry the public page's own
 * address in their `url`, so their origin is the page; without any, a hosted page lives at
 * `https://<subdomain>.statuspal.io` (US) or `.statuspal.eu` (EU), as real captures of pages without a domain of
 * their own show (`https://ascentlogistics.statuspal.io/incidents/82137`). A custom server says nothing: null.
 */

type PublicPageRegion = 'us' | 'eu' | 'custom';

const HOSTED_DOMAIN: Readonly<Record<Exclude<PublicPageRegion, 'custom'>, string>> = { us: 'statuspal.io', eu: 'statuspal.eu' };

function httpsOrigin(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** The origin most of the items' URLs share (the first seen wins a tie), or null when none is an https address. */
export function originOfItems(urls: Iterable<string | null | undefined>): string | null {
  const counts = new Map<string, number>();
  for (const url of urls) {
    const origin = httpsOrigin(url);
    if (origin !== null) counts.set(origin, (counts.get(origin) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [origin, count] of counts) if (best === null || count > counts.get(best)!) best = origin;
  return best;
}

/** The public status page's address, or null when it cannot be told. */
export function publicPageAddress(input: {
  itemUrls: Iterable<string | null | undefined>;
  subdomain?: string | null;
  region?: PublicPageRegion | null;
}): string | null {
  const fromItems = originOfItems(input.itemUrls);
  if (fromItems !== null) return fromItems;
  if (!input.subdomain || !input.region || input.region === 'custom' || !/^[A-Za-z0-9][A-Za-z0-9-]*$/.test(input.subdomain)) return null;
  return `https://${input.subdomain.toLowerCase()}.${HOSTED_DOMAIN[input.region]}`;
}

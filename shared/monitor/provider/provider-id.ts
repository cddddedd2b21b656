import { stableId } from '../event-id';

/*
 * The provider format names things by string ids ("p31zjtct2jer"); the page model, events, mutes
 * and follows use integers. A 53-bit hash of the string keeps them stable across polls and
 * restarts (a muted component stays muted) with negligible collisions among a page's items.
 */
export function providerNumericId(kind: 'component' | 'incident' | 'update', id: string): number {
  return Number.parseInt(stableId(['statuspage', kind, id]), 36);
}

/**
 * A subdomain-like key of a provider page's URL (host and path, "status.example.com" →
 * "status-example-com"): what the model's `subdomain` holds for such pages, and what the command
 * line prints beside events.
 */
export function providerSlug(pageUrl: string): string {
  const url = new URL(pageUrl);
  const raw = `${url.host}${url.pathname}`.replace(/\/+$/, '');
  const slug = raw.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^[-_]+|-+$/g, '');
  return (slug === '' ? 'provider' : slug).slice(0, 100);
}

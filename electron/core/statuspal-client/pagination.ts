import { errorForInvalidResponse, type RequestContext } from './errors';

/**
 * Resolves `links.next` as the server gives it: absolute URLs as they are, query-only links
 * (`?after=...`) against the current page, anything else against the base URL. A link to
 * another origin (host, port or scheme) is refused: following it would send the key there.
 */
export function resolvePageLink(link: string, baseUrl: string, currentUrl: string, context: RequestContext, status = 200): string {
  let resolved: URL;
  try {
    resolved = link.startsWith('?') ? new URL(link, currentUrl) : new URL(link, `${baseUrl.replace(/\/+$/, '')}/`);
  } catch {
    throw errorForInvalidResponse(context, 'links.next is not a valid URL', status);
  }
  const base = new URL(baseUrl);
  if (resolved.origin !== base.origin) {
    throw errorForInvalidResponse(context, `refusing to follow links.next to another origin than ${base.origin}`, status);
  }
  resolved.hash = '';
  return resolved.toString();
}

/** A next link worth following: a non-empty string. */
export function nextLinkOf(links: { next?: string | null | undefined } | null | undefined): string | null {
  const next = links?.next;
  return typeof next === 'string' && next.trim() !== '' ? next.trim() : null;
}

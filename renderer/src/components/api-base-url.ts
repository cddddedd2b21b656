/** Every Status Page API v2 address ends in this prefix (spec: Versioning 1). */
const API_PREFIX = '/api/v2';

/** What a custom base URL looks like: the placeholder of the account form's and the watch form's field. */
export const API_BASE_URL_EXAMPLE = `https://status.example.com${API_PREFIX}`;

/**
 * A custom base URL that is a plain server or page address (no `/api/v2`) is almost always the API's address
 * without its prefix: the address it most likely means, or null when it already ends in the prefix or is not
 * an http(s) address at all (the schema says what is wrong then).
 */
export function suggestApiBaseUrl(typed: string): string | null {
  let url: URL;
  try {
    url = new URL(typed.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const path = url.pathname.replace(/\/+$/, '');
  if (path.endsWith(API_PREFIX)) return null;
  // `…/api` or `…/api/v1` become `…/api/v2`; anything else gets the prefix added.
  const base = path.replace(/\/api(\/v\d+)?$/, '');
  return `${url.origin}${base}${API_PREFIX}`;
}

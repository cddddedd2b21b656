/** Whether a command-line argument names a page by URL rather than by subdomain. */
export function looksLikeUrl(text: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(text.trim());
}

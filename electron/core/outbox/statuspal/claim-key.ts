/**
 * The key an object a write created or changed is claimed by, so another entry's look-up never adopts it as
 * its own. Servers hand out ids independently (the US and EU servers, two custom servers can each have an
 * incident 42), so the key names the server and the page as well as the resource and its id.
 */
export function claimKeyOf(baseUrl: string, subdomain: unknown, resource: string, id: unknown): string {
  let server = baseUrl;
  try {
    server = new URL(baseUrl).origin;
  } catch {
    // Not a URL (never for a configured server): the text itself still tells servers apart.
  }
  return `${server}|${typeof subdomain === 'string' ? subdomain : ''}|${resource}:${String(id)}`;
}

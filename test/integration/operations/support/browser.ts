/**
 * Plays the system browser for the sign-in: opens the authorization URL on the fake OAuth server, which
 * redirects (302) to the app's loopback address, and follows that redirect. `tamper` can change the
 * callback URL first (a forged state, for example). The loopback page is kept for assertions.
 */
export function fakeBrowser(options: { tamper?: (callback: URL) => void } = {}) {
  const visits: { authUrl?: string; callbackUrl?: string; page?: Promise<{ status: number; text: string }> } = {};
  const openExternal = async (url: string) => {
    visits.authUrl = url;
    const consent = await fetch(url, { redirect: 'manual' });
    let location = consent.headers.get('location');
    if (consent.status === 200) {
      // The consent page of mode 'page': click "Allow".
      const html = await consent.text();
      const allow = /id="allow" href="([^"]+)"/.exec(html)?.[1];
      if (!allow) throw new Error('no Allow link on the consent page');
      const decided = await fetch(new URL(allow.replace(/&amp;/g, '&'), url), { redirect: 'manual' });
      location = decided.headers.get('location');
    }
    if (!location) throw new Error(`the authorization endpoint did not redirect (HTTP ${consent.status})`);
    const callback = new URL(location);
    options.tamper?.(callback);
    visits.callbackUrl = callback.toString();
    visits.page = fetch(callback).then(async (response) => ({ status: response.status, text: await response.text() }));
    await visits.page;
  };
  return { openExternal, visits };
}

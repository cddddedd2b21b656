/** What the browser shows after the redirect to the loopback address. */
export interface CallbackPage {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A tiny static page: no script, no links, nothing loaded, so the URL with the code is not sent anywhere
 * (no Referer) and nothing on it can run. `Connection: close` lets the loopback server stop at once.
 */
export function callbackPage(kind: 'success' | 'failure', detail: string, status = kind === 'success' ? 200 : 400): CallbackPage {
  const title = kind === 'success' ? 'Statusdesk is signed in' : 'Statusdesk could not sign in';
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;margin:15vh auto;max-width:32em;padding:0 1em;color:#222}</style></head>
<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p><p>You can close this tab.</p></body></html>`;
  return {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      Connection: 'close',
    },
    body,
  };
}

import { readFile } from 'node:fs/promises';
import type { Protocol } from 'electron';
import { APP_SCHEME, mimeTypeFor, resolveAppAsset } from '@core/security/app-protocol';
import { CONTENT_SECURITY_POLICY } from '@core/security/content-security-policy';

/** app:// must be registered as standard and secure before the app is ready, so it gets a real origin. */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true },
} as const;

/** Serves the built renderer from app://statusdesk/, with the CSP also sent as a header. */
export function serveRenderer(protocol: Protocol, rendererRoot: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppAsset(rendererRoot, request.url);
    if (!file) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(body, {
        headers: {
          'Content-Type': mimeTypeFor(file),
          'Content-Security-Policy': CONTENT_SECURITY_POLICY,
          'X-Content-Type-Options': 'nosniff',
        },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}

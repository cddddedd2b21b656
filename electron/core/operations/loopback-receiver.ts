import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CallbackPage } from './callback-page';

/** The browser's redirect back to the app. `respond` resolves once the page is written. */
export interface CallbackRequest {
  params: URLSearchParams;
  respond(page: CallbackPage): Promise<void>;
}

interface LoopbackReceiver {
  /** `http://127.0.0.1:<port>/callback`: the redirect URI of this one sign-in. */
  redirectUri: string;
  /** The first request to the callback path; later ones are told the sign-in is over. */
  next(): Promise<CallbackRequest>;
  close(): Promise<void>;
}

function plain(response: http.ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'close' });
  response.end(text);
}

/**
 * A one-shot http server on the loopback address and a free port (RFC 8252 §7.3): only this computer can
 * reach it, and it lives only while a sign-in waits. The Host header must be the loopback address itself,
 * so a web page using DNS rebinding cannot talk to it.
 */
export async function startLoopbackReceiver(options: { host?: string; path?: string } = {}): Promise<LoopbackReceiver> {
  const host = options.host ?? '127.0.0.1';
  const callbackPath = options.path ?? '/callback';
  let taken = false;
  let deliver: (request: CallbackRequest) => void = () => {};
  const first = new Promise<CallbackRequest>((resolve) => {
    deliver = resolve;
  });
  let expectedHost = '';

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://loopback.invalid');
    if (request.headers.host !== expectedHost) return plain(response, 400, 'Wrong host.');
    if (request.method !== 'GET' || url.pathname !== callbackPath) return plain(response, 404, 'Not found.');
    if (taken) return plain(response, 409, 'This sign-in attempt is already finished. You can close this tab.');
    taken = true;
    deliver({
      params: url.searchParams,
      respond: (page) =>
        new Promise<void>((resolve) => {
          // 'close' too: a tab closed before the page was written must not leave the sign-in hanging.
          response.once('close', () => resolve());
          response.writeHead(page.status, page.headers);
          response.end(page.body, () => resolve());
        }),
    });
  });
  server.keepAliveTimeout = 1_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const hostInUri = host.includes(':') ? `[${host}]` : host;
  expectedHost = `${hostInUri}:${port}`;

  return {
    redirectUri: `http://${hostInUri}:${port}${callbackPath}`,
    next: () => first,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Browsers keep connections open; the sign-in is over, so they are cut.
        server.closeAllConnections();
      }),
  };
}

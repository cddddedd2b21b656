import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { mimeTypeFor } from '../../../electron/core/security/app-protocol';
import { CONTENT_SECURITY_POLICY } from '../../../electron/core/security/content-security-policy';

/** Serves the built renderer on 127.0.0.1 with the same CSP header the app:// protocol sends. */
export async function serveRendererBuild(root: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const resolvedRoot = path.resolve(root);
  const server = http.createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.resolve(resolvedRoot, pathname === '/' ? 'index.html' : pathname.slice(1));
    if (!file.startsWith(resolvedRoot + path.sep)) {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = await fs.readFile(file);
      response.writeHead(200, { 'Content-Type': mimeTypeFor(file), 'Content-Security-Policy': CONTENT_SECURITY_POLICY });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

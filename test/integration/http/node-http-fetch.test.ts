import { afterEach, describe, expect, it } from 'vitest';
import { networkCodeOf } from '../../../electron/core/http/network-failure';
import { nodeHttpFetch } from '../../../electron/core/http/node-http-fetch';
import { StatusPageClient } from '../../../electron/core/statuspal-client/client';
import { startStatusPageSimulator } from '../../../simulators/statuspal';
import { sendJson, startServer, type TestServer } from '../statuspal-client/helpers/http-server';
import { REFUSED_ORIGIN } from '../../support/refused-address';

/*
 * The command line's transport answers as fetch does for everything the clients use: the request as sent,
 * the status, every header (by any case), the body, null-body statuses, no redirect followed, aborts and
 * network errors with their system code.
 */

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('fetch over node:http', () => {
  it('sends method, headers and body, and reads status, repeated headers and body', async () => {
    server = await startServer((_req, res) => {
      res.setHeader('set-cookie', ['a=1', 'b=2']);
      sendJson(res, 201, { ok: true }, { 'retry-after': '7' });
    });
    const answer = await nodeHttpFetch(`${server.origin}/things?x=1`, {
      method: 'POST',
      headers: { Authorization: 'k3y', 'Content-Type': 'application/json' },
      body: '{"ü":1}',
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('retry-after')).toBe('7');
    expect(answer.headers.get('Retry-After')).toBe('7');
    expect(answer.headers.get('set-cookie')).toBe('a=1, b=2');
    expect(JSON.parse(answer.bodyText)).toEqual({ ok: true });
    const sent = server.requests[0]!;
    expect(sent).toMatchObject({ method: 'POST', url: '/things?x=1', body: '{"ü":1}' });
    expect(sent.headers).toMatchObject({ authorization: 'k3y', 'content-type': 'application/json', 'content-length': String(Buffer.byteLength('{"ü":1}')) });
  });

  it('gives a null body for 204 and does not follow a redirect', async () => {
    server = await startServer((req, res) => {
      if (req.url === '/gone') res.writeHead(204).end();
      else res.writeHead(302, { location: 'http://elsewhere.invalid/' }).end('moved');
    });
    const empty = await nodeHttpFetch(`${server.origin}/gone`);
    expect(empty.status).toBe(204);
    expect(empty.bodyText).toBe('');
    const moved = await nodeHttpFetch(`${server.origin}/moved`);
    expect(moved.status).toBe(302);
    expect(server.requests).toHaveLength(2);
  });

  it('rejects with the system code when nothing listens, and with an AbortError when aborted', async () => {
    const refused = await nodeHttpFetch(`${REFUSED_ORIGIN}/x`).catch((error: unknown) => error);
    expect(networkCodeOf(refused)).toBe('ECONNREFUSED');
    server = await startServer(() => undefined); // never answers
    const controller = new AbortController();
    const pending = nodeHttpFetch(`${server.origin}/slow`, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await expect(nodeHttpFetch('file:///etc/passwd')).rejects.toThrow(/http and https/);
  });

  it('carries the status page client against the simulator', async () => {
    const sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
    try {
      const client = new StatusPageClient({ region: { baseUrl: sim.baseUrl }, fetch: nodeHttpFetch });
      const status = await client.getPageStatus({ subdomain: 'acme' });
      expect(status.subdomain).toBe('acme');
    } finally {
      await sim.close();
    }
  });
});

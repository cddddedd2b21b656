import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { httpGetText } from '../../../electron/core/http/get-text';
import { createSummaryFetcher } from '../../../electron/core/monitor/summary-fetcher';
import { SlidingWindowRateLimiter } from '../../../electron/core/statuspal-client/rate-limiter';

/** The monitor's node:http transport against a real local server. */

const CONTEXT = { operation: 'getPageSummary', method: 'GET' as const, path: '/status_pages/{subdomain}/summary', kind: 'read' as const };
const servers: http.Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('httpGetText', () => {
  it('returns status, headers and the whole body, reusing the connection', async () => {
    const ports = new Set<number>();
    const base = await serve((req, res) => {
      ports.add(req.socket.remotePort!);
      res.writeHead(200, { 'content-type': 'application/json', 'x-test': 'yes' });
      res.write('{"a":');
      res.end(`"${'é'.repeat(50_000)}"}`);
    });
    for (let i = 0; i < 3; i++) {
      const answer = await httpGetText(`${base}/x`, { headers: { Accept: 'application/json' }, timeoutMs: 5_000, publicOnly: false }, CONTEXT);
      expect(answer.status).toBe(200);
      expect(answer.header('X-Test')).toBe('yes');
      expect(JSON.parse(answer.text).a).toHaveLength(50_000);
    }
    expect(ports.size).toBe(1);
  });

  it('times out, cancels, and maps refused and reset connections to network errors', async () => {
    const base = await serve((req, res) => {
      if (req.url === '/reset') {
        res.writeHead(200, { 'content-length': '1000' });
        res.write('{"partial":');
        setTimeout(() => req.socket.destroy(), 20);
      }
      // other paths: never answer
    });
    await expect(httpGetText(`${base}/hang`, { headers: {}, timeoutMs: 100, publicOnly: false }, CONTEXT)).rejects.toMatchObject({ code: 'timeout' });
    const controller = new AbortController();
    const pending = httpGetText(`${base}/hang`, { headers: {}, timeoutMs: 5_000, publicOnly: false, signal: controller.signal }, CONTEXT);
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
    await expect(httpGetText(`${base}/reset`, { headers: {}, timeoutMs: 5_000, publicOnly: false }, CONTEXT)).rejects.toMatchObject({ code: 'network' });
    await expect(httpGetText('http://127.0.0.1:1/x', { headers: {}, timeoutMs: 5_000, publicOnly: false }, CONTEXT)).rejects.toMatchObject({
      code: 'network',
      networkCode: 'ECONNREFUSED',
    });
  });

  it('refuses a body over the size limit', async () => {
    const base = await serve((_req, res) => res.end('x'.repeat(10_000)));
    await expect(httpGetText(`${base}/big`, { headers: {}, timeoutMs: 5_000, publicOnly: false, maxBytes: 1_000 }, CONTEXT)).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });

  it('the summary fetcher on it: path, headers, 429 with Retry-After pausing the limiter', async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const base = await serve((req, res) => {
      seen.push(req.headers);
      if (req.url === '/api/v2/status_pages/busy/summary') {
        res.writeHead(429, { 'retry-after': '2', 'content-type': 'application/json' });
        res.end('{"error":429}');
        return;
      }
      res.end(req.url);
    });
    const limiter = new SlidingWindowRateLimiter();
    const fetcher = createSummaryFetcher({ baseUrl: `${base}/api/v2`, rateLimiter: limiter, userAgent: 'Statusdesk-test' });
    expect(await fetcher.fetchSummaryText('acme')).toBe('/api/v2/status_pages/acme/summary');
    expect(seen[0]).toMatchObject({ accept: 'application/json', 'user-agent': 'Statusdesk-test' });
    expect(seen[0]!.authorization).toBeUndefined();
    await expect(fetcher.fetchSummaryText('busy')).rejects.toMatchObject({ code: 'rate_limited', retryAfterMs: 2_000 });
    expect(limiter.nextSlotAt() - performance.now()).toBeGreaterThan(1_500);
  });
});

import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import type { RecordedExchange } from './exchanges';

export interface ReplayServer {
  baseUrl: string;
  /** Requests that matched no recorded exchange, described without the key. */
  unmatched: string[];
  /** How many times each exchange was replayed, by name. */
  served: Map<string, number>;
  /** The Content-Type of every request received. */
  contentTypes: Array<string | undefined>;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** A loopback server that answers only the recorded requests, exactly as recorded; anything else is a 599. */
export async function startReplayServer(exchanges: readonly RecordedExchange[]): Promise<ReplayServer> {
  const unmatched: string[] = [];
  const served = new Map<string, number>();
  const contentTypes: Array<string | undefined> = [];
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://replay.invalid');
      const text = await readBody(req);
      contentTypes.push(req.headers['content-type']);
      let body: unknown;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        body = text;
      }
      const query = Object.fromEntries(url.searchParams);
      const match = exchanges.find(
        (x) =>
          x.request.method === req.method &&
          x.request.path === url.pathname &&
          isDeepStrictEqual(x.request.query, query) &&
          isDeepStrictEqual(x.request.body, body),
      );
      if (!match) {
        unmatched.push(`${req.method} ${url.pathname} ${JSON.stringify(body)}`);
        res.writeHead(599).end();
        return;
      }
      served.set(match.name, (served.get(match.name) ?? 0) + 1);
      res.writeHead(match.response.status, { 'Content-Type': 'application/json' }).end(match.response.body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    unmatched,
    served,
    contentTypes,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

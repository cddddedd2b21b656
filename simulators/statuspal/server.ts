import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { identify } from './auth';
import { formatDateTime } from './clock';
import type { SimCore } from './context';
import type { FaultDecision, FaultInjector, SecondWrite } from './faults';
import type { RateLimiter } from './rate-limit';
import { dispatch, type Router } from './router';
import type { RequestCounter } from './write-log';
import { restyleBody } from './text-style';
import { DEMO_KEYS } from './seeds/base';

/**
 * The HTTP side: node:http on 127.0.0.1, one request at a time through
 * count → latency → reset → rate limit → injected error → body → dispatch → write log → answer,
 * plus the offline switch. `/__control/*` bypasses all of it.
 */
export const API_PREFIX = '/api/v2';
const MAX_BODY = 1024 * 1024;

export type OfflineMode = 'refuse' | 'reset' | 'blackhole';

export type ControlHandler = (req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams, rawBody: string) => Promise<void>;

interface HttpDeps {
  core: SimCore;
  router: Router;
  faults: FaultInjector;
  limiter: () => RateLimiter | null;
  counter: RequestCounter;
  control: ControlHandler | null;
}

const isWriteMethod = (m: string): boolean => m === 'POST' || m === 'PUT' || m === 'DELETE' || m === 'PATCH';
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export class SimHttpServer {
  readonly #server: Server;
  readonly #sockets = new Set<Socket>();
  readonly #held = new Set<ServerResponse>();
  #offline: OfflineMode | null = null;
  #onlineTimer: NodeJS.Timeout | null = null;
  #listening = false;
  #closed = false;
  #host = '127.0.0.1';
  port = 0;

  readonly #deps: HttpDeps;

  constructor(deps: HttpDeps) {
    this.#deps = deps;
    this.#server = createServer((req, res) => {
      this.#onRequest(req, res).catch((err: unknown) => {
        console.error('[statuspage-sim] internal error', err);
        if (!res.headersSent) sendJson(res, 500, JSON.stringify({ error: 500 }));
        else res.destroy();
      });
    });
    this.#server.on('connection', (s: Socket) => {
      this.#sockets.add(s);
      s.on('close', () => this.#sockets.delete(s));
    });
    this.#server.keepAliveTimeout = 5000;
  }

  /** Requests held with no answer on purpose (a hang fault, a black-holed network) right now. */
  get heldCount(): number {
    return this.#held.size;
  }

  get origin(): string {
    const h = this.#host.includes(':') ? `[${this.#host}]` : this.#host;
    return `http://${h}:${this.port}`;
  }

  async listen(port: number, host: string): Promise<void> {
    this.#host = host;
    await new Promise<void>((resolve, reject) => {
      const onError = (err: Error): void => reject(err);
      this.#server.once('error', onError);
      this.#server.listen(port, host, () => {
        this.#server.off('error', onError);
        resolve();
      });
    });
    this.port = (this.#server.address() as AddressInfo).port;
    this.#listening = true;
  }

  offlineMode(): OfflineMode | null {
    return this.#offline;
  }

  /**
   * refuse: the listener closes (connections refused, same port on return);
   * reset: connections accepted, API requests destroyed unanswered (control still works);
   * blackhole: API requests never answered (client timeouts).
   */
  async goOffline(mode: OfflineMode = 'refuse', forMs?: number): Promise<void> {
    if (this.#closed) return;
    this.#clearTimer();
    this.#offline = mode;
    if (mode === 'refuse' && this.#listening) {
      this.#listening = false;
      const closedP = new Promise<void>((r) => this.#server.close(() => r()));
      this.#server.closeAllConnections();
      for (const s of this.#sockets) s.destroy();
      await closedP;
    }
    if (forMs !== undefined) {
      this.#onlineTimer = setTimeout(() => {
        this.#onlineTimer = null;
        this.goOnline().catch((err: unknown) => console.error('[statuspage-sim] could not come back online', err));
      }, forMs);
    }
  }

  async goOnline(): Promise<void> {
    if (this.#closed) return;
    this.#clearTimer();
    this.#offline = null;
    for (const res of this.#held) res.destroy();
    this.#held.clear();
    if (!this.#listening) await this.listen(this.port, this.#host);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#clearTimer();
    for (const res of this.#held) res.destroy();
    this.#held.clear();
    if (this.#listening) {
      this.#listening = false;
      const closedP = new Promise<void>((r) => this.#server.close(() => r()));
      this.#server.closeAllConnections();
      for (const s of this.#sockets) s.destroy();
      await closedP;
    }
  }

  #clearTimer(): void {
    if (this.#onlineTimer) clearTimeout(this.#onlineTimer);
    this.#onlineTimer = null;
  }

  async #onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sim.invalid');
    const path = url.pathname;
    const method = (req.method ?? 'GET').toUpperCase();
    const { core, faults, counter, control } = this.#deps;

    if (path === '/__control' || path.startsWith('/__control/')) {
      if (!control) return sendJson(res, 404, JSON.stringify({ error: 404 }));
      const raw = await readBody(req);
      if (raw === null) return sendJson(res, 413, JSON.stringify({ error: 413 }));
      return control(req, res, path, url.searchParams, raw);
    }
    if (this.#offline === 'reset') {
      req.socket.destroy();
      return;
    }
    if (this.#offline === 'blackhole') {
      this.#held.add(res);
      res.on('close', () => this.#held.delete(res));
      return;
    }

    const end = counter.begin(path);
    res.on('close', end);
    // The server's own clock, as a real server's Date header: clients measure their offset from it.
    res.setHeader('date', core.clock.now().toUTCString());
    const write = isWriteMethod(method);
    const decision = faults.decide(method, path, url.searchParams, write);
    if (decision.latencyMs > 0) await sleep(decision.latencyMs);
    // The other writer's request arrives just before ours, whatever then happens to ours.
    let early: string | null | undefined;
    if (decision.secondWriter) {
      early = await readBody(req);
      this.#secondWrite(decision.secondWriter, path, early ?? '', req.headers.authorization, req.headers.host ? `http://${req.headers.host}` : this.origin);
    }
    if (decision.reset) {
      req.socket.destroy();
      return;
    }
    if (decision.hang) {
      this.#held.add(res);
      res.on('close', () => this.#held.delete(res));
      return;
    }
    if (decision.captivePortal) {
      const page = '<!doctype html><html><head><title>Sign in to the network</title></head><body><form>Accept the terms to continue</form></body></html>';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(page) });
      res.end(page);
      return;
    }
    if (decision.captivePortalRedirect) {
      // A hotel or train network's portal: every request is sent to its login page until the user signs in.
      res.writeHead(302, { location: 'http://login.portal.invalid/sign-in?continue=1', 'content-length': '0' });
      res.end();
      return;
    }
    const principal = identify(core.store, req.headers.authorization);
    const limiter = this.#deps.limiter();
    if (limiter) {
      const wait = limiter.take(principal ? principal.id : `ip:${req.socket.remoteAddress ?? '?'}`);
      if (wait > 0) return sendJson(res, 429, JSON.stringify({ error: 429 }), { 'retry-after': String(wait) });
    }
    if (decision.errorStatus !== null) {
      const headers: Record<string, string> =
        (decision.errorStatus === 429 || decision.errorStatus === 503) && decision.retryAfterSeconds !== null
          ? { 'retry-after': String(decision.retryAfterSeconds) }
          : {};
      return sendJson(res, decision.errorStatus, JSON.stringify({ error: decision.errorStatus }), headers);
    }

    const rawBody = early === undefined ? await readBody(req) : early;
    if (rawBody === null) return sendJson(res, 413, JSON.stringify({ error: 413 }));
    if (path !== API_PREFIX && !path.startsWith(`${API_PREFIX}/`)) {
      return sendJson(res, 404, JSON.stringify({ error: 404 }));
    }

    const origin = req.headers.host ? `http://${req.headers.host}` : this.origin;
    const out = dispatch(core, this.#deps.router, {
      method,
      path: path.slice(API_PREFIX.length) || '/',
      fullPath: path,
      query: url.searchParams,
      authorization: req.headers.authorization,
      origin,
      // The server keeps text its way; the write log keeps the body as it was sent.
      rawBody: write ? restyleBody(rawBody, core.options.textStyle) : rawBody,
    });

    let text: string;
    if (out.deleted) {
      const style = core.options.deleteBody;
      text = style === '""' ? '""' : style === '{}' ? '{}' : '';
    } else {
      text = JSON.stringify(out.body);
    }

    if (write && out.route && out.status >= 200 && out.status < 300) {
      core.writeLog.append({
        method,
        path,
        op: out.route.op,
        body: safeParse(rawBody),
        status: out.status,
        resultId: out.resultId ?? null,
        time: formatDateTime(core.clock.nowMs()),
        at: Date.now(),
        keyId: out.principal?.id ?? null,
        requestId: header(req, 'idempotency-key') ?? header(req, 'x-request-id'),
        dropped: decision.dropAfterCommit,
      });
      if (decision.dropAfterCommit) {
        req.socket.destroy();
        return;
      }
      if (decision.answerDelayAfterCommitMs > 0) await sleep(decision.answerDelayAfterCommitMs);
      if (res.destroyed) return;
      if (decision.statusAfterCommit !== null) return sendJson(res, decision.statusAfterCommit, JSON.stringify({ error: decision.statusAfterCommit }));
      if (decision.emptyBodyAfterCommit) return sendJson(res, 200, '');
    }
    await answer(res, out.status, text, decision);
  }

  /** Another writer's POST, applied before ours as the service's own doing (not logged): see FaultRule.secondWriter. */
  #secondWrite(spec: SecondWrite, ourPath: string, rawBody: string, authorization: string | undefined, origin: string): void {
    const { core } = this.#deps;
    const full = spec.path === undefined ? ourPath : spec.path.startsWith(API_PREFIX) ? spec.path : `${API_PREFIX}${spec.path}`;
    dispatch(core, this.#deps.router, {
      method: 'POST',
      path: full.slice(API_PREFIX.length) || '/',
      fullPath: full,
      query: new URLSearchParams(),
      authorization: spec.key ?? authorization ?? DEMO_KEYS.demoReadWrite,
      origin,
      rawBody: restyleBody(secondBody(spec, rawBody), core.options.textStyle),
    });
  }
}

/** The body a second writer sends: theirs, or ours with their changes under the wrapper key. */
function secondBody(spec: SecondWrite, rawBody: string): string {
  if (spec.body !== undefined) return JSON.stringify(spec.body);
  const ours = safeParse(rawBody);
  if (ours === null || typeof ours !== 'object' || Array.isArray(ours)) return rawBody;
  const wrapped = Object.entries(ours as Record<string, unknown>).map(([key, inner]) => [
    key,
    inner !== null && typeof inner === 'object' && !Array.isArray(inner) ? { ...inner, ...spec.changes } : inner,
  ]);
  return JSON.stringify(Object.fromEntries(wrapped));
}

function header(req: IncomingMessage, name: string): string | null {
  const v = req.headers[name];
  return typeof v === 'string' ? v : Array.isArray(v) ? (v[0] ?? null) : null;
}

function safeParse(raw: string): unknown {
  if (raw.trim() === '') return null;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** null when the body is over the size limit. */
function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) over = true;
      else chunks.push(c);
    });
    req.on('end', () => resolve(over ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
    req.on('aborted', () => resolve(''));
  });
}

export function sendJson(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  const body = Buffer.from(text, 'utf8');
  const h: Record<string, string | number> = { 'content-length': body.length, ...headers };
  if (body.length > 0) h['content-type'] = 'application/json; charset=utf-8';
  res.writeHead(status, h);
  res.end(body);
}

async function answer(res: ServerResponse, status: number, text: string, d: FaultDecision): Promise<void> {
  let out = text;
  if (d.malformed) out = text.length > 1 ? text.slice(0, Math.floor(text.length / 2)) : '{';
  if (!d.slowBody) return sendJson(res, status, out);
  const body = Buffer.from(out, 'utf8');
  const h: Record<string, string | number> = { 'content-length': body.length };
  if (body.length > 0) h['content-type'] = 'application/json; charset=utf-8';
  res.writeHead(status, h);
  res.flushHeaders();
  const { chunkBytes, intervalMs } = d.slowBody;
  for (let i = 0; i < body.length; i += chunkBytes) {
    if (res.destroyed) return;
    res.write(body.subarray(i, i + chunkBytes));
    if (i + chunkBytes < body.length) await sleep(intervalMs);
  }
  res.end();
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createPrng } from '@simulators/statuspal/prng';
import type { ProviderFaults, ProviderOneShotFault, ProviderSimulator, ProviderSimulatorOptions, ProviderStats, ValidatorMode } from './api';
import { DEMO_PROVIDERS, FORMAT_DEMO_PROVIDERS } from './model';
import { ProviderStore } from './store';

/*
 * A loopback server of provider pages, each in its format (shapes/): `GET /pages/<slug>/api/v2/summary.json`
 * for Statuspage and incident.io pages, `/pages/<slug>/summary.json` (Instatus), `/pages/<slug>/api/v1/components`
 * (Cachet 2; Cachet 3 only at `/pages/<slug>/api/components`), `/pages/<slug>/1.0/status/<id>` (status.io),
 * `/pages/<slug>/history.atom` (feed); and
 * `/moved/<slug>/api/v2/summary.json`, a 301 to a Statuspage page, as a page that changed address answers.
 * It sends ETag and Last-Modified (or one, or none: `validators`) and answers If-None-Match /
 * If-Modified-Since with a bodiless 304, as the real pages' CDNs do. Faults as the status page
 * simulator's: error statuses (429/503 with Retry-After), resets, cut bodies, an HTML page,
 * hangs, latency; seeded draws, and one-shot faults for exact scenarios.
 */

const PAGE_PATH = /^\/pages\/([a-z0-9][a-z0-9-]*)\//;
const MOVED_PATH = /^\/moved\/([a-z0-9][a-z0-9-]*)\/api\/v2\/summary\.json$/;
const HTML = Buffer.from('<!doctype html><html><head><title>Status</title></head><body><h1>Sign in to the network</h1></body></html>');

function emptyStats(): ProviderStats {
  return { requests: 0, full: 0, notModified: 0, faulted: 0, bodyBytes: 0, notModifiedWireBytes: 0, fullHeaderWireBytes: 0, perPage: {} };
}

type Decision = ProviderOneShotFault | { kind: 'none' };

export async function startProviderSimulator(options: ProviderSimulatorOptions = {}): Promise<ProviderSimulator> {
  const now = options.now ?? Date.now;
  let origin = '';
  const store = new ProviderStore(now, () => origin);
  const seed = options.seed ?? 'demo';
  const seeds = seed === 'demo' ? DEMO_PROVIDERS : seed === 'formats' ? [...DEMO_PROVIDERS, ...FORMAT_DEMO_PROVIDERS] : seed === 'empty' ? [] : seed;
  for (const page of seeds) store.add(page);
  let validators: ValidatorMode = options.validators ?? 'both';
  const compression = options.compression ?? true;
  let faults: ProviderFaults = options.faults ?? {};
  let oneShots: ProviderOneShotFault[] = [...(faults.next ?? [])];
  const random = createPrng(options.faultSeed ?? 1);
  let stats = emptyStats();
  const sockets = new Set<Socket>();
  const hanging = new Set<ServerResponse>();

  const decide = (): Decision => {
    const shot = oneShots.shift();
    if (shot) return shot;
    for (const [status, rate] of Object.entries(faults.errorRates ?? {})) if (rate && random() < rate) return { kind: 'status', status: Number(status) };
    if (faults.resetRate && random() < faults.resetRate) return { kind: 'reset' };
    if (faults.malformedRate && random() < faults.malformedRate) return { kind: 'malformed' };
    if (faults.htmlRate && random() < faults.htmlRate) return { kind: 'html' };
    if (faults.hangRate && random() < faults.hangRate) return { kind: 'hang' };
    return { kind: 'none' };
  };

  const sent = new WeakMap<ServerResponse, { summary: boolean; bodyBytes: number }>();
  const send = (res: ServerResponse, status: number, headers: Record<string, string>, body?: Buffer, document = false) => {
    if (body) stats.bodyBytes += body.length;
    sent.set(res, { summary: status === 200 && document, bodyBytes: body?.length ?? 0 });
    res.writeHead(status, { ...headers, ...(body ? { 'Content-Length': String(body.length) } : {}) });
    res.end(body);
  };

  const answer = (req: IncomingMessage, res: ServerResponse, slug: string, decision: Decision) => {
    if (decision.kind !== 'none' && decision.kind !== 'latency') stats.faulted++;
    switch (decision.kind) {
      case 'reset':
        req.socket.destroy();
        return;
      case 'hang':
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      case 'status': {
        const retry: Record<string, string> = decision.status === 429 || decision.status === 503 ? { 'Retry-After': '1' } : {};
        send(res, decision.status, { 'Content-Type': 'application/json', ...retry }, Buffer.from(JSON.stringify({ error: decision.status })));
        return;
      }
      case 'html':
        send(res, 200, { 'Content-Type': 'text/html; charset=utf-8' }, HTML);
        return;
      case 'badGzip':
        send(res, 200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, Buffer.from('this is not gzip at all'));
        return;
      default:
        break;
    }
    const page = store.rendered(slug);
    const headers: Record<string, string> = { 'Content-Type': page.contentType, 'Cache-Control': 'max-age=0, private, must-revalidate' };
    if (validators === 'both' || validators === 'etag') headers.ETag = page.etag;
    if (validators === 'both' || validators === 'last-modified') headers['Last-Modified'] = page.lastModified;
    if (decision.kind === 'malformed') {
      stats.full++;
      send(res, 200, headers, page.body.subarray(0, Math.max(1, Math.floor(page.body.length / 2))), true);
      return;
    }
    // If-None-Match wins over If-Modified-Since when both are sent (RFC 9110 13.2.2).
    const inm = req.headers['if-none-match'];
    const ims = req.headers['if-modified-since'];
    let notModified = false;
    if (inm !== undefined && headers.ETag) notModified = inm.split(',').some((tag) => tag.trim().replace(/^W\//, '') === page.etag || tag.trim() === '*');
    else if (inm === undefined && ims !== undefined && headers['Last-Modified']) {
      const since = Date.parse(ims);
      notModified = Number.isFinite(since) && page.lastModifiedMs <= since;
    }
    if (notModified) {
      stats.notModified++;
      const { 'Content-Type': _type, ...rest } = headers;
      send(res, 304, rest);
      return;
    }
    stats.full++;
    const gzip = compression && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    send(res, 200, gzip ? { ...headers, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : headers, gzip ? page.gzipped : page.body, true);
  };

  const server = createServer((req, res) => {
    stats.requests++;
    const path = (req.url ?? '/').split('?')[0]!;
    const match = PAGE_PATH.exec(path);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, 405, { Allow: 'GET', 'Content-Type': 'application/json' }, Buffer.from('{"error":405}'));
      return;
    }
    // A page that moved (a pasted address without "www.", an old host): a permanent redirect to where it lives.
    const moved = MOVED_PATH.exec(path);
    if (moved && store.has(moved[1]!)) {
      send(res, 301, { Location: `/pages/${moved[1]}/api/v2/summary.json`, 'Content-Type': 'text/html' }, Buffer.from('<a>Moved</a>'));
      return;
    }
    if (!match || !store.has(match[1]!) || store.documentPath(match[1]!) !== path) {
      send(res, 404, { 'Content-Type': 'application/json' }, Buffer.from('{"error":"Not found"}'));
      return;
    }
    const slug = match[1]!;
    stats.perPage[slug] = (stats.perPage[slug] ?? 0) + 1;
    // What the answer cost on the wire (keep-alive: one answer at a time per socket).
    const before = req.socket.bytesWritten;
    res.once('finish', () => {
      const wire = req.socket.bytesWritten - before;
      if (res.statusCode === 304) stats.notModifiedWireBytes += wire;
      else if (sent.get(res)?.summary) stats.fullHeaderWireBytes += wire - sent.get(res)!.bodyBytes;
    });
    const decision = decide();
    const latency = (faults.latencyMs ?? 0) + (decision.kind === 'latency' ? decision.ms : 0);
    if (latency > 0) setTimeout(() => answer(req, res, slug, decision), latency);
    else answer(req, res, slug, decision);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    port,
    pageUrl: (slug) => store.pageUrl(slug),
    pages: () => store.slugs(),
    addPage: (page) => store.add(page),
    openIncident: (input) => store.openIncident(input),
    addUpdate: (input) => store.addUpdate(input.page, input.incidentId, input.status, input.body),
    resolveIncident: (input) => store.resolveIncident(input.page, input.incidentId, input.body),
    setComponentStatus: (input) => store.setComponentStatus(input.page, input.component, input.status),
    scheduleMaintenance: (input) => store.scheduleMaintenance(input.page, input.name, input.startsAt, input.endsAt, input.components ?? [], input.body),
    setMaintenanceStatus: (input) => store.setMaintenanceStatus(input.page, input.maintenanceId, input.status, input.body),
    summary: (slug) => store.summary(slug),
    document: (slug) => store.rendered(slug).body.toString('utf8'),
    setValidators: (mode) => {
      validators = mode;
    },
    setFaults: (next) => {
      faults = next;
      oneShots = [...(next.next ?? [])];
    },
    stats: () => ({ ...stats, perPage: { ...stats.perPage } }),
    resetStats: () => {
      stats = emptyStats();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

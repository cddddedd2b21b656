import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SimulatorControl } from './api';
import { HttpError } from './errors';
import { isObj } from './validate';
import { sendJson, type ControlHandler } from './server';

/**
 * `/__control/<method>`: the control methods over HTTP for child processes and other programs.
 * POST (or GET for reads) with the method's single argument as the JSON body; query parameters are
 * merged in for GETs. Answers `{"result": ...}`, or `{"error": status, "message": ...}`.
 */
type Args = Record<string, unknown>;

const field = <T>(a: Args, k: string): T => a[k] as T;

const METHODS: Record<string, (c: SimulatorControl, a: Args) => unknown> = {
  openIncident: (c, a) => c.openIncident(a as never),
  addUpdate: (c, a) => c.addUpdate(a as never),
  resolveIncident: (c, a) => c.resolveIncident(a as never),
  setServiceLevel: (c, a) => c.setServiceLevel(a as never),
  scheduleMaintenance: (c, a) => c.scheduleMaintenance(a as never),
  postNotice: (c, a) => c.postNotice(a as never),
  removeNotice: (c, a) => c.removeNotice(a as never),
  setIncidentType: (c, a) => c.setIncidentType(a as never),
  addMetric: (c, a) => c.addMetric(a as never),
  summary: (c, a) => c.summary(field(a, 'page')),
  now: (c) => c.now(),
  advanceClock: (c, a) => c.advanceClock(Number(field(a, 'ms'))),
  setClock: (c, a) => c.setClock(field(a, 'at')),
  freezeClock: (c, a) => c.freezeClock(field(a, 'frozen') !== false && field(a, 'frozen') !== 'false'),
  addKey: (c, a) => c.addKey(a as never),
  revokeKey: (c, a) => c.revokeKey(field(a, 'key')),
  setFaults: (c, a) => c.setFaults((a.rules ?? a) as never),
  addFault: (c, a) => c.addFault(a as never),
  clearFaults: (c) => c.clearFaults(),
  rateLimitBurst: (c, a) => c.rateLimitBurst(Number(field(a, 'count')), a.retryAfterSeconds === undefined ? undefined : Number(a.retryAfterSeconds)),
  setRateLimit: (c, a) => c.setRateLimit((a.config ?? false) as never),
  setTextStyle: (c, a) => c.setTextStyle(field(a, 'style')),
  goOnline: (c) => c.goOnline(),
  writeLog: (c, a) => c.writeLog(a as never),
  clearWriteLog: (c) => c.clearWriteLog(),
  requestCount: (c, a) => c.requestCount(a.pathPrefix === undefined ? undefined : String(a.pathPrefix)),
  peakRequestsInProgress: (c, a) => c.peakRequestsInProgress(a.pathPrefix === undefined ? undefined : String(a.pathPrefix)),
  requestCounts: (c) => c.requestCounts(),
  clearRequestCounts: (c) => c.clearRequestCounts(),
  reset: (c) => c.reset(),
  seedSummary: (c, a) => c.seedSummary(a.summary, a.options as never),
  state: (c) => c.state(),
};

export function createControlHandler(control: SimulatorControl): ControlHandler {
  return async (req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams, rawBody: string) => {
    const name = path.slice('/__control/'.length);
    let args: Args = {};
    try {
      if (rawBody.trim() !== '') {
        const parsed: unknown = JSON.parse(rawBody);
        if (Array.isArray(parsed)) args = { rules: parsed };
        else if (isObj(parsed)) args = parsed;
        else throw new HttpError(422, 'body must be a JSON object');
      }
    } catch (err) {
      if (err instanceof HttpError) return reply(res, err.status, { error: err.status, message: err.detail });
      return reply(res, 400, { error: 400, message: 'unparseable JSON' });
    }
    for (const [k, v] of query) if (!(k in args)) args[k] = v;

    if (name === 'goOffline') {
      // Answer first: in refuse mode the listener (and this connection) goes away.
      const mode = (args.mode as string | undefined) ?? 'refuse';
      const forMs = args.forMs === undefined ? undefined : Number(args.forMs);
      if (mode === 'refuse' && forMs === undefined) {
        return reply(res, 422, { error: 422, message: 'over HTTP, refuse mode needs forMs (nothing could bring it back)' });
      }
      res.on('finish', () => {
        control.goOffline({ mode: mode as never, forMs }).catch((err: unknown) => console.error('[statuspage-sim] goOffline', err));
      });
      return reply(res, 200, { result: null });
    }
    const fn = METHODS[name];
    if (!fn) return reply(res, 404, { error: 404, message: `unknown control method ${name}` });
    if (req.method !== 'POST' && req.method !== 'GET') return reply(res, 405, { error: 405 });
    try {
      const result = await fn(control, args);
      return reply(res, 200, { result: result === undefined ? null : result });
    } catch (err) {
      if (err instanceof HttpError) return reply(res, err.status, { error: err.status, message: err.detail ?? null });
      return reply(res, 500, { error: 500, message: err instanceof Error ? err.message : String(err) });
    }
  };
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  // Control connections are closed after each answer so goOffline/close never waits on them.
  sendJson(res, status, JSON.stringify(body), { connection: 'close' });
}

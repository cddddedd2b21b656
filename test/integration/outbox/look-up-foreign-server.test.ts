import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxService } from '../../../electron/core/outbox/outbox-service';
import { makeTempDir } from '../../support/temp-dir';
import { openTestOutbox, resetLimiters } from './support/harness';

/*
 * The look-up after an unknown outcome against a server written here, apart from the project's simulator: the
 * contract leaves open how a server keeps text and times, so this one keeps them its own way, as another
 * implementation could:
 *   titles   trimmed, inner whitespace squished (split and joined, as Rails' squish does);
 *   messages HTML-escaped on the way in (`<b>` kept as `&lt;b&gt;`), trimmed, line breaks kept;
 *   times    ISO 8601 with milliseconds and a Z (`2026-01-01T12:00:00.123Z`), not the naive seconds of FACTS.md;
 *   lists    everything on one page, newest first, with the update list as stored.
 * It cuts the connection of the first create when told, before or after storing it.
 */

type Json = Record<string, unknown>;

interface ForeignServer {
  baseUrl: string;
  incidents: Json[];
  /** What happens to the next create: cut before it is stored, after, or nothing. */
  cutNextCreate: 'before' | 'after' | null;
  creates: number;
  /** Stores an incident as another client would have, `agoMs` before now. */
  storeForeign(body: Json, agoMs: number): Json;
  close(): Promise<void>;
}

const squish = (text: string) =>
  text
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .join(' ');
const escapeHtml = (text: string) => text.trim().replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

async function startForeignServer(): Promise<ForeignServer> {
  let nextId = 500;
  const state: ForeignServer = {
    baseUrl: '',
    incidents: [],
    cutNextCreate: null,
    creates: 0,
    storeForeign: (body, agoMs) => store(body, Date.now() - agoMs),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  function store(body: Json, at: number): Json {
    const stamp = new Date(at).toISOString();
    const updates = Array.isArray(body.updates) ? (body.updates as Json[]) : [];
    const incident: Json = {
      id: nextId++,
      type: body.type,
      title: squish(String(body.title)),
      service_ids: body.service_ids ?? [],
      starts_at: stamp,
      ends_at: null,
      inserted_at: stamp,
      updated_at: stamp,
      updates: updates.map((u) => ({ id: nextId++, type: u.type, description: escapeHtml(String(u.description)), posted_at: stamp, inserted_at: stamp })),
    };
    state.incidents.unshift(incident);
    return incident;
  }
  function answer(res: ServerResponse, status: number, body: unknown) {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), date: new Date().toUTCString() });
    res.end(text);
  }
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/api/v2/hello') return answer(res, 200, { message: 'hello' });
    if (url.pathname !== '/api/v2/status_pages/acme/incidents') return answer(res, 404, { error: 404 });
    if (req.method === 'GET')
      return answer(res, 200, { incidents: state.incidents, links: { next: null, prev: null }, meta: { total_count: state.incidents.length } });
    const cut = state.cutNextCreate;
    state.cutNextCreate = null;
    if (cut === 'before') return req.socket.destroy();
    state.creates++;
    const incident = store((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { incident: Json }).incident, Date.now());
    if (cut === 'after') return req.socket.destroy();
    answer(res, 201, { incident });
  }
  const server: Server = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
  return state;
}

let server: ForeignServer | undefined;
let outbox: OutboxService | undefined;
let home: ReturnType<typeof makeTempDir> | undefined;

afterEach(async () => {
  await outbox?.stop({ abortAfterMs: 0 });
  await server?.close();
  home?.remove();
  outbox = undefined;
  server = undefined;
  home = undefined;
  resetLimiters();
});

async function openOn(foreign: ForeignServer): Promise<{ accountId: string; outbox: OutboxService }> {
  home = makeTempDir('statusdesk-foreign-');
  const accountId = randomUUID();
  outbox = await openTestOutbox(home.dir, {
    account: (id) => (id === accountId ? { id, region: 'custom', baseUrl: foreign.baseUrl } : null),
    apiKey: async () => 'foreign-key',
  });
  outbox.start();
  return { accountId, outbox };
}

const OURS = {
  type: 'minor',
  title: '  Checkout   down\n',
  service_ids: [2],
  updates: [{ type: 'issue', description: ' Investigating <b>now</b> & "soon"\n' }],
};
const create = (accountId: string) => ({ kind: 'statuspal', accountId, operation: 'createIncident', input: { subdomain: 'acme', incident: OURS } });

describe('the look-up against a server that keeps text and times its own way', () => {
  it('a create cut off after it was stored is found (trimmed title, escaped message, ISO times): stored once', async () => {
    server = await startForeignServer();
    const { accountId, outbox } = await openOn(server);
    server.cutNextCreate = 'after';
    const { id } = await outbox.enqueue(create(accountId));
    const report = await outbox.flush({ timeoutMs: 15_000 });
    expect(report, JSON.stringify(outbox.get(id))).toMatchObject({ settled: true, pending: 0, conflicts: 0, failed: 0 });
    expect(server.creates).toBe(1);
    expect(outbox.get(id)).toMatchObject({ state: 'sent', result: { id: server.incidents[0]!.id } });
  });

  it('a look-alike another client stored on other services is not taken for ours: ours is sent again, once', async () => {
    server = await startForeignServer();
    server.storeForeign({ ...OURS, service_ids: [1] }, 30_000);
    const { accountId, outbox } = await openOn(server);
    server.cutNextCreate = 'before';
    const { id } = await outbox.enqueue(create(accountId));
    await outbox.flush({ timeoutMs: 15_000 });
    expect(server.creates).toBe(1);
    expect(outbox.get(id)).toMatchObject({ state: 'sent', result: { id: server.incidents[0]!.id } });
    expect(server.incidents[0]).toMatchObject({ service_ids: [2] });
  });

  it('an identical one stored a minute before our send, ours cut off before it was stored: held as "needs a look", not adopted', async () => {
    server = await startForeignServer();
    const theirs = server.storeForeign(OURS, 60_000);
    const { accountId, outbox } = await openOn(server);
    server.cutNextCreate = 'before';
    const { id } = await outbox.enqueue(create(accountId));
    const report = await outbox.flush({ timeoutMs: 15_000 });
    expect(report).toMatchObject({ settled: true, conflicts: 1, needsLook: 1 });
    expect(outbox.get(id)).toMatchObject({ state: 'needs_look', lookup: { reason: 'before_send', candidates: [{ id: theirs.id }] } });
    expect(server.creates).toBe(0);
  });
});

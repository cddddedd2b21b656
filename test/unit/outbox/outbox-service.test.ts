import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors';
import { ManualNetworkSignals } from '../../../electron/core/connectivity/network-signals';
import type { OutboxEntry } from '../../../electron/core/outbox/entry';
import type { FailureDisposition, OutboxKindHandler } from '../../../electron/core/outbox/kinds';
import { OutboxService, type OutboxChange } from '../../../electron/core/outbox/outbox-service';
import { makeTempDir } from '../../support/temp-dir';

/*
 * The outbox with a kind that is not the status page: the shape the operations-delete feature will use
 * (`DELETE /v1/{name}`), with a scripted fake server. Shows the kind registry and the generic machinery
 * (durability, ordering, parallelism, retries, reconciliation flag, failures, drop) without any network.
 */
class Failure extends Error {
  constructor(readonly disposition: FailureDisposition) {
    super('scripted failure');
  }
}

interface FakeServer {
  log: { name: string; reconcile: boolean }[];
  script: Map<string, FailureDisposition[]>;
  inFlight: number;
  maxInFlight: number;
  delayMs: number;
  hasKey: boolean;
}

function deleteOperationKind(server: FakeServer): OutboxKindHandler {
  return {
    kind: 'operations.delete',
    prepare(request) {
      if (typeof request.input.name !== 'string' || !request.input.name.startsWith('projects/')) throw new AppError('invalid_input', 'name must be projects/…');
      return { resourceKey: `${request.accountId}:operation:${request.input.name}` };
    },
    serverOf: () => 'https://ops.example',
    async precheck() {
      return server.hasKey ? null : { type: 'blocked', error: { code: 'unauthorized', message: 'sign in first' } };
    },
    async send(entry: OutboxEntry) {
      server.maxInFlight = Math.max(server.maxInFlight, ++server.inFlight);
      try {
        await new Promise((r) => setTimeout(r, server.delayMs));
        const name = entry.input.name as string;
        const next = server.script.get(name)?.shift();
        if (next) throw new Failure(next);
        server.log.push({ name, reconcile: entry.reconcile === true });
        return { type: 'sent', result: { alreadyDone: false } };
      } finally {
        server.inFlight--;
      }
    },
    classify: (error) => (error instanceof Failure ? error.disposition : { type: 'permanent', error: { code: 'internal', message: 'bug' } }),
  };
}

let tmp: ReturnType<typeof makeTempDir>;
let outbox: OutboxService | undefined;
afterEach(async () => {
  await outbox?.stop({ abortAfterMs: 50 });
  outbox = undefined;
  tmp.remove();
});

function fakeServer(): FakeServer {
  return { log: [], script: new Map(), inFlight: 0, maxInFlight: 0, delayMs: 5, hasKey: true };
}

async function open(server: FakeServer) {
  return OutboxService.open({
    dataDir: tmp.dir,
    kinds: [deleteOperationKind(server)],
    signals: new ManualNetworkSignals(true),
    probe: async () => true,
    maxInFlightPerAccount: 3,
    backoff: { baseMs: 5, maxMs: 20, jitter: 0 },
  });
}

const op = (name: string, accountId = 'me') => ({
  kind: 'operations.delete',
  accountId,
  operation: 'deleteOperation',
  input: { name: `projects/p/locations/l/operations/${name}` },
});

describe('OutboxService with another kind of write', () => {
  it('sends per resource in order and across resources in parallel, up to the account maximum', async () => {
    tmp = makeTempDir('outbox-service-');
    const server = fakeServer();
    outbox = await open(server);
    for (const name of ['a', 'b', 'c', 'd', 'e', 'a']) await outbox.enqueue(op(name));
    expect(outbox.pendingCount()).toBe(6);
    outbox.start();
    expect(await outbox.flush()).toMatchObject({ settled: true, sent: 6, pending: 0 });
    expect(server.maxInFlight).toBe(3);
    expect(server.log.filter((l) => l.name.endsWith('/a'))).toHaveLength(2);
    expect(outbox.list().every((e) => e.state === 'sent')).toBe(true);
  });

  it('sends as a flush does for a caller that reads no report, and makes none', async () => {
    tmp = makeTempDir('outbox-service-');
    const server = fakeServer();
    outbox = await open(server);
    for (const name of ['a', 'b']) await outbox.enqueue(op(name));
    expect(await outbox.flush({ report: false })).toBeNull();
    expect(server.log).toHaveLength(2);
    expect(outbox.pendingCount()).toBe(0);
  });

  it('retries transient failures with backoff, reconciles after an unknown outcome, keeps permanent failures', async () => {
    tmp = makeTempDir('outbox-service-');
    const server = fakeServer();
    const retry: FailureDisposition = { type: 'retry', error: { code: 'http', message: '503', status: 503 }, ambiguous: false, offline: false };
    const unknown: FailureDisposition = { type: 'retry', error: { code: 'timeout', message: 'no answer' }, ambiguous: true, offline: false };
    const refused: FailureDisposition = { type: 'permanent', error: { code: 'forbidden', message: 'no (403)', status: 403 } };
    server.script.set('projects/p/locations/l/operations/flaky', [retry, unknown]);
    server.script.set('projects/p/locations/l/operations/refused', [refused]);
    outbox = await open(server);
    const changes: OutboxChange[] = [];
    outbox.onChange((c) => changes.push(c));
    const flaky = await outbox.enqueue(op('flaky'));
    const bad = await outbox.enqueue(op('refused'));
    outbox.start();
    expect(await outbox.flush()).toMatchObject({ failed: 1, pending: 0 });
    expect(outbox.get(flaky.id)).toMatchObject({ state: 'sent', attempts: 3 });
    expect(server.log).toEqual([{ name: 'projects/p/locations/l/operations/flaky', reconcile: true }]);
    expect(outbox.get(bad.id)).toMatchObject({ state: 'failed', lastError: { code: 'forbidden', status: 403 } });
    expect(changes.some((c) => c.type === 'status' && c.status.failed === 1)).toBe(true);
    expect(changes.filter((c) => c.type === 'entry' && c.entry.id === flaky.id).map((c) => (c.type === 'entry' ? c.entry.state : ''))).toContain('in_flight');

    await outbox.retry(bad.id);
    await outbox.flush();
    expect(outbox.get(bad.id)?.state).toBe('sent');
    await expect(outbox.retry(bad.id)).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('waits without a key, validates through the kind, drops, and refuses a second owner', async () => {
    tmp = makeTempDir('outbox-service-');
    const server = fakeServer();
    server.hasKey = false;
    outbox = await open(server);
    await expect(outbox.enqueue({ ...op('x'), input: { name: 'nope' } })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(outbox.enqueue({ ...op('x'), kind: 'unknown' })).rejects.toMatchObject({ code: 'invalid_input' });
    const waiting = await outbox.enqueue(op('x'));
    outbox.start();
    expect(await outbox.flush()).toMatchObject({ pending: 1, waiting: { no_key: 1 } });
    expect(outbox.get(waiting.id)).toMatchObject({ attempts: 0, lastError: { message: 'sign in first' } });
    await expect(OutboxService.open({ dataDir: tmp.dir, kinds: [] })).rejects.toMatchObject({ code: 'conflict' });
    await outbox.drop(waiting.id);
    expect(outbox.list()).toEqual([]);
    await expect(outbox.drop(waiting.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('keeps entries of a kind this version cannot send, and never sends them', async () => {
    tmp = makeTempDir('outbox-service-');
    const server = fakeServer();
    outbox = await open(server);
    await outbox.enqueue(op('kept'));
    await outbox.stop();
    outbox = await OutboxService.open({ dataDir: tmp.dir, kinds: [], signals: new ManualNetworkSignals(true) });
    outbox.start();
    const report = await outbox.flush();
    expect(report).toMatchObject({ settled: true, pending: 1 });
    expect(outbox.list()).toHaveLength(1);
    expect(server.log).toEqual([]);
  });
});

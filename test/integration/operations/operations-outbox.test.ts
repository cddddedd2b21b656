import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppCore } from '../../../electron/core/app-core';
import { startOperationsSimulator, type OperationsSimulator } from '../../../simulators/operations';
import { KeychainSecretStore } from '../../../electron/core/vault/keychain-store';
import { KeyVault } from '../../../electron/core/vault/key-vault';
import type { ForgetResult } from '../../../shared/operations/forget-result';
import {
  OPERATIONS_OUTBOX_ACCOUNT,
  OPERATIONS_OUTBOX_KIND,
  OPERATIONS_OUTBOX_OPERATION,
  QUEUED_MESSAGE,
  type QueuedForgetResult,
} from '../../../shared/operations/queued-forget';
import { makeTempDir } from '../../support/temp-dir';
import { switchableService, type SwitchableService } from './support/switchable-service';

/*
 * Forgets while the operations service cannot be reached: the panel's request queues them in the outbox, the
 * outbox's `operations.delete` kind sends them once the service answers again, the history records the final
 * result and the window hears it. The whole app core, the real simulator, and a real refused connection.
 */
const op = (id: string) => `projects/demo/locations/global/operations/${id}`;
const APP = 'app://statusdesk';
const main = { url: `${APP}/index.html`, isMainFrame: true };
const keychain = new KeychainSecretStore({ service: `Statusdesk-test-${randomUUID()}` });

let sim: OperationsSimulator;
let service: SwitchableService;
let temp: ReturnType<typeof makeTempDir>;
let core: AppCore | undefined;
let settled: QueuedForgetResult[];

beforeEach(async () => {
  sim = await startOperationsSimulator({ operations: ['a', 'b', 'c', 'd'].map(op) });
  service = await switchableService(sim.baseUrl);
  temp = makeTempDir('statusdesk-ops-outbox-');
  settled = [];
});
afterEach(async () => {
  await core?.dispose();
  core = undefined;
  await service.close();
  await sim.close();
  temp.remove();
});

async function startCore(baseUrl: string): Promise<AppCore> {
  core = new AppCore({ dataDir: temp.dir, vault: new KeyVault(keychain), version: '0', appOrigins: [APP] });
  core.events.connect((channel, payload) => {
    if (channel === 'operations.onQueuedResult') settled.push(payload as QueuedForgetResult);
  });
  await core.start();
  expect(await core.dispatcher.dispatch('operations.setSettings', { baseUrl }, main)).toMatchObject({ ok: true });
  return core;
}

async function ask<T>(app: AppCore, channel: string, request?: unknown): Promise<T> {
  const answer = await app.dispatcher.dispatch(channel, request, main);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.code}: ${answer.error.message}`);
  return answer.value as T;
}

const queuedEntries = async (app: AppCore) => (await app.outbox.service()).list().filter((e) => e.kind === OPERATIONS_OUTBOX_KIND);
const resultFor = (name: string) => settled.find((s) => s.result.name === name)?.result;

describe('forgets queued in the outbox while the operations service is unreachable', () => {
  it('queues while the service is down and sends each name exactly once when it is back', async () => {
    const app = await startCore(service.baseUrl);
    await ask(app, 'operations.pasteToken', { token: sim.issueAccessToken() });
    await service.down();

    const first = await ask<{ results: ForgetResult[] }>(app, 'operations.forget', { names: [op('a'), 'projects/x', op('b'), op('missing')] });
    expect(first.results).toMatchObject([
      { name: op('a'), outcome: 'queued', message: QUEUED_MESSAGE, outboxId: expect.any(String) },
      { name: 'projects/x', outcome: 'failed', code: 'invalid_input' },
      { name: op('b'), outcome: 'queued' },
      { name: op('missing'), outcome: 'queued' },
    ]);
    // Nothing reached the service, and nothing is history until it has been sent.
    expect(sim.requests('delete')).toEqual([]);
    expect((await ask<{ entries: unknown[] }>(app, 'operations.history')).entries).toEqual([]);

    // The outbox now knows the service is down: the next batch is queued without trying, and a name already
    // waiting is not queued twice.
    const outbox = await app.outbox.service();
    expect(outbox.connectivity.isReachable(service.baseUrl)).toBe(false);
    const startedAt = Date.now();
    const second = await ask<{ results: ForgetResult[] }>(app, 'operations.forget', { names: [op('a'), op('c')] });
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    expect(second.results).toMatchObject([
      { name: op('a'), outcome: 'queued', outboxId: first.results[0]!.outboxId },
      { name: op('c'), outcome: 'queued' },
    ]);

    const entries = await queuedEntries(app);
    expect(entries).toHaveLength(4);
    expect(entries.find((e) => e.id === first.results[0]!.outboxId)).toMatchObject({
      accountId: OPERATIONS_OUTBOX_ACCOUNT,
      operation: OPERATIONS_OUTBOX_OPERATION,
      server: { baseUrl: service.baseUrl },
      input: { name: op('a') },
      resourceKey: `operations:${service.baseUrl}:${op('a')}`,
      state: 'pending',
      // The outbox heard the service was down before the entry arrived: it has not tried it yet.
      attempts: 0,
    });
    expect(JSON.stringify(entries)).not.toMatch(/token/i);

    // Back: the outbox's probe finds it and sends on its own.
    await service.up();
    await vi.waitFor(() => expect(settled).toHaveLength(4), { timeout: 20_000, interval: 100 });
    expect(resultFor(op('a'))).toMatchObject({ outcome: 'forgotten' });
    expect(resultFor(op('b'))).toMatchObject({ outcome: 'forgotten' });
    expect(resultFor(op('c'))).toMatchObject({ outcome: 'forgotten' });
    // A 404 on a first attempt is a wrong name, not "already gone": it fails for good, with the reason.
    expect(resultFor(op('missing'))).toMatchObject({
      outcome: 'failed',
      code: 'not_found',
      status: 404,
      message: expect.stringContaining('No such operation'),
    });
    expect(settled.find((s) => s.result.name === op('a'))?.outboxId).toBe(first.results[0]!.outboxId);

    // The outbox probed with the kind's own probe (a bare GET of the address, no token), not GET /hello.
    const probes = sim.requests('other');
    expect(probes.length).toBeGreaterThan(0);
    expect(probes.every((r) => r.method === 'GET' && r.path === '/' && r.auth === undefined)).toBe(true);

    const deletes = sim
      .requests('delete')
      .map((r) => r.name)
      .sort();
    expect(deletes).toEqual([op('a'), op('b'), op('c'), op('missing')].sort());
    expect(sim.operations()).toEqual([op('d')]);

    const history = (await ask<{ entries: Array<{ name: string; outcome: string; baseUrl: string; source: string }> }>(app, 'operations.history')).entries;
    expect(history.map((e) => [e.name, e.outcome]).sort()).toEqual(
      [
        [op('a'), 'forgotten'],
        [op('b'), 'forgotten'],
        [op('c'), 'forgotten'],
        [op('missing'), 'failed'],
      ].sort(),
    );
    expect(history.every((e) => e.baseUrl === service.baseUrl && e.source === 'pasted')).toBe(true);

    await vi.waitFor(async () => expect((await queuedEntries(app)).map((e) => e.state).sort()).toEqual(['failed', 'sent', 'sent', 'sent']));
    const failed = (await queuedEntries(app)).find((e) => e.state === 'failed');
    expect(failed).toMatchObject({ input: { name: op('missing') }, lastError: { code: 'not_found', status: 404 } });
  });

  it('a service without the delete method: the queued name fails for good with the UNIMPLEMENTED reason', async () => {
    const app = await startCore(service.baseUrl);
    await ask(app, 'operations.pasteToken', { token: sim.issueAccessToken() });
    await service.down();
    const { results } = await ask<{ results: ForgetResult[] }>(app, 'operations.forget', { names: [op('a')] });
    expect(results).toMatchObject([{ outcome: 'queued' }]);

    sim.setMode('unimplemented');
    await service.up();
    // "Send now": probes at once instead of waiting for the next probe.
    const report = await ask<{ failed: number; pending: number }>(app, 'outbox.flush');
    expect(report).toMatchObject({ failed: 1, pending: 0 });

    const [entry] = await queuedEntries(app);
    expect(entry).toMatchObject({ state: 'failed', attempts: 1, lastError: { code: 'unsupported', status: 501 } });
    expect(entry!.lastError!.message).toContain(
      'This server does not support deleting (forgetting) long-running operations (UNIMPLEMENTED: Operation deletion is not implemented by this service.)',
    );
    expect(sim.requests('delete').map((r) => [r.name, r.status])).toEqual([[op('a'), 501]]);
    expect(settled).toMatchObject([{ outboxId: entry!.id, result: { name: op('a'), outcome: 'failed', code: 'unsupported' } }]);
    expect((await ask<{ entries: unknown[] }>(app, 'operations.history')).entries).toMatchObject([{ name: op('a'), outcome: 'failed', code: 'unsupported' }]);
    expect(sim.operations()).toContain(op('a'));
  });

  it('waits for a token, then an unknown outcome followed by a 404 counts as already forgotten', async () => {
    const app = await startCore(sim.baseUrl);
    const write = (input: Record<string, unknown>, baseUrl = sim.baseUrl) => ({
      kind: OPERATIONS_OUTBOX_KIND,
      accountId: OPERATIONS_OUTBOX_ACCOUNT,
      server: { baseUrl, keyFrom: 'account' as const },
      operation: OPERATIONS_OUTBOX_OPERATION,
      input,
    });
    // The window cannot name a server at all: where a write goes is the main process's to say.
    expect(await app.dispatcher.dispatch('outbox.enqueue', write({ name: op('a') }), main)).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringContaining('server') },
    });
    // The main process queues them (operations.forget does, when the service cannot be reached).
    const enqueue = async (input: Record<string, unknown>, baseUrl = sim.baseUrl) => {
      try {
        return { ok: true, value: await (await app.outbox.service()).enqueue(write(input, baseUrl)) };
      } catch (error) {
        return { ok: false, error: { code: (error as { code?: string }).code, message: (error as Error).message } };
      }
    };
    // The kind checks what it is given: a real name, and only the configured service gets the token.
    expect(await enqueue({ name: 'projects/p/operations/x' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await enqueue({ name: op('a') }, 'https://elsewhere.example')).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringContaining('configured operations service') },
    });

    const queued = await enqueue({ name: op('a') });
    expect(queued).toMatchObject({ ok: true, value: { state: 'pending' } });
    const id = (queued as { value: { id: string } }).value.id;

    // No token source at all: the entry waits rather than fails, and nothing is sent.
    expect(await ask(app, 'outbox.flush')).toMatchObject({ pending: 1, failed: 0, waiting: { no_key: 1 } });
    expect((await app.outbox.service()).get(id)).toMatchObject({
      state: 'pending',
      attempts: 0,
      lastError: { code: 'unauthorized', message: expect.stringMatching(/^No access token/) },
    });
    expect(sim.requests('delete')).toEqual([]);

    // The first DELETE is applied but its answer is lost; pasting a token wakes the entry.
    sim.setFaults([{ kind: 'reset', applied: true }]);
    await ask(app, 'operations.pasteToken', { token: sim.issueAccessToken() });
    await vi.waitFor(() => expect(settled).toHaveLength(1), { timeout: 15_000, interval: 50 });

    expect(settled[0]).toMatchObject({ outboxId: id, result: { name: op('a'), outcome: 'already_gone', status: 404 } });
    expect(sim.requests('delete').map((r) => r.status)).toEqual(['reset', 404]);
    expect((await app.outbox.service()).get(id)).toMatchObject({ state: 'sent', attempts: 2, result: { alreadyDone: true } });
    expect((await ask<{ entries: unknown[] }>(app, 'operations.history')).entries).toMatchObject([{ name: op('a'), outcome: 'already_gone' }]);
  });
});

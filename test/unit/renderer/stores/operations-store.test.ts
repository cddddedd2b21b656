import { createTestingPinia } from '@pinia/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ForgetResult } from '../../../../shared/operations/forget-result';
import { OPERATIONS_OUTBOX_KIND } from '../../../../shared/operations/queued-forget';
import { useOperationsStore } from '../../../../renderer/src/stores/operations';
import { useOutboxStore } from '../../../../renderer/src/stores/outbox';
import { installFakeApi, ok } from '../support/fake-api';
import { outboxEntry, uuid } from '../support/fixtures';

/* Forgetting operations: one row per line, settled by the batch's answer, its progress and the outbox's later results. */

const op = (id: string) => `projects/p1/locations/us-central1/operations/${id}`;
const testingPinia = () => createTestingPinia({ stubActions: false, createSpy: vi.fn });
const queuedForget = (n: number, state: 'pending' | 'failed' | 'sent') => outboxEntry(n, state, { kind: OPERATIONS_OUTBOX_KIND, operation: 'deleteOperation' });

afterEach(() => vi.unstubAllGlobals());

describe('operations store', () => {
  it('refuses malformed lines without sending them and sends the rest in one batch', async () => {
    const fake = installFakeApi({
      operations: {
        forget: (request) => ok({ results: request!.names.map((name): ForgetResult => ({ name, outcome: 'forgotten', message: 'Forgotten.' })) }),
        history: () => ok({ entries: [] }),
      },
    });
    testingPinia();
    const operations = useOperationsStore();
    operations.draft = [op('a'), 'operations/123', op('b')].join('\n');
    await operations.forget();
    expect(fake.calls[0]).toEqual({ channel: 'operations.forget', request: { names: [op('a'), op('b')], requestId: expect.any(String) } });
    expect(operations.rows.map((r) => [r.line, r.state])).toEqual([
      [1, 'done'],
      [2, 'not_sent'],
      [3, 'done'],
    ]);
    expect(operations.summary).toMatchObject({ forgotten: 2, not_sent: 1, pending: 0 });
    expect(operations.forgetting).toBe(false);
  });

  it("takes progress of its own batch only, and a queued name's final result later", async () => {
    let answerBatch: (results: ForgetResult[]) => void = () => undefined;
    const fake = installFakeApi({
      operations: {
        forget: () => new Promise((resolve) => (answerBatch = (results) => resolve({ ok: true, value: { results } }))),
        history: () => ok({ entries: [] }),
      },
    });
    testingPinia();
    const operations = useOperationsStore();
    const stop = operations.listen();
    operations.draft = [op('a'), op('b')].join('\n');
    const forgetting = operations.forget();
    const requestId = (fake.calls[0]!.request as { requestId: string }).requestId;

    const queued: ForgetResult = { name: op('b'), outcome: 'queued', message: 'Queued.', outboxId: uuid(5) };
    fake.emit('operations', 'onProgress', {
      requestId: 'another window',
      done: 1,
      total: 1,
      result: { name: op('a'), outcome: 'failed', message: 'Not mine.' },
    });
    fake.emit('operations', 'onProgress', { requestId, done: 1, total: 2, result: { name: op('a'), outcome: 'forgotten', message: 'Forgotten.' } });
    expect(operations.summary).toMatchObject({ forgotten: 1, pending: 1, failed: 0 });

    answerBatch([{ name: op('a'), outcome: 'forgotten', message: 'Forgotten.' }, queued]);
    await forgetting;
    expect(operations.summary).toMatchObject({ forgotten: 1, queued: 1 });

    fake.emit('operations', 'onQueuedResult', { outboxId: uuid(5), result: { name: op('b'), outcome: 'forgotten', message: 'Forgotten later.' } });
    expect(operations.summary).toMatchObject({ forgotten: 2, queued: 0 });
    stop();
    expect(fake.listenerCount('operations', 'onProgress')).toBe(0);
  });

  it("keeps the waiting line to the outbox's forgets that are not sent", () => {
    installFakeApi();
    testingPinia();
    const operations = useOperationsStore();
    const outbox = useOutboxStore();
    const stop = operations.listen();
    outbox.apply({ type: 'entry', entry: queuedForget(2, 'pending') });
    outbox.apply({ type: 'entry', entry: queuedForget(1, 'failed') });
    outbox.apply({ type: 'entry', entry: outboxEntry(3, 'pending') });
    expect(operations.queued.map((e) => e.seq)).toEqual([1, 2]);
    expect([operations.queuedWaiting, operations.queuedFailed]).toEqual([1, 1]);

    outbox.apply({ type: 'entry', entry: queuedForget(2, 'sent') });
    outbox.apply({ type: 'removed', id: uuid(1) });
    expect(operations.queued).toEqual([]);
    stop();
    outbox.apply({ type: 'entry', entry: queuedForget(4, 'pending') });
    expect(operations.queued).toEqual([]);
  });
});

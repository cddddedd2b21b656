import { createTestingPinia } from '@pinia/testing';
import { setActivePinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntryView } from '../../../../shared/outbox/entry-view';
import type { OutboxStatus } from '../../../../shared/outbox/status';
import { onOutboxChange, useOutboxStore } from '../../../../renderer/src/stores/outbox';
import { installFakeApi, ok } from '../support/fake-api';
import { outboxEntry, uuid } from '../support/fixtures';

/* The window's copy of the outbox: counts for the badge and banner, changes pushed by the core, and who hears of them. */

const ids = [uuid(1), uuid(2), uuid(3)] as const;
const entry = (id: string, state: OutboxEntryView['state'], seq: number) => outboxEntry(seq, state, { id });

function status(
  counts: Partial<Pick<OutboxStatus, 'pending' | 'inFlight' | 'failed' | 'conflicts' | 'sent'>>,
  overall: 'online' | 'partial' | 'offline' = 'online',
): OutboxStatus {
  return {
    pending: 0,
    inFlight: 0,
    failed: 0,
    conflicts: 0,
    sent: 0,
    ...counts,
    connectivity: { network: overall !== 'offline', overall, servers: [] },
  };
}

const testingPinia = () => createTestingPinia({ stubActions: false, createSpy: vi.fn });

afterEach(() => vi.unstubAllGlobals());

describe('outbox store', () => {
  it('counts from the entries until the core sends its status, then from the status', () => {
    installFakeApi();
    testingPinia();
    const outbox = useOutboxStore();
    expect(outbox.unsentCount).toBe(0);
    outbox.entries = [entry(ids[0], 'pending', 1), entry(ids[1], 'failed', 2), entry(ids[2], 'conflict', 3)];
    expect(outbox.unsentCount).toBe(3);
    expect(outbox.needsAttention).toBe(2);
    expect(outbox.connectivity).toBe('online');

    outbox.apply({ type: 'status', status: status({ pending: 4, inFlight: 1, failed: 2, conflicts: 1, sent: 9 }, 'partial') });
    expect(outbox.unsentCount).toBe(8);
    expect(outbox.needsAttention).toBe(3);
    expect(outbox.connectivity).toBe('partial');
  });

  it('keeps each pushed change: a new entry, a new copy of one, a removed one', async () => {
    const fake = installFakeApi({ outbox: { list: () => ok([]), status: () => ok(status({})) } });
    testingPinia();
    const outbox = useOutboxStore();
    await outbox.start();
    fake.emit('outbox', 'onChange', { type: 'entry', entry: entry(ids[0], 'pending', 1) });
    fake.emit('outbox', 'onChange', { type: 'entry', entry: entry(ids[1], 'pending', 2) });
    fake.emit('outbox', 'onChange', { type: 'entry', entry: { ...entry(ids[0], 'failed', 1), attempts: 3 } });
    fake.emit('outbox', 'onChange', { type: 'removed', id: ids[1] });
    expect(outbox.entries).toEqual([{ ...entry(ids[0], 'failed', 1), attempts: 3 }]);
    expect(outbox.byId(ids[0])?.state).toBe('failed');
  });

  it('subscribes to the core once however often it is started', async () => {
    const fake = installFakeApi({ outbox: { list: () => ok([]), status: () => ok(status({})) } });
    testingPinia();
    const outbox = useOutboxStore();
    await outbox.start();
    await outbox.start();
    outbox.listen();
    expect(fake.listenerCount('outbox', 'onChange')).toBe(1);
    expect(fake.calls.filter((c) => c.channel === 'outbox.list')).toHaveLength(1);
  });

  it('an entry pushed while the list is on its way is newer than the list', async () => {
    let answerList: (entries: OutboxEntryView[]) => void = () => undefined;
    const fake = installFakeApi({
      outbox: {
        list: () => new Promise((resolve) => (answerList = (entries) => resolve({ ok: true, value: entries }))),
        status: () => ok(status({})),
      },
    });
    testingPinia();
    const outbox = useOutboxStore();
    const started = outbox.start();
    fake.emit('outbox', 'onChange', { type: 'entry', entry: entry(ids[0], 'sent', 1) });
    fake.emit('outbox', 'onChange', { type: 'entry', entry: entry(ids[1], 'pending', 2) });
    answerList([entry(ids[0], 'in_flight', 1)]);
    await started;
    expect(outbox.entries.map((e) => [e.id, e.state])).toEqual([
      [ids[0], 'sent'],
      [ids[1], 'pending'],
    ]);
  });

  it('announces an entry once when it becomes sent, with the moment it was seen', async () => {
    const fake = installFakeApi({ outbox: { list: () => ok([]), status: () => ok(status({})) } });
    testingPinia();
    const outbox = useOutboxStore();
    await outbox.start();
    const sent: string[] = [];
    const stop = outbox.onSent((e) => sent.push(e.id));
    fake.emit('outbox', 'onChange', { type: 'entry', entry: entry(ids[0], 'in_flight', 1) });
    fake.emit('outbox', 'onChange', { type: 'entry', entry: entry(ids[0], 'sent', 1) });
    fake.emit('outbox', 'onChange', { type: 'entry', entry: { ...entry(ids[0], 'sent', 1), result: { id: 42 } } });
    expect(sent).toEqual([ids[0]]);
    expect(outbox.sentAt[ids[0]]).toBeGreaterThan(0);
    stop();
    fake.emit('outbox', 'onChange', { type: 'entry', entry: entry(ids[1], 'sent', 2) });
    expect(sent).toEqual([ids[0]]);
  });

  it('shows a queued write at once, before the core pushes it', async () => {
    installFakeApi({ outbox: { enqueue: () => ok({ id: ids[2], state: 'pending', resourceKey: 'acc-1:incident:tmp-x', tempId: 'tmp-x' }) } });
    testingPinia();
    const outbox = useOutboxStore();
    outbox.entries = [entry(ids[0], 'sent', 7)];
    await outbox.enqueue({ accountId: 'acc-1', operation: 'createIncident', input: { subdomain: 'acme' } });
    expect(outbox.byId(ids[2])).toMatchObject({ state: 'pending', kind: 'statuspal', tempId: 'tmp-x', seq: 8, dependsOn: [] });
    expect(outbox.unsentCount).toBe(1);
  });

  it("one window's listeners hear only that window's outbox (nothing kept outside the store)", async () => {
    const fake = installFakeApi({ outbox: { list: () => ok([]), status: () => ok(status({})) } });
    const first = testingPinia();
    const heardByFirst: string[] = [];
    onOutboxChange((change) => heardByFirst.push(change.type));

    testingPinia();
    const second = useOutboxStore();
    await second.start();
    fake.emit('outbox', 'onChange', { type: 'removed', id: ids[0] });
    expect(heardByFirst).toEqual([]);

    setActivePinia(first);
    await useOutboxStore().start();
    fake.emit('outbox', 'onChange', { type: 'removed', id: ids[0] });
    expect(heardByFirst).toEqual(['removed']);
  });

  it('applies each change to the entries it names, never a pass over all of them: one read per changed entry after the first index', async () => {
    const fake = installFakeApi({ outbox: { list: () => ok([]), status: () => ok(status({})) } });
    testingPinia();
    const outbox = useOutboxStore();
    await outbox.start();
    let reads = 0;
    const list = Array.from({ length: 10_000 }, (_, i) => outboxEntry(i + 1, 'pending'));
    outbox.entries = new Proxy(list, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    fake.emit('outbox', 'onChange', { type: 'entry', entry: outboxEntry(1, 'in_flight') }); // builds the index once
    reads = 0;
    fake.emit('outbox', 'onChange', { type: 'entry', entry: outboxEntry(9_999, 'in_flight') });
    fake.emit('outbox', 'onChange', { type: 'entry', entry: outboxEntry(10_001, 'pending') });
    fake.emit('outbox', 'onChange', { type: 'added', entries: [outboxEntry(10_002, 'pending'), outboxEntry(10_003, 'pending')] });
    expect(outbox.byId(uuid(9_999))?.state).toBe('in_flight');
    expect(reads).toBeLessThanOrEqual(5);
    expect(outbox.entries).toHaveLength(10_003);
  });

  it('a batch queued in one call is one change: shown at once in queue order, then replaced by the core’s copies', async () => {
    const fake = installFakeApi({
      outbox: {
        list: () => ok([]),
        status: () => ok(status({})),
        enqueueMany: ({ writes }) => ok(writes.map((_, i) => ({ id: uuid(100 + i), state: 'pending' as const, resourceKey: 'metric:1' }))),
      },
    });
    testingPinia();
    const outbox = useOutboxStore();
    await outbox.start();
    outbox.entries = [entry(ids[0], 'sent', 7)];
    const heard: string[] = [];
    const entriesHeard: string[] = [];
    outbox.onChange((change) => heard.push(change.type));
    outbox.onEntry((e) => entriesHeard.push(e.id));
    const write = (time: number) => ({ accountId: 'acc-1', operation: 'addMetricEntry', input: { subdomain: 'acme', metricId: 1, entry: { time, value: 1 } } });
    await outbox.enqueueMany([write(1), write(2), write(3)]);
    expect(outbox.entries.map((e) => [e.id, e.seq])).toEqual([
      [ids[0], 7],
      [uuid(100), 8],
      [uuid(101), 9],
      [uuid(102), 10],
    ]);
    fake.emit('outbox', 'onChange', { type: 'added', entries: [0, 1, 2].map((i) => outboxEntry(100 + i, 'pending', { seq: 20 + i })) });
    expect(heard).toEqual(['added']);
    expect(entriesHeard).toEqual([uuid(100), uuid(101), uuid(102)]);
    expect(outbox.entries.map((e) => e.seq)).toEqual([7, 20, 21, 22]);
    expect(outbox.unsentCount).toBe(0); // from the status, which the core sends on its own
  });

  it('drops the sent entries the core’s compaction forgot, and what it knew of them; the others keep their places', async () => {
    const fake = installFakeApi({ outbox: { list: () => ok([]), status: () => ok(status({})) } });
    testingPinia();
    const outbox = useOutboxStore();
    await outbox.start();
    for (let n = 1; n <= 6; n++) fake.emit('outbox', 'onChange', { type: 'entry', entry: outboxEntry(n, n <= 3 ? 'sent' : 'pending') });
    expect(Object.keys(outbox.sentAt)).toHaveLength(3);
    fake.emit('outbox', 'onChange', { type: 'forgotten', ids: [uuid(1), uuid(3), uuid(99)] });
    fake.emit('outbox', 'onChange', { type: 'removed', id: uuid(5) });
    expect(outbox.entries.map((e) => e.seq)).toEqual([2, 4, 6]);
    expect(Object.keys(outbox.sentAt)).toEqual([uuid(2)]);
    expect([outbox.byId(uuid(6))?.seq, outbox.byId(uuid(4))?.seq, outbox.byId(uuid(1))]).toEqual([6, 4, undefined]);
    fake.emit('outbox', 'onChange', { type: 'entry', entry: outboxEntry(6, 'sent') });
    expect(outbox.entries.map((e) => e.state)).toEqual(['sent', 'pending', 'sent']);
  });
});

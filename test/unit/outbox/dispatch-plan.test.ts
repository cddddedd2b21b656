import { describe, expect, it } from 'vitest';
import { planDispatch } from '../../../electron/core/outbox/dispatch-plan';
import type { PlanInput } from '../../../electron/core/outbox/plan-input';
import type { EntryHeader, OutboxEntry } from '../../../electron/core/outbox/entry';

let seq = 0;
function entry(id: string, resourceKey: string, extra: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    id,
    seq: ++seq,
    kind: 'k',
    accountId: 'a',
    operation: 'op',
    input: {},
    resourceKey,
    dependsOn: [],
    createdAt: '',
    attempts: 0,
    state: 'pending',
    ...extra,
  };
}

function plan(entries: OutboxEntry[], extra: Partial<PlanInput> = {}) {
  return planDispatch({
    entries,
    running: new Set(),
    runningPerAccount: new Map(),
    maxPerAccount: 8,
    now: 1_000,
    nextAttemptAt: new Map(),
    pausedUntil: new Map(),
    blocked: new Set(),
    reachable: () => true,
    exclusivityKey: () => null,
    runningByExclusivity: new Map(),
    ...extra,
  });
}

const ids = (p: ReturnType<typeof plan>) => p.start.map((e) => e.id);

describe('dispatch plan', () => {
  it('sends one write at a time to a server that has not answered yet (an offline command learns it once), in parallel once it has', () => {
    const writes = [
      entry('a1', 'A', { accountId: 'x' }),
      entry('b1', 'B', { accountId: 'x' }),
      entry('c1', 'C', { accountId: 'y' }),
      entry('d1', 'D', { accountId: 'y' }),
    ];
    const serverOf = (e: EntryHeader) => (e.accountId === 'x' ? 'https://x.example' : 'https://y.example');
    const unknown = plan(writes, { unproven: serverOf });
    expect(ids(unknown)).toEqual(['a1', 'c1']);
    expect(unknown.waiting.get('b1')).toBe('concurrency');
    const scouting = plan(writes.slice(2), { unproven: serverOf, running: new Set(['c1']), runningPerServer: new Map([['https://y.example', 1]]) });
    expect(ids(scouting)).toEqual([]);
    expect(ids(plan(writes, { unproven: () => null }))).toEqual(['a1', 'b1', 'c1', 'd1']);
  });

  it('starts only the oldest unsent entry of each resource; others wait in order', () => {
    const p = plan([entry('a1', 'A'), entry('a2', 'A'), entry('b1', 'B'), entry('a3', 'A')]);
    expect(ids(p)).toEqual(['a1', 'b1']);
    expect(p.waiting.get('a2')).toBe('order');
    expect(ids(plan([entry('x', 'A', { state: 'sent' }), entry('y', 'A')]))).toEqual(['y']);
  });

  it('lets a failed or conflicting entry hold its resource, and a running one too', () => {
    const failed = plan([entry('a1', 'A', { state: 'failed' }), entry('a2', 'A'), entry('b1', 'B', { state: 'conflict' }), entry('b2', 'B')]);
    expect(ids(failed)).toEqual([]);
    expect(failed.waiting.get('a2')).toBe('order');
    const running = plan([entry('a1', 'A'), entry('a2', 'A')], { running: new Set(['a1']) });
    expect(ids(running)).toEqual([]);
  });

  it("starts a metric's points (pipelined) one after the other without waiting for answers, up to the account's limit", () => {
    const metric = (id: string, extra: Partial<OutboxEntry> = {}) => entry(id, 'M', { operation: 'point', ...extra });
    const pipelined = (e: EntryHeader) => e.operation === 'point';
    const points = Array.from({ length: 10 }, (_, i) => metric(`m${i}`));
    const p = plan(points, { pipelined, maxPerAccount: 4 });
    expect(ids(p)).toEqual(['m0', 'm1', 'm2', 'm3']);
    expect(p.waiting.get('m4')).toBe('concurrency');
    expect(p.waiting.get('m5')).toBe('order');
    // In flight (started by an earlier pass, or marked so in the file) the key stays open to the points behind.
    const later = plan(points, { pipelined, running: new Set(['m0', 'm1']), runningPerAccount: new Map([['a', 2]]), maxPerAccount: 4 });
    expect(ids(later)).toEqual(['m2', 'm3']);
    const marked = plan([metric('x', { state: 'in_flight' }), metric('y')], { pipelined });
    expect(ids(marked)).toEqual(['y']);
  });

  it('holds the points behind a point that cannot go (backoff, failed) and never pipelines other writes', () => {
    const pipelined = (e: EntryHeader) => e.operation === 'point';
    const backoff = plan([entry('m0', 'M', { operation: 'point' }), entry('m1', 'M', { operation: 'point' }), entry('m2', 'M', { operation: 'point' })], {
      pipelined,
      running: new Set(['m0']),
      nextAttemptAt: new Map([['m1', 5_000]]),
    });
    expect(ids(backoff)).toEqual([]);
    expect(backoff.waiting.get('m1')).toBe('backoff');
    expect(backoff.waiting.get('m2')).toBe('order');
    const failed = plan([entry('f', 'M', { operation: 'point', state: 'failed' }), entry('g', 'M', { operation: 'point' })], { pipelined });
    expect(ids(failed)).toEqual([]);
    const mixed = plan([entry('p', 'M', { operation: 'point' }), entry('e', 'M', { operation: 'edit' }), entry('q', 'M', { operation: 'point' })], {
      pipelined,
    });
    expect(ids(mixed)).toEqual(['p']);
    expect(mixed.waiting.get('e')).toBe('order');
    expect(mixed.waiting.get('q')).toBe('order');
    expect(ids(plan([entry('a', 'A'), entry('b', 'A')], { pipelined: () => false }))).toEqual(['a']);
  });

  it('waits for dependencies to be sent; unknown ids count as sent (compacted)', () => {
    const dep = entry('d', 'D', { state: 'failed' });
    const p = plan([dep, entry('x', 'X', { dependsOn: ['d'] }), entry('y', 'Y', { dependsOn: ['gone'] })]);
    expect(ids(p)).toEqual(['y']);
    expect(p.waiting.get('x')).toBe('dependency');
  });

  it('caps writes in flight per account, across resources', () => {
    const many = Array.from({ length: 12 }, (_, i) => entry(`e${i}`, `R${i}`));
    expect(ids(plan(many))).toHaveLength(8);
    const p = plan(many, { runningPerAccount: new Map([['a', 6]]) });
    expect(ids(p)).toEqual(['e0', 'e1']);
    expect(p.waiting.get('e2')).toBe('concurrency');
    expect(ids(plan([...many, entry('other', 'O', { accountId: 'b' })], { runningPerAccount: new Map([['a', 8]]) }))).toEqual(['other']);
  });

  it('holds entries for offline servers, paused accounts, backoff and missing keys; wakes at the earliest time', () => {
    const p = plan([entry('off', 'A'), entry('paused', 'B', { accountId: 'p' }), entry('later', 'C'), entry('nokey', 'D'), entry('go', 'E')], {
      reachable: (e) => e.id !== 'off',
      pausedUntil: new Map([['p', 3_000]]),
      nextAttemptAt: new Map([['later', 2_000]]),
      blocked: new Set(['nokey']),
    });
    expect(ids(p)).toEqual(['go']);
    expect(Object.fromEntries(['off', 'paused', 'later', 'nokey', 'go'].map((id) => [id, p.waiting.get(id)]))).toEqual({
      off: 'offline',
      paused: 'rate_limited',
      later: 'backoff',
      nokey: 'no_key',
      go: undefined,
    });
    expect(p.wakeAt).toBe(2_000);
  });

  it('runs an entry that must reconcile alone among entries of its exclusivity key', () => {
    const key = () => 'creates';
    const p = plan([entry('r', 'A', { reconcile: true }), entry('c1', 'B'), entry('c2', 'C')], { exclusivityKey: key });
    expect(ids(p)).toEqual(['r']);
    const q = plan([entry('c1', 'B'), entry('r', 'A', { reconcile: true }), entry('c2', 'C')], { exclusivityKey: key });
    expect(ids(q)).toEqual(['c1']); // r waits for c1; c2 waits behind r
    const busy = plan([entry('r', 'A', { reconcile: true }), entry('c3', 'D')], {
      exclusivityKey: key,
      runningByExclusivity: new Map([['creates', { exclusive: 0, shared: 1 }]]),
    });
    expect(ids(busy)).toEqual([]); // c3 does not overtake the waiting reconciliation
  });
});

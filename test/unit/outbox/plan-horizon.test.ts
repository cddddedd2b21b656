import { describe, expect, it } from 'vitest';
import { planDispatch } from '../../../electron/core/outbox/dispatch-plan';
import type { PlanHorizon, PlanInput } from '../../../electron/core/outbox/plan-input';
import type { OutboxEntry } from '../../../electron/core/outbox/entry';

/** A small deterministic generator, so a failing queue can be found again. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const SERVERS = ['https://up.example', 'https://down.example', 'https://new.example', 'https://new2.example'];
const STATES: OutboxEntry['state'][] = ['pending', 'pending', 'pending', 'pending', 'in_flight', 'failed', 'sent', 'conflict'];

interface World {
  entries: OutboxEntry[];
  serverOf: Map<string, string | null>;
  input: Omit<PlanInput, 'horizon'>;
}

/** A queue of writes to several servers (reachable, unreachable, not answered yet), keys shared or not, in all states. */
function world(seed: number, size: number): World {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const entries: OutboxEntry[] = [];
  const serverOf = new Map<string, string | null>();
  for (let i = 0; i < size; i++) {
    const id = `w${i}`;
    const shared = next() < 0.4;
    const entry: OutboxEntry = {
      id,
      seq: i + 1,
      kind: 'k',
      accountId: pick(['a', 'b']),
      operation: next() < 0.3 ? 'point' : 'edit',
      input: {},
      resourceKey: shared ? `K${Math.floor(next() * 4)}` : `own-${id}`,
      dependsOn: next() < 0.15 && i > 0 ? [`w${Math.floor(next() * i)}`] : [],
      createdAt: '',
      attempts: 0,
      state: pick(STATES),
      ...(next() < 0.1 ? { reconcile: true } : {}),
    };
    entries.push(entry);
    // Late writes mostly wait for closed servers, so passes stop at all sorts of places.
    const late = i > size * next() * 2;
    serverOf.set(id, next() < 0.05 && !late ? null : pick(late ? SERVERS.slice(1) : SERVERS));
  }
  const byKey = new Map<string, number>();
  for (const e of entries) byKey.set(e.resourceKey, (byKey.get(e.resourceKey) ?? 0) + 1);
  const pendingIds = entries.filter((e) => e.state === 'pending').map((e) => e.id);
  const running = new Set(pendingIds.filter(() => next() < 0.1));
  const runningPerServer = new Map<string, number>();
  if (next() < 0.5) runningPerServer.set('https://new.example', 1);
  const states = new Map(entries.map((e) => [e.id, e.state]));
  const input: Omit<PlanInput, 'horizon'> = {
    entries,
    stateOf: (id) => states.get(id),
    running,
    runningPerAccount: new Map([['a', Math.floor(next() * 9)]]),
    maxPerAccount: 8,
    now: 1_000,
    nextAttemptAt: new Map(pendingIds.filter(() => next() < 0.1).map((id) => [id, 2_000])),
    pausedUntil: next() < 0.3 ? new Map([['b', 3_000]]) : new Map(),
    blocked: new Set(pendingIds.filter(() => next() < 0.05)),
    reachable: (e) => serverOf.get(e.id) !== 'https://down.example',
    unproven: (e) => {
      const server = serverOf.get(e.id) ?? null;
      return server !== null && server.includes('new') ? server : null;
    },
    runningPerServer,
    exclusivityKey: (e) => (e.operation === 'edit' ? `${e.accountId}:creates` : null),
    pipelined: (e) => e.operation === 'point',
    aloneOnKey: (e) => byKey.get(e.resourceKey) === 1,
    runningByExclusivity: new Map(),
  };
  return { entries, serverOf, input };
}

/** The horizon as EntryServers keeps it: per server the last seq, open unless unreachable or not answered with a write going. */
function horizonOf(w: World, looked: string[]): PlanHorizon {
  return {
    lastOpenSeq: (perServer) => {
      let last = 0;
      for (const e of w.entries) {
        const server = w.serverOf.get(e.id) ?? null;
        const closed = server === 'https://down.example' || (server !== null && server.includes('new') && (perServer.get(server) ?? 0) > 0);
        if (!closed) last = Math.max(last, e.seq);
      }
      return last;
    },
    entryOf: (id) => {
      looked.push(id);
      return w.entries.find((e) => e.id === id);
    },
    onKey: (key) => w.entries.filter((e) => e.resourceKey === key),
  };
}

describe('a scheduling pass that stops where nothing more can start', () => {
  it('starts what a whole pass starts and gives every write the reason a whole pass gives', () => {
    let passedOver = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const w = world(seed, 40);
      const whole = planDispatch(w.input);
      const stopped = planDispatch({ ...w.input, horizon: horizonOf(w, []) });
      if (stopped.passedOverFrom !== null) passedOver++;
      expect(
        stopped.start.map((e) => e.id),
        `seed ${seed}`,
      ).toEqual(whole.start.map((e) => e.id));
      for (const e of w.entries) expect(stopped.waiting.get(e.id), `seed ${seed}, ${e.id}`).toBe(whole.waiting.get(e.id));
    }
    expect(passedOver).toBeGreaterThan(200);
  });

  it('does not look at the writes queued for a server that cannot be reached', () => {
    const down = Array.from({ length: 1_000 }, (_, i): OutboxEntry => ({
      id: `d${i}`,
      seq: i + 2,
      kind: 'k',
      accountId: 'a',
      operation: 'create',
      input: {},
      resourceKey: `own-d${i}`,
      dependsOn: [],
      createdAt: '',
      attempts: 0,
      state: 'pending',
    }));
    const up: OutboxEntry = { ...down[0]!, id: 'up', seq: 1, resourceKey: 'own-up' };
    const entries = [up, ...down];
    const asked: string[] = [];
    const p = planDispatch({
      entries,
      running: new Set(),
      runningPerAccount: new Map(),
      maxPerAccount: 8,
      now: 0,
      nextAttemptAt: new Map(),
      pausedUntil: new Map(),
      blocked: new Set(),
      reachable: (e) => (asked.push(e.id), e.id === 'up'),
      exclusivityKey: () => null,
      runningByExclusivity: new Map(),
      aloneOnKey: () => true,
      horizon: { lastOpenSeq: () => 1, entryOf: (id) => entries.find((e) => e.id === id), onKey: () => [] },
    });
    expect(p.start.map((e) => e.id)).toEqual(['up']);
    expect(asked).toEqual(['up']);
    expect(p.passedOverFrom).toBe(2);
    // Asked about one write it did not reach, it looks at that one only.
    expect(p.waiting.get('d999')).toBe('offline');
    expect(asked).toEqual(['up', 'd999']);
  });
});

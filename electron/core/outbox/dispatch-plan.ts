import type { OutboxWaitReason } from '@shared/outbox/entry-view';
import type { EntryHeader } from './entry';
import { gateReason, KeyOrder, WaitingReasons } from './plan-horizon';
import type { PlanInput } from './plan-input';

export interface DispatchPlan {
  /** Entries to start now, in queue order. */
  start: EntryHeader[];
  /** Why each other pending entry waits. */
  waiting: WaitingReasons;
  /** The earliest time a backoff or pause ends (wake the scheduler then), or null. */
  wakeAt: number | null;
  /**
   * The seq of the first write the pass did not look at, or null when it looked at all: from it on, every write
   * goes to a server that cannot take one now (plan-horizon.ts).
   */
  passedOverFrom: number | null;
}

/**
 * Which queued writes may start now:
 * - per resource key, strictly in queue order: only the oldest unsent entry of a key is a candidate, and a
 *   failed, conflicting or needs-a-look one holds the key until the user settles it (an update never overtakes
 *   its create); pipelined writes (a metric's points) are candidates too while every write before them on the
 *   key is in flight or starting, and the first that cannot start holds the ones behind it;
 * - `dependsOn`: every listed entry must be sent (ids no longer known count as sent and compacted away);
 * - the server must be reachable, the account not paused by a 429, the entry's backoff over, and the account
 *   below its maximum in flight (independent resources go in parallel up to it); while the server has not
 *   answered this process yet, one at a time: offline, a command would otherwise attempt (and record, and fsync)
 *   a batch of the writes waiting, each command again, to learn once that the server is not there;
 * - an entry that must reconcile (look on the server after an unknown outcome) runs alone among entries of the
 *   same exclusivity key (creates of one kind on one account), so two identical creates cannot claim the same
 *   server object.
 */
export function planDispatch(input: PlanInput): DispatchPlan {
  let stateOf = input.stateOf;
  if (!stateOf) {
    const states = new Map([...input.entries].map((e) => [e.id, e.state]));
    stateOf = (id) => states.get(id);
  }
  const perAccount = new Map(input.runningPerAccount);
  const perServer = new Map(input.runningPerServer ?? []);
  const exclusivity = new Map([...input.runningByExclusivity].map(([k, v]) => [k, { ...v }]));
  const pipelined = input.pipelined ?? (() => false);
  const keys = new KeyOrder(pipelined);
  const reserved = new Set<string>();
  const start: EntryHeader[] = [];
  const waiting = new Map<string, OutboxWaitReason>();
  let wakeAt: number | null = null;
  const wake = (at: number) => {
    wakeAt = wakeAt === null ? at : Math.min(wakeAt, at);
  };
  const horizon = input.horizon;
  let lastOpen = horizon ? horizon.lastOpenSeq(perServer) : Infinity;
  /** The first entry the pass did not look at (all after it wait on a closed server), or null: it looked at all. */
  let stoppedAt: number | null = null;

  const aloneOnKey = input.aloneOnKey ?? (() => false);
  for (const entry of input.entries) {
    if (entry.seq > lastOpen) {
      stoppedAt = entry.seq;
      break;
    }
    if (entry.state === 'sent') continue;
    const alone = aloneOnKey(entry);
    const started = entry.state === 'pending' && input.running.has(entry.id);
    if (!alone && !keys.admit(entry, started || entry.state === 'in_flight')) {
      if (entry.state === 'pending') waiting.set(entry.id, 'order');
      continue;
    }
    if (entry.state !== 'pending' || started) continue;
    const gate = gateReason(entry, input, stateOf, wake);
    if (gate !== null) {
      waiting.set(entry.id, gate);
      continue;
    }
    const inFlight = perAccount.get(entry.accountId) ?? 0;
    const scouting = input.unproven?.(entry) ?? null;
    if (inFlight >= input.maxPerAccount || (scouting !== null && (perServer.get(scouting) ?? 0) > 0)) {
      waiting.set(entry.id, 'concurrency');
      continue;
    }
    const exclusive = input.exclusivityKey(entry);
    if (exclusive !== null) {
      const counts = exclusivity.get(exclusive) ?? { exclusive: 0, shared: 0 };
      const busy = entry.reconcile ? counts.exclusive + counts.shared > 0 : counts.exclusive > 0 || reserved.has(exclusive);
      if (busy) {
        // A reconciling entry that must wait holds the key: later plain sends do not overtake it forever.
        if (entry.reconcile) reserved.add(exclusive);
        waiting.set(entry.id, 'concurrency');
        continue;
      }
      if (entry.reconcile) counts.exclusive++;
      else counts.shared++;
      exclusivity.set(exclusive, counts);
    }
    perAccount.set(entry.accountId, inFlight + 1);
    if (scouting !== null) {
      perServer.set(scouting, 1);
      // Its server takes no other write now: the writes after the last one of another server need no look.
      if (horizon) lastOpen = horizon.lastOpenSeq(perServer);
    }
    start.push(entry);
    if (!alone) keys.started(entry);
  }
  const beyond = horizon && stoppedAt !== null ? { from: stoppedAt, horizon, started: new Set(start.map((e) => e.id)) } : null;
  return { start, waiting: new WaitingReasons(waiting, beyond, input, stateOf), wakeAt, passedOverFrom: beyond === null ? null : stoppedAt };
}

import type { EntryHeader } from './entry';

/*
 * What a scheduling pass is given (dispatch-plan.ts plans from it; plan-horizon.ts bounds the pass with it).
 */

/** Everything the scheduler knows at one moment; the plan is a pure function of it. */
export interface PlanInput {
  /** All entries in queue order (seq). */
  entries: Iterable<EntryHeader>;
  /** State of any entry by id (for dependsOn); undefined when unknown (sent and compacted away). */
  stateOf?: (id: string) => EntryHeader['state'] | undefined;
  /** Entries not to start whatever else holds (being sent, not durable yet, of an unknown kind). */
  running: { has(id: string): boolean };
  runningPerAccount: ReadonlyMap<string, number>;
  maxPerAccount: number;
  now: number;
  nextAttemptAt: { get(id: string): number | undefined };
  /** Per account: no sends before this time (a 429's Retry-After). */
  pausedUntil: ReadonlyMap<string, number>;
  /** Entries this process cannot send (no key). */
  blocked: { has(id: string): boolean };
  reachable: (entry: EntryHeader) => boolean;
  /** Its server, when that has not answered yet in this process (reachability unknown): one write at a time goes to it. */
  unproven?: (entry: EntryHeader) => string | null;
  /** Running entries per server. */
  runningPerServer?: ReadonlyMap<string, number>;
  exclusivityKey: (entry: EntryHeader) => string | null;
  /**
   * The entry is the only one on its resource key (in any state): it heads the key, and nothing behind it waits
   * on it. Such an entry skips the bookkeeping of keys, most of a pass over a long queue of creates.
   */
  aloneOnKey?: (entry: EntryHeader) => boolean;
  /**
   * Writes whose order of arrival does not matter (a metric's data points, each carrying its own time): while every
   * write before it on its resource key is in flight or starting, it may start too, so a metric's points go as fast
   * as the rate limit allows instead of one answer at a time. They still start in queue order.
   */
  pipelined?: (entry: EntryHeader) => boolean;
  /** Running entries per exclusivity key: how many reconcile (exclusive) and how many plainly send. */
  runningByExclusivity: ReadonlyMap<string, { exclusive: number; shared: number }>;
  /** Where a pass may stop (plan-horizon.ts); without it, every entry is looked at. */
  horizon?: PlanHorizon;
}

export interface PlanHorizon {
  /**
   * The highest seq of a write that might start: every write after it goes to a server that cannot take one now,
   * given the writes on their way per server (`perServer`). A bound: a higher one only costs a longer pass.
   */
  lastOpenSeq(perServer: ReadonlyMap<string, number>): number;
  /** Entry by id, for a reason asked about a write the pass did not reach. */
  entryOf(id: string): EntryHeader | undefined;
  /** Entries (any state) on one resource key, in queue order. */
  onKey(resourceKey: string): EntryHeader[];
}

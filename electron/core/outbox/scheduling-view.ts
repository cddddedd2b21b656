import type { ConnectivityMonitor } from '@core/connectivity/connectivity-monitor';
import { planDispatch, type DispatchPlan } from './dispatch-plan';
import type { PlanHorizon } from './plan-input';
import type { EntryRuntimes } from './entry-runtime';
import type { EntryServers } from './entry-servers';
import type { FlushView } from './flush-waiters';
import type { InFlightLedger } from './in-flight-ledger';
import type { OutboxKindRegistry } from './kinds';
import type { OutboxStore } from './outbox-store';
import type { EntryHeader } from './entry';

interface SchedulingDeps {
  store: OutboxStore;
  kinds: OutboxKindRegistry;
  connectivity: ConnectivityMonitor;
  runtime: EntryRuntimes;
  inFlight: InFlightLedger;
  servers: EntryServers;
  /** Per account: no sends before this time (a 429's Retry-After). */
  pausedUntil: ReadonlyMap<string, number>;
  maxPerAccount: number;
  now: () => number;
}

/** The outbox's state as the scheduler and the flushes see it: what may start now, and what each flush waits for. */
export class SchedulingView {
  readonly #deps: SchedulingDeps;

  readonly #horizon: PlanHorizon;

  constructor(deps: SchedulingDeps) {
    this.#deps = deps;
    this.#horizon = {
      lastOpenSeq: (perServer) => deps.servers.lastOpenSeq(perServer),
      entryOf: (id) => deps.store.entries.header(id),
      onKey: (resourceKey) => deps.store.onResource(resourceKey),
    };
  }

  plan(): DispatchPlan {
    const { store, kinds, runtime, inFlight, servers } = this.#deps;
    return planDispatch({
      entries: store.entries.headers(),
      stateOf: (id) => store.entries.header(id)?.state,
      running: { has: (id) => inFlight.has(id) || runtime.holdsBack(id) },
      runningPerAccount: inFlight.perAccount,
      maxPerAccount: this.#deps.maxPerAccount,
      now: this.#deps.now(),
      nextAttemptAt: runtime.retryAt,
      pausedUntil: this.#deps.pausedUntil,
      blocked: runtime.blocked,
      reachable: (entry) => servers.reachable(entry),
      unproven: (entry) => servers.unproven(entry),
      runningPerServer: inFlight.perServer,
      exclusivityKey: (entry) => kinds.get(entry.kind)?.exclusivityKey?.(entry) ?? null,
      pipelined: (entry) => kinds.get(entry.kind)?.pipelined?.(entry) === true,
      runningByExclusivity: inFlight.byExclusivity,
      aloneOnKey: (entry) => store.aloneOnKey(entry),
      ...(store.queueOrdered ? { horizon: this.#horizon } : {}),
    });
  }

  flushView(plan: DispatchPlan): FlushView {
    const { store, runtime, inFlight, servers, connectivity } = this.#deps;
    return {
      entries: { [Symbol.iterator]: () => store.entries.headers() },
      plan,
      busy: (entry) => inFlight.has(entry.id) || runtime.isCommitting(entry.id),
      busyEntries: () => [...inFlight.ids(), ...runtime.committingIds()].map((id) => store.entries.header(id)).filter((e): e is EntryHeader => e !== undefined),
      serverOf: (entry) => servers.of(entry),
      settling: (server) => connectivity.isSettling(server),
      quietFrom: (seq) => servers.quietFrom(seq),
    };
  }
}

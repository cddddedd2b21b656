import type { ConnectivityMonitor } from '@core/connectivity/connectivity-monitor';
import type { OutboxEntry } from './entry';
import type { EntryRuntimes } from './entry-runtime';
import type { KindProbes } from './kind-probes';
import type { OutboxKindRegistry } from './kinds';

/**
 * Which server each entry goes to (its kind decides), remembered in the entry's runtime because the
 * scheduler asks on every pass; the runtime forgets it on retry and removal. A server is tracked by the
 * connectivity monitor while writes wait for it.
 */
export class EntryServers {
  readonly #kinds: OutboxKindRegistry;
  readonly #runtime: EntryRuntimes;
  readonly #probes: KindProbes | null;
  readonly #connectivity: ConnectivityMonitor;
  readonly #entryOf: (id: string) => OutboxEntry | undefined;
  /** Servers probed beside a first write. */
  readonly #scouted = new Set<string>();
  /** Per server (null: not known), the highest seq of a write found going to it: a bound, never lowered. */
  readonly #lastSeq = new Map<string | null, number>();

  constructor(parts: {
    kinds: OutboxKindRegistry;
    runtime: EntryRuntimes;
    probes: KindProbes | null;
    connectivity: ConnectivityMonitor;
    entryOf: (id: string) => OutboxEntry | undefined;
  }) {
    this.#kinds = parts.kinds;
    this.#runtime = parts.runtime;
    this.#probes = parts.probes;
    this.#connectivity = parts.connectivity;
    this.#entryOf = parts.entryOf;
  }

  of(entry: OutboxEntry): string | null {
    const runtime = this.#runtime.of(entry.id);
    if (runtime.server !== undefined) return runtime.server;
    const kind = this.#kinds.get(entry.kind);
    let server: string | null;
    try {
      server = kind ? kind.serverOf(entry) : null;
    } catch {
      server = null;
    }
    runtime.server = server;
    runtime.serverPinned = entry.server !== undefined;
    this.#runtime.unresolved.delete(entry.id);
    const last = this.#lastSeq.get(server);
    if (last === undefined || entry.seq > last) this.#lastSeq.set(server, entry.seq);
    if (server !== null) this.#probes?.note(server, kind?.probe);
    return server;
  }

  track(entry: OutboxEntry): void {
    if (entry.state === 'sent') return;
    const server = this.of(entry);
    if (server !== null) this.#connectivity.track(server);
  }

  /**
   * A write starts to a server that has not answered this process yet: its reachability probe (a cheap GET) runs
   * beside it, once, so a slow first answer does not hold the writes behind it back (one at a time goes to such a
   * server: dispatch-plan.ts) while a refused one still costs the command one attempt. Returns the entry.
   */
  scouting(entry: OutboxEntry): OutboxEntry {
    const server = this.unproven(entry);
    if (server !== null && !this.#scouted.has(server)) {
      this.#scouted.add(server);
      void this.#connectivity.probeNow(server);
    }
    return entry;
  }

  /** Its server has not answered this process yet: whether it is there at all is learnt from one write, not from every one. */
  unproven(entry: OutboxEntry): string | null {
    const server = this.of(entry);
    return server !== null && !this.#connectivity.hasAnswered(server) ? server : null;
  }

  reachable(entry: OutboxEntry): boolean {
    const server = this.of(entry);
    return server === null || this.#connectivity.isReachable(server);
  }

  /**
   * The highest seq of a write whose server may take one now (plan-horizon.ts): reachable, and not a server that
   * has not answered yet with a write already on its way (`perServer`). Writes whose server was dropped are
   * asked theirs again first, so none is passed over.
   */
  lastOpenSeq(perServer: ReadonlyMap<string, number>): number {
    for (const id of this.#runtime.unresolved) {
      const entry = this.#entryOf(id);
      if (entry === undefined || entry.state === 'sent') this.#runtime.unresolved.delete(id);
      else this.of(entry);
    }
    let last = 0;
    for (const [server, seq] of this.#lastSeq) if (seq > last && this.#takesWrites(server, perServer)) last = seq;
    return last;
  }

  /**
   * Every write from `seq` on goes to a server marked unreachable whose probe has answered since (not settling):
   * none waits for anything that ends by itself. False when not sure (a server dropped, or another one).
   */
  quietFrom(seq: number): boolean {
    if (this.#runtime.unresolved.size > 0) return false;
    for (const [server, last] of this.#lastSeq) {
      if (last < seq) continue;
      if (server === null || this.#connectivity.isReachable(server) || this.#connectivity.isSettling(server)) return false;
    }
    return true;
  }

  #takesWrites(server: string | null, perServer: ReadonlyMap<string, number>): boolean {
    if (server === null) return true;
    if (!this.#connectivity.isReachable(server)) return false;
    return this.#connectivity.hasAnswered(server) || (perServer.get(server) ?? 0) === 0;
  }
}

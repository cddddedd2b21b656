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
  /** Servers probed beside a first write. */
  readonly #scouted = new Set<string>();

  constructor(parts: { kinds: OutboxKindRegistry; runtime: EntryRuntimes; probes: KindProbes | null; connectivity: ConnectivityMonitor }) {
    this.#kinds = parts.kinds;
    this.#runtime = parts.runtime;
    this.#probes = parts.probes;
    this.#connectivity = parts.connectivity;
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
}

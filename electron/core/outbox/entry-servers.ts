import type { ConnectivityMonitor } from '@core/connectivity/connectivity-monitor';
import type { EntryHeader, OutboxEntry } from './entry';
import type { EntryTable } from './entry-table';
import type { EntryRuntimes } from './entry-runtime';
import type { KindProbes } from './kind-probes';
import type { OutboxKindHandler, OutboxKindRegistry } from './kinds';

/** Writes of one kind, account and named server (the server they go to is theirs alike), and the highest seq seen of them. */
interface Target {
  /** Undefined: not asked since it was last dropped. */
  server: string | null | undefined;
  /** The writes name their server: Settings cannot move it. */
  pinned: boolean;
  /** The server they name ('' for none). */
  named: string;
  /** One of them, to ask the kind with. */
  example: EntryHeader;
  lastSeq: number;
  /** The highest seq noted for its server so far. */
  notedSeq: number;
}

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
  readonly #entries: Pick<EntryTable, 'header' | 'get'>;
  /** Servers probed beside a first write. */
  readonly #scouted = new Set<string>();
  readonly #whole = (entry: EntryHeader): OutboxEntry => this.#entries.get(entry.id) ?? (entry as OutboxEntry);
  /** The server tracked last: a long queue is mostly one server, tracked once rather than once per write. */
  #trackedLast: string | null = null;
  /** Per target of a kind whose server goes by it (`serverByTarget`): its server once asked, and its highest seq seen. */
  readonly #targets = new Map<string, Map<string, Map<string, Target>>>();
  readonly #targetList: Target[] = [];
  #lastTarget: Target | null = null;
  /** Per server (null: not known), the highest seq of a write found going to it: a bound, never lowered. */
  readonly #lastSeq = new Map<string | null, number>();

  constructor(parts: {
    kinds: OutboxKindRegistry;
    runtime: EntryRuntimes;
    probes: KindProbes | null;
    connectivity: ConnectivityMonitor;
    entries: Pick<EntryTable, 'header' | 'get'>;
  }) {
    this.#kinds = parts.kinds;
    this.#runtime = parts.runtime;
    this.#probes = parts.probes;
    this.#connectivity = parts.connectivity;
    this.#entries = parts.entries;
  }

  of(entry: EntryHeader): string | null {
    const kind = this.#kinds.get(entry.kind);
    if (kind?.serverByTarget) return this.#ofTarget(entry, kind);
    const known = this.#runtime.serverOf(entry.id);
    if (known !== undefined) return known;
    const server = kind ? this.#ask(kind, entry) : null;
    this.#runtime.rememberServer(entry.id, server, entry.server !== undefined);
    this.#noteSeq(server, entry.seq);
    if (server !== null) this.#probes?.note(server, kind?.probe);
    return server;
  }

  track(entry: EntryHeader): void {
    if (entry.state === 'sent') return;
    const server = this.of(entry);
    if (server === null || server === this.#trackedLast) return;
    this.#connectivity.track(server);
    this.#trackedLast = server;
  }

  /**
   * `track` for every entry of an outbox just opened. A run of writes to the target tracked just before is only
   * counted: its server is known and tracked already.
   */
  trackAll(entries: Iterable<EntryHeader>): void {
    for (const entry of entries) {
      if (entry.state === 'sent') continue;
      const last = this.#lastTarget;
      if (
        last !== null &&
        last.server !== undefined &&
        last.example.kind === entry.kind &&
        last.example.accountId === entry.accountId &&
        last.named === (entry.server?.baseUrl ?? '')
      ) {
        if (entry.seq > last.lastSeq) last.lastSeq = entry.seq;
        continue;
      }
      this.track(entry);
    }
    for (const target of this.#targetList) {
      if (target.server === undefined || target.lastSeq <= target.notedSeq) continue;
      this.#noteSeq(target.server, target.lastSeq);
      target.notedSeq = target.lastSeq;
    }
  }

  /**
   * The servers of the entries `which` picks (null: one whose server cannot be known). A run of writes to one
   * target of a kind whose server goes by it is asked once: a flush of a long queue looks at every write.
   */
  serversOf(entries: Iterable<EntryHeader>, which: (entry: EntryHeader) => boolean): Set<string | null> {
    const found = new Set<string | null>();
    let last: EntryHeader | null = null;
    for (const entry of entries) {
      if (!which(entry)) continue;
      if (last !== null && last.kind === entry.kind && last.accountId === entry.accountId && (last.server?.baseUrl ?? '') === (entry.server?.baseUrl ?? ''))
        continue;
      found.add(this.of(entry));
      last = this.#kinds.get(entry.kind)?.serverByTarget === true ? entry : null;
    }
    return found;
  }

  /**
   * A write starts to a server that has not answered this process yet: its reachability probe (a cheap GET) runs
   * beside it, once, so a slow first answer does not hold the writes behind it back (one at a time goes to such a
   * server: dispatch-plan.ts) while a refused one still costs the command one attempt. Returns the entry.
   */
  scouting<E extends EntryHeader>(entry: E): E {
    const server = this.unproven(entry);
    if (server !== null && !this.#scouted.has(server)) {
      this.#scouted.add(server);
      void this.#connectivity.probeNow(server);
    }
    return entry;
  }

  /** Its server has not answered this process yet: whether it is there at all is learnt from one write, not from every one. */
  unproven(entry: EntryHeader): string | null {
    const server = this.of(entry);
    return server !== null && !this.#connectivity.hasAnswered(server) ? server : null;
  }

  reachable(entry: EntryHeader): boolean {
    const server = this.of(entry);
    return server === null || this.#connectivity.isReachable(server);
  }

  /**
   * The highest seq of a write whose server may take one now (plan-horizon.ts): reachable, and not a server that
   * has not answered yet with a write already on its way (`perServer`). Writes whose server was dropped are
   * asked theirs again first, so none is passed over.
   */
  lastOpenSeq(perServer: ReadonlyMap<string, number>): number {
    this.#resolveTargets();
    for (const id of this.#runtime.unresolved) {
      const entry = this.#entries.header(id);
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
    if (this.#runtime.unresolved.size > 0 || this.#resolveTargets()) return false;
    for (const [server, last] of this.#lastSeq) {
      if (last < seq) continue;
      if (server === null || this.#connectivity.isReachable(server) || this.#connectivity.isSettling(server)) return false;
    }
    return true;
  }

  /**
   * Drops the servers that come from an account (its server may have changed in Settings): each is asked again
   * before a scheduling pass may stop before its writes.
   */
  forgetServers(): void {
    this.#runtime.forgetServers();
    for (const target of this.#targetList) if (!target.pinned) target.server = undefined;
  }

  /**
   * The server of a kind that goes by the target alone (kind, account and named server), asked once per target:
   * a long queue is mostly one target, and asking (and remembering) per write was most of what opening it cost.
   */
  #ofTarget(entry: EntryHeader, kind: OutboxKindHandler): string | null {
    const target = this.#targetOf(entry);
    if (entry.seq > target.lastSeq) target.lastSeq = entry.seq;
    if (target.server === undefined) {
      target.server = this.#ask(kind, entry);
      target.example = entry;
      target.notedSeq = 0;
      if (target.server !== null) this.#probes?.note(target.server, kind.probe);
    }
    if (this.#runtime.unresolved.size > 0) this.#runtime.unresolved.delete(entry.id);
    if (target.lastSeq > target.notedSeq) {
      this.#noteSeq(target.server, target.lastSeq);
      target.notedSeq = target.lastSeq;
    }
    return target.server;
  }

  #targetOf(entry: EntryHeader): Target {
    // Writes of a long queue come mostly in runs of one target: the last one found is likely the one asked for.
    const last = this.#lastTarget;
    if (last !== null && last.example.kind === entry.kind && last.example.accountId === entry.accountId && last.named === (entry.server?.baseUrl ?? ''))
      return last;
    this.#lastTarget = this.#findTarget(entry);
    return this.#lastTarget;
  }

  #findTarget(entry: EntryHeader): Target {
    let byAccount = this.#targets.get(entry.kind);
    if (byAccount === undefined) this.#targets.set(entry.kind, (byAccount = new Map()));
    let byServer = byAccount.get(entry.accountId);
    if (byServer === undefined) byAccount.set(entry.accountId, (byServer = new Map()));
    const named = entry.server?.baseUrl ?? '';
    let target = byServer.get(named);
    if (target === undefined) {
      target = { server: undefined, pinned: entry.server !== undefined, named, example: entry, lastSeq: entry.seq, notedSeq: 0 };
      byServer.set(named, target);
      this.#targetList.push(target);
    }
    return target;
  }

  /** Targets whose server was dropped are asked again, with the highest seq of a write seen going to them. */
  #resolveTargets(): boolean {
    let unresolved = false;
    for (const target of this.#targetList) {
      if (target.server !== undefined) continue;
      const kind = this.#kinds.get(target.example.kind);
      if (!kind) continue;
      target.server = this.#ask(kind, target.example);
      if (target.server !== null) this.#probes?.note(target.server, kind.probe);
      this.#noteSeq(target.server, target.lastSeq);
      target.notedSeq = target.lastSeq;
      unresolved = true;
    }
    return unresolved;
  }

  #ask(kind: OutboxKindHandler, entry: EntryHeader): string | null {
    try {
      return kind.serverOf(entry, this.#whole);
    } catch {
      return null;
    }
  }

  #noteSeq(server: string | null, seq: number): void {
    const last = this.#lastSeq.get(server);
    if (last === undefined || seq > last) this.#lastSeq.set(server, seq);
  }

  #takesWrites(server: string | null, perServer: ReadonlyMap<string, number>): boolean {
    if (server === null) return true;
    if (!this.#connectivity.isReachable(server)) return false;
    return this.#connectivity.hasAnswered(server) || (perServer.get(server) ?? 0) === 0;
  }
}

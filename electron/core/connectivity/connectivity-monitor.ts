import type { ConnectivityState, ServerConnectivity } from '@shared/outbox/status';
import { backoffDelay } from '@core/timing/backoff';
import { createHelloProbe, type ServerProbe } from './hello-probe';
import { ALWAYS_ONLINE, type NetworkSignals } from './network-signals';
import { TypedEvents } from '@core/events/typed-events';

interface ConnectivityMonitorOptions {
  signals?: NetworkSignals;
  /** Default: GET /hello of the server. */
  probe?: ServerProbe;
  /**
   * A server found unreachable is probed at once, then after this delay, doubled after each failed probe up
   * to maxDelayMs.
   */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** ± this fraction of random spread on each delay, so many clients do not probe in step. */
  jitter?: number;
  now?: () => number;
}

interface ServerRecord {
  baseUrl: string;
  reachable: 'yes' | 'no' | 'unknown';
  since: number | undefined;
  lastProbeAt: number | undefined;
  nextProbeAt: number | undefined;
  failures: number;
  /** A probe finished since the server was marked unreachable (a flush waits for that first verdict). */
  probedSinceDown: boolean;
  timer: NodeJS.Timeout | undefined;
  probing: AbortController | undefined;
}

/**
 * Online/offline per API server and overall. The OS signal says whether trying makes sense at all; a server
 * is marked unreachable when a request to it fails at the network level (reported by the sender), then probed
 * with exponential backoff until it answers. Unknown servers count as reachable: the first real request
 * finds out. Listeners hear every change (the outbox resumes on them; the main process pushes them to the tray).
 */
export class ConnectivityMonitor {
  readonly #signals: NetworkSignals;
  readonly #probe: ServerProbe;
  readonly #initialDelayMs: number;
  readonly #maxDelayMs: number;
  readonly #jitter: number;
  readonly #now: () => number;
  readonly #servers = new Map<string, ServerRecord>();
  /** A faulty listener does not stop the others. */
  readonly #changes = new TypedEvents<{ change: ConnectivityState }>();
  #network: boolean;
  #unsubscribe: (() => void) | undefined;
  #started = false;

  constructor(options: ConnectivityMonitorOptions = {}) {
    this.#signals = options.signals ?? ALWAYS_ONLINE;
    this.#probe = options.probe ?? createHelloProbe();
    this.#initialDelayMs = options.initialDelayMs ?? 1_000;
    this.#maxDelayMs = options.maxDelayMs ?? 60_000;
    this.#jitter = options.jitter ?? 0.2;
    this.#now = options.now ?? Date.now;
    this.#network = this.#signals.isOnline();
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#network = this.#signals.isOnline();
    this.#unsubscribe = this.#signals.onChange((online) => this.#onNetwork(online));
    for (const server of this.#servers.values()) if (server.reachable === 'no') this.#schedule(server, 0);
  }

  stop(): void {
    this.#started = false;
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    for (const server of this.#servers.values()) this.#cancel(server);
  }

  /** Starts watching a server (idempotent). */
  track(baseUrl: string): void {
    this.#record(baseUrl);
  }

  get networkOnline(): boolean {
    return this.#network;
  }

  /** Worth sending to this server now: the network is up and the server is not known to be unreachable. */
  isReachable(baseUrl: string): boolean {
    return this.#network && this.#servers.get(baseUrl)?.reachable !== 'no';
  }

  /** The server answered this process (a request or a probe), and has not been unreachable since. */
  hasAnswered(baseUrl: string): boolean {
    return this.#servers.get(baseUrl)?.reachable === 'yes';
  }

  /** A request got an answer (any HTTP status): the server is reachable. */
  reportSuccess(baseUrl: string): void {
    const server = this.#record(baseUrl);
    if (server.reachable === 'yes') return;
    this.#cancel(server);
    server.reachable = 'yes';
    server.since = this.#now();
    server.failures = 0;
    server.nextProbeAt = undefined;
    this.#emit();
  }

  /** A request failed before any answer (refused, reset, timeout): probe until the server answers again. */
  reportFailure(baseUrl: string): void {
    const server = this.#record(baseUrl);
    if (server.reachable === 'no') return;
    server.reachable = 'no';
    server.since = this.#now();
    server.failures = 1;
    server.probedSinceDown = false;
    // Look again at once: a single reset is often just that; the backoff starts if this probe fails too.
    this.#schedule(server, 0);
    this.#emit();
  }

  /** Marked unreachable by a failed request and not probed yet: its verdict is still coming. */
  isSettling(baseUrl: string): boolean {
    const server = this.#servers.get(baseUrl);
    return this.#started && this.#network && server?.reachable === 'no' && !server.probedSinceDown;
  }

  /** Probes the given server, or every unreachable one, right away (a user's "send now"). */
  async probeNow(baseUrl?: string): Promise<void> {
    const targets = baseUrl !== undefined ? [this.#record(baseUrl)] : [...this.#servers.values()].filter((s) => s.reachable === 'no');
    await Promise.all(targets.map((server) => this.#runProbe(server)));
  }

  state(): ConnectivityState {
    const servers: ServerConnectivity[] = [...this.#servers.values()].map((s) => ({
      baseUrl: s.baseUrl,
      reachable: s.reachable,
      failures: s.failures,
      ...(s.since === undefined ? {} : { since: new Date(s.since).toISOString() }),
      ...(s.lastProbeAt === undefined ? {} : { lastProbeAt: new Date(s.lastProbeAt).toISOString() }),
      ...(s.nextProbeAt === undefined ? {} : { nextProbeAt: new Date(s.nextProbeAt).toISOString() }),
    }));
    const down = servers.filter((s) => s.reachable === 'no').length;
    const overall = !this.#network || (servers.length > 0 && down === servers.length) ? 'offline' : down > 0 ? 'partial' : 'online';
    return { network: this.#network, overall, servers };
  }

  onChange(cb: (state: ConnectivityState) => void): () => void {
    return this.#changes.subscribe('change', cb);
  }

  #record(baseUrl: string): ServerRecord {
    let server = this.#servers.get(baseUrl);
    if (!server) {
      server = {
        baseUrl,
        reachable: 'unknown',
        since: undefined,
        lastProbeAt: undefined,
        nextProbeAt: undefined,
        failures: 0,
        probedSinceDown: false,
        timer: undefined,
        probing: undefined,
      };
      this.#servers.set(baseUrl, server);
    }
    return server;
  }

  #onNetwork(online: boolean): void {
    if (online === this.#network) return;
    this.#network = online;
    // Back on the network: every unreachable server is worth a look now, not at its backed-off time.
    if (online) for (const server of this.#servers.values()) if (server.reachable === 'no') this.#schedule(server, 0);
    this.#emit();
  }

  #delayAfter(failures: number): number {
    return backoffDelay(failures - 1, { baseMs: this.#initialDelayMs, maxMs: this.#maxDelayMs, jitter: this.#jitter });
  }

  #schedule(server: ServerRecord, delayMs: number): void {
    if (!this.#started) return;
    if (server.timer) clearTimeout(server.timer);
    server.nextProbeAt = this.#now() + delayMs;
    server.timer = setTimeout(() => {
      server.timer = undefined;
      void this.#runProbe(server);
    }, delayMs);
    server.timer.unref?.();
  }

  #cancel(server: ServerRecord): void {
    if (server.timer) clearTimeout(server.timer);
    server.timer = undefined;
    server.probing?.abort();
    server.probing = undefined;
  }

  async #runProbe(server: ServerRecord): Promise<void> {
    // Offline by the OS: no probe; the network's return schedules one.
    if (!this.#network || server.probing) return;
    const controller = new AbortController();
    server.probing = controller;
    server.lastProbeAt = this.#now();
    let ok: boolean;
    try {
      ok = await this.#probe(server.baseUrl, controller.signal);
    } catch {
      ok = false;
    } finally {
      if (server.probing === controller) server.probing = undefined;
    }
    if (controller.signal.aborted) return;
    if (ok) this.reportSuccess(server.baseUrl);
    else {
      if (server.reachable !== 'no') {
        server.reachable = 'no';
        server.since = this.#now();
      }
      server.failures++;
      server.probedSinceDown = true;
      this.#schedule(server, this.#delayAfter(server.failures - 1));
      this.#emit();
    }
  }

  #emit(): void {
    this.#changes.publish('change', this.state());
  }
}

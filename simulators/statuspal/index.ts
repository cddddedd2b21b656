import type { StartOptions, StatusPageSimulator } from './api';
import { SimClock } from './clock';
import type { SimCore } from './context';
import { Controller } from './control';
import { createControlHandler } from './control-http';
import { FaultInjector } from './faults';
import { ALL_ROUTES } from './resources';
import { Router } from './router';
import { DEMO_KEYS, seedBase, type DemoKeys } from './seeds/base';
import { seedDemo } from './seeds/demo';
import { seedLarge } from './seeds/large';
import { captureTimeOf, seedFromSummary } from './seeds/summary';
import { API_PREFIX, SimHttpServer } from './server';
import { Store } from './store';
import { RequestCounter, WriteLog } from './write-log';

/**
 * A stateful simulator of the Status Page API v2 on a real HTTP server (node:http), for tests,
 * demo mode, e2e tests and benchmarks. See README.md in this folder for the rules it implements.
 */
export type * from './api';
export type { FaultRule } from './faults';
export type { WriteLogEntry } from './write-log';
export type { LargeSeedCounts } from './seeds/large';
export { LARGE_PAGE, SMALL_COPY, componentName } from './seeds/large';
export { createSimulatorControlClient, SimulatorControlError } from './control-client';
export { ALL_ROUTES } from './resources';

const DEFAULT_RATE_LIMIT = { limit: 100, windowMs: 10_000 } as const;

class Simulator extends Controller implements StatusPageSimulator {
  readonly keys: DemoKeys = { ...DEMO_KEYS };
  readonly #server: () => SimHttpServer;

  constructor(deps: ConstructorParameters<typeof Controller>[0], server: () => SimHttpServer) {
    super(deps);
    this.#server = server;
  }

  get origin(): string {
    return this.#server().origin;
  }

  get baseUrl(): string {
    return `${this.origin}${API_PREFIX}`;
  }

  get port(): number {
    return this.#server().port;
  }

  heldRequests(): number {
    return this.#server().heldCount;
  }

  close(): Promise<void> {
    return this.#server().close();
  }
}

function initialClock(options: StartOptions): SimClock {
  if (options.now) return new SimClock(options.now, options.freezeClock ?? true);
  const seed = options.seed;
  if (seed && typeof seed === 'object' && 'summaries' in seed) {
    // A capture's maintenances are "upcoming" relative to when it was taken: start the clock there.
    const times = seed.summaries.map(captureTimeOf).filter((t): t is number => t !== null);
    if (times.length) return new SimClock(Math.max(...times), options.freezeClock ?? false);
  }
  return new SimClock(Date.now(), options.freezeClock ?? false);
}

export async function startStatusPageSimulator(options: StartOptions = {}): Promise<StatusPageSimulator> {
  const randomSeed = options.randomSeed ?? 1;
  const seed = options.seed ?? 'demo';
  const large = typeof seed === 'object' && 'large' in seed ? seed.large : null;
  if (seed !== 'demo' && seed !== 'empty' && !large && !(typeof seed === 'object' && 'summaries' in seed && Array.isArray(seed.summaries))) {
    throw new TypeError("seed must be 'demo', 'empty', { summaries: [...] } or { large: {...} }");
  }
  const fresh = (): { store: Store; clock: SimClock } => {
    const clock = initialClock(options);
    const store = new Store(randomSeed);
    const now = clock.nowMs();
    seedBase(store, now);
    if (seed === 'demo') seedDemo(store, now);
    else if (large) seedLarge(store, now, large);
    else if (typeof seed === 'object' && 'summaries' in seed) for (const doc of seed.summaries) seedFromSummary(store, doc, now);
    return { store, clock };
  };
  const { store, clock } = fresh();
  const core: SimCore = {
    store,
    clock,
    writeLog: new WriteLog(),
    options: {
      linkStyle: options.linkStyle ?? 'absolute',
      deleteBody: options.deleteBody ?? '""',
      createStatus: options.createStatus ?? 201,
      textStyle: options.textStyle ?? 'verbatim',
    },
  };
  const faults = new FaultInjector(randomSeed);
  const counter = new RequestCounter();
  let http: SimHttpServer | undefined;
  const getHttp = (): SimHttpServer => {
    if (!http) throw new Error('simulator server not started');
    return http;
  };
  const sim = new Simulator(
    {
      core,
      faults,
      counter,
      http: getHttp,
      fresh,
      randomSeed,
      rateLimit: options.rateLimit === undefined ? { ...DEFAULT_RATE_LIMIT } : options.rateLimit,
      textStyle: options.textStyle ?? 'verbatim',
    },
    getHttp,
  );
  http = new SimHttpServer({
    core,
    router: new Router(ALL_ROUTES),
    faults,
    limiter: () => sim.limiter,
    counter,
    control: options.control === false ? null : createControlHandler(sim),
  });
  await http.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  return sim;
}

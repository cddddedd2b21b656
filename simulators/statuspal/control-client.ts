import type { SimulatorControl } from './api';

/**
 * Typed HTTP client of `/__control/*`, for child processes and tests that only know the origin.
 * Same method names as the in-process control; everything returns a promise.
 */
type Remote<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;
};

type SimulatorControlClient = Remote<SimulatorControl> & { readonly origin: string };

export class SimulatorControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SimulatorControlError';
  }
}

export function createSimulatorControlClient(origin: string): SimulatorControlClient {
  const base = origin.replace(/\/+$/, '');
  const call = async <R>(method: string, body: unknown = {}): Promise<R> => {
    const res = await fetch(`${base}/__control/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    const payload = (await res.json().catch(() => ({}))) as { result?: R; message?: string };
    if (!res.ok) throw new SimulatorControlError(res.status, payload.message ?? `control ${method} failed with ${res.status}`);
    return payload.result as R;
  };
  const asDate = (v: unknown): Date => new Date(`${String(v)}`);
  return {
    origin: base,
    openIncident: (input) => call('openIncident', input),
    addUpdate: (input) => call('addUpdate', input),
    resolveIncident: (input) => call('resolveIncident', input),
    setServiceLevel: (input) => call('setServiceLevel', input),
    scheduleMaintenance: (input) => call('scheduleMaintenance', input),
    postNotice: (input) => call('postNotice', input),
    removeNotice: async (input) => {
      await call('removeNotice', input);
    },
    setIncidentType: async (input) => {
      await call('setIncidentType', input);
    },
    addMetric: (input) => call('addMetric', input),
    summary: (page) => call('summary', { page }),
    now: async () => asDate(await call('now')),
    advanceClock: async (ms) => asDate(await call('advanceClock', { ms })),
    setClock: async (at) => asDate(await call('setClock', { at: at instanceof Date ? at.toISOString() : at })),
    freezeClock: async (frozen) => {
      await call('freezeClock', { frozen });
    },
    addKey: (input) => call('addKey', input),
    revokeKey: (key) => call('revokeKey', { key }),
    setFaults: async (rules) => {
      await call('setFaults', { rules: Array.isArray(rules) ? rules : [rules] });
    },
    addFault: async (rule) => {
      await call('addFault', rule);
    },
    clearFaults: async () => {
      await call('clearFaults');
    },
    rateLimitBurst: async (count, retryAfterSeconds) => {
      await call('rateLimitBurst', { count, retryAfterSeconds });
    },
    setRateLimit: async (config) => {
      await call('setRateLimit', { config });
    },
    setTextStyle: async (style) => {
      await call('setTextStyle', { style });
    },
    goOffline: async (options = {}) => {
      await call('goOffline', options);
    },
    goOnline: async () => {
      await call('goOnline');
    },
    writeLog: (filter = {}) => call('writeLog', filter),
    clearWriteLog: async () => {
      await call('clearWriteLog');
    },
    requestCount: (pathPrefix) => call('requestCount', pathPrefix === undefined ? {} : { pathPrefix }),
    peakRequestsInProgress: (pathPrefix) => call('peakRequestsInProgress', pathPrefix === undefined ? {} : { pathPrefix }),
    requestCounts: () => call('requestCounts'),
    clearRequestCounts: async () => {
      await call('clearRequestCounts');
    },
    reset: async () => {
      await call('reset');
    },
    seedSummary: (doc, options) => call('seedSummary', { summary: doc, options }),
    state: () => call('state'),
  };
}

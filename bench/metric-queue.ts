// The renderer's global `window.api` type, for the stores this bench drives (tsconfig.json holds no renderer types).
import type {} from '../renderer/src/env.d.ts';
import { randomUUID } from 'node:crypto';
import { createPinia, setActivePinia } from 'pinia';
import { AppCore } from '../electron/core/app-core';
import { openStatusPageOutbox } from '../electron/core/outbox/create-statuspal-outbox';
import { envAccountId } from '../electron/core/outbox/statuspal/targets';
import { KeychainSecretStore } from '../electron/core/vault/keychain-store';
import { KeyVault } from '../electron/core/vault/key-vault';
import { useAdminMetrics } from '../renderer/src/stores/admin-metrics';
import { useOutboxStore } from '../renderer/src/stores/outbox';
import { ipcChannels } from '../shared/ipc/contract';
import { buildApi } from '../shared/ipc/define';
import { startStatusPageSimulator } from '../simulators/statuspal';
import { makeTempDir } from '../test/support/temp-dir';
import { median, round1 } from './render/first-render';

/*
 * Queueing a month of one metric's 5-minute points (8,640) through the window's path:
 * the window's own stores (the metrics store checks the file and queues it 1,000 points per outbox.enqueueMany
 * call; the outbox store keeps the window's copy from the answers and the core's changes) over window.api as the
 * preload builds it, each request and event copied as Electron's IPC copies them (structured clone), through the
 * IPC handler (the dispatcher's sender check and the request's and answer's schemas) into the real AppCore, whose
 * events are checked against the contract too. Against the floor, in the same run: the core alone,
 * OutboxService.enqueueMany of the same 8,640 writes in one call (one fsync). Each side starts from an empty
 * outbox whose server refuses connections, so nothing is sent while it is timed.
 */

export const METRIC_POINTS = 8_640;
const START = 1717200000;
const ORIGIN = 'app://statusdesk';
const SENDER = { url: `${ORIGIN}/index.html`, isMainFrame: true };

export interface MetricQueueResult {
  points: number;
  windowMs: number;
  coreMs: number;
  ratio: number;
  window: number[];
  core: number[];
}

function csvOf(metricId: number): string {
  const lines = ['metric_id,time,value'];
  for (let i = 0; i < METRIC_POINTS; i++) lines.push(`${metricId},${START + i * 300},${i % 97}`);
  return lines.join('\n');
}

/** The core's batched enqueue of the same points, in a fresh outbox of its own. */
async function coreOnce(baseUrl: string): Promise<number> {
  const temp = makeTempDir('statusdesk-bench-metric-core-');
  const { outbox } = await openStatusPageOutbox({ dataDir: temp.dir, env: { STATUSDESK_API_KEY: 'unused' } });
  try {
    const accountId = envAccountId(baseUrl);
    const writes = Array.from({ length: METRIC_POINTS }, (_, i) => ({
      accountId,
      server: { baseUrl, keyFrom: 'env' as const },
      operation: 'addMetricEntry',
      input: { subdomain: 'acme', metricId: 1, entry: { time: START + i * 300, value: i % 97 } },
    }));
    const started = performance.now();
    await outbox.enqueueMany(writes);
    return performance.now() - started;
  } finally {
    await outbox.stop();
    temp.remove();
  }
}

/** The window's path: a fresh AppCore and fresh stores, one file of 8,640 points, timed from queueCsv to its end. */
async function windowOnce(baseUrl: string): Promise<number> {
  const temp = makeTempDir('statusdesk-bench-metric-window-');
  const core = new AppCore({
    version: '0.0.0-bench',
    vault: new KeyVault(new KeychainSecretStore({ service: `Statusdesk-bench-${randomUUID()}` })),
    dataDir: temp.dir,
    appOrigins: [ORIGIN],
  });
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const disconnect = core.events.connect((channel, payload) => {
    const copy = structuredClone(payload);
    for (const listener of listeners.get(channel) ?? []) listener(copy);
  });
  const api = buildApi(ipcChannels, {
    invoke: async (channel, request) => structuredClone(await core.dispatcher.dispatch(channel, structuredClone(request), SENDER)),
    subscribe: (channel, listener) => {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(listener);
      return () => set.delete(listener);
    },
  });
  const previous = (globalThis as { window?: unknown }).window;
  (globalThis as { window?: unknown }).window = { api };
  try {
    await core.start();
    const account = await core.accounts.add({
      name: 'Bench',
      region: 'custom',
      baseUrl,
      subdomain: 'acme',
      organizationId: '1',
      apiKey: 'bench-key-unused',
      sessionOnlyKey: true,
    });
    setActivePinia(createPinia());
    const outbox = useOutboxStore();
    await outbox.start();
    const metrics = useAdminMetrics();
    metrics.loadFile('month.csv', csvOf(1));
    const started = performance.now();
    await metrics.queueCsv({ kind: 'page', accountId: account.id, subdomain: 'acme' });
    const ms = performance.now() - started;
    if (!metrics.message?.startsWith(`${METRIC_POINTS.toLocaleString('en')} points queued`))
      throw new Error(`not queued: ${metrics.failure ?? metrics.csvErrors[0]?.message}`);
    if (outbox.entries.length !== METRIC_POINTS) throw new Error(`the window shows ${outbox.entries.length} entries`);
    return ms;
  } finally {
    (globalThis as { window?: unknown }).window = previous;
    disconnect();
    await core.dispose();
    temp.remove();
  }
}

/** `runs` of each side, alternating, after one warm-up of each. */
export async function measureMetricQueue(runs: number): Promise<MetricQueueResult> {
  const sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
  await sim.goOffline({ mode: 'refuse' });
  try {
    await coreOnce(sim.baseUrl);
    await windowOnce(sim.baseUrl);
    const window: number[] = [];
    const core: number[] = [];
    for (let r = 0; r < runs; r++) {
      window.push(round1(await windowOnce(sim.baseUrl)));
      core.push(round1(await coreOnce(sim.baseUrl)));
    }
    return {
      points: METRIC_POINTS,
      windowMs: round1(median(window)),
      coreMs: round1(median(core)),
      ratio: Math.round((median(window) / median(core)) * 100) / 100,
      window,
      core,
    };
  } finally {
    await sim.close();
  }
}

if (process.argv[1]?.endsWith('metric-queue.ts')) console.log(JSON.stringify(await measureMetricQueue(Number(process.argv[2] ?? 3))));

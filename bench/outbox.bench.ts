import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tempIdFor } from '../shared/outbox/temp-id';
import { openStatusPageOutbox } from '../electron/core/outbox/create-statuspal-outbox';
import { clearRateLimiters } from '../electron/core/statuspal-client/rate-limiter';
import type { FetchLike } from '../electron/core/statuspal-client/transport';
import { startStatusPageSimulator } from '../simulators/statuspal';

/*
 * Outbox flush benchmark (docs/architecture.md budget: a flush on reconnect within 1.1x of the bound the rate limit sets,
 * no 429 storm, no duplicate, nothing lost). 1,000 writes across 100 incidents (a create and 9 updates each)
 * are queued, then flushed against the simulator with its rate limit on, scaled down to 100 requests per
 * second so the run takes about 10 s, and the client's limiter configured the same.
 * Bound: the first `limit` requests may go at once, then `limit` per window: (ceil(N / limit) − 1) × window.
 * Run: npx tsx bench/outbox.bench.ts
 */

export interface OutboxBenchOptions {
  incidents?: number;
  updatesPerIncident?: number;
  /** Requests per window, for the simulator and the client alike. */
  limit?: number;
  windowMs?: number;
  maxInFlightPerAccount?: number;
}

export interface OutboxBenchResult {
  name: 'outbox';
  writes: number;
  incidents: number;
  limit: number;
  windowMs: number;
  maxInFlightPerAccount: number;
  /** Requests that reached the simulator during the flush (writes plus any reads). */
  requests: number;
  /** (ceil(requests / limit) − 1) × windowMs. */
  lowerBoundMs: number;
  wallMs: number;
  /** wallMs / lowerBoundMs; budget ≤ 1.1. */
  ratio: number;
  rateLimited429: number;
  duplicates: number;
  lost: number;
  outOfOrder: number;
  enqueueMs: number;
  /** fsyncs for all records (group commit shares them). */
  fsyncs: number;
  pass: boolean;
}

type Body = { incident?: { title: string }; update?: { description: string } };

export async function runOutboxBench(options: OutboxBenchOptions = {}): Promise<OutboxBenchResult> {
  const incidents = options.incidents ?? 100;
  const updates = options.updatesPerIncident ?? 9;
  const limit = options.limit ?? 100;
  const windowMs = options.windowMs ?? 1_000;
  const maxInFlight = options.maxInFlightPerAccount ?? 8;
  const writes = incidents * (1 + updates);

  const sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: { limit, windowMs } });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'statusdesk-outbox-bench-'));
  clearRateLimiters();
  let rateLimited429 = 0;
  let requests = 0;
  const counting: FetchLike = async (url, init) => {
    requests++;
    const response = await fetch(url, init);
    if (response.status === 429) rateLimited429++;
    return response;
  };
  const accountId = randomUUID();
  const { outbox } = await openStatusPageOutbox({
    dataDir,
    accounts: {
      account: (id) => (id === accountId ? { id, region: 'custom', baseUrl: sim.baseUrl } : null),
      apiKey: async () => sim.keys.demoReadWrite,
    },
    rateLimit: { limit, windowMs },
    maxInFlightPerAccount: maxInFlight,
    fetch: counting,
  });
  try {
    let started = performance.now();
    const queued: Promise<unknown>[] = [];
    for (let i = 0; i < incidents; i++) {
      const id = randomUUID();
      queued.push(
        outbox.enqueue({ id, accountId, operation: 'createIncident', input: { subdomain: 'acme', incident: { type: 'minor', title: `Bench ${i}` } } }),
      );
      for (let u = 0; u < updates; u++) {
        queued.push(
          outbox.enqueue({
            accountId,
            operation: 'addIncidentUpdate',
            input: { subdomain: 'acme', incidentId: tempIdFor(id), update: { type: 'update', description: `Bench ${i} update ${u}` } },
          }),
        );
      }
    }
    await Promise.all(queued);
    const enqueueMs = performance.now() - started;

    requests = 0;
    started = performance.now();
    outbox.start();
    const report = await outbox.flush();
    const wallMs = performance.now() - started;

    const log = sim.writeLog({ pathPrefix: '/status_pages/acme/incidents' });
    const seen = new Map<string, number>();
    for (const w of log) {
      const body = w.body as Body;
      const key = body.incident?.title ?? body.update?.description ?? '';
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    const duplicates = [...seen.values()].reduce((n, c) => n + (c - 1), 0);
    let lost = 0;
    let outOfOrder = 0;
    for (let i = 0; i < incidents; i++) {
      const create = log.find((w) => (w.body as Body).incident?.title === `Bench ${i}`);
      if (!create) {
        lost += 1 + updates;
        continue;
      }
      const texts = log.filter((w) => w.path.endsWith(`/incidents/${create.resultId}/updates`)).map((w) => (w.body as Body).update?.description);
      for (let u = 0; u < updates; u++) if (!texts.includes(`Bench ${i} update ${u}`)) lost++;
      if (texts.some((t, u) => t !== `Bench ${i} update ${u}`)) outOfOrder++;
    }
    lost += report.pending + report.failed;
    const lowerBoundMs = (Math.ceil(requests / limit) - 1) * windowMs;
    const ratio = wallMs / lowerBoundMs;
    return {
      name: 'outbox',
      writes,
      incidents,
      limit,
      windowMs,
      maxInFlightPerAccount: maxInFlight,
      requests,
      lowerBoundMs,
      wallMs: Math.round(wallMs),
      ratio: Math.round(ratio * 1000) / 1000,
      rateLimited429,
      duplicates,
      lost,
      outOfOrder,
      enqueueMs: Math.round(enqueueMs),
      fsyncs: outbox.syncCount,
      pass: ratio <= 1.1 && rateLimited429 === 0 && duplicates === 0 && lost === 0 && outOfOrder === 0,
    };
  } finally {
    await outbox.stop();
    await sim.close();
    clearRateLimiters();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const result = await runOutboxBench();
  console.log(JSON.stringify(result, null, 2));
  if (!result.pass) process.exitCode = 1;
}

import { spawn } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openStatusPageOutbox } from '../../../electron/core/outbox/create-statuspal-outbox';
import type { OutboxService } from '../../../electron/core/outbox/outbox-service';
import { envAccountId } from '../../../electron/core/outbox/statuspal/targets';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { repoRoot } from '../../support/paths';
import { makeTempDir } from '../../support/temp-dir';
import { testChildBundle } from '../../support/test-children';
import { openTestOutbox, resetLimiters, simAccounts, until } from './support/harness';

/*
 * A metric's data points go as fast as the rate limit allows: each carries its own time, so the outbox does not
 * wait for one point's answer before sending the next (dispatch-plan.ts, `pipelined`). With the server answering
 * after 250 ms, one at a time would be N × 250 ms. Not timed here (no test races the clock): the simulator counts
 * the most point requests it held at once, which is more than one, and never more than the account's limit in
 * flight; every point is committed. An incident's writes, on the same account at the same time, still go one at a
 * time and in order; and a kill -9 with points in flight loses none of them (at least once, as promised).
 */

const CHILD = testChildBundle('flush');
const ANSWER_MS = 250;
const START = 1717200000;

let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir> | undefined;
let outbox: OutboxService | undefined;

beforeAll(async () => {
  sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
});
afterAll(async () => {
  await sim.close();
});
afterEach(async () => {
  await outbox?.stop();
  outbox = undefined;
  home?.remove();
  home = undefined;
  sim.clearFaults();
  sim.clearWriteLog();
  sim.clearRequestCounts();
  resetLimiters();
});

const pointInput = (metricId: number, i: number) => ({ subdomain: 'acme', metricId, entry: { time: START + i * 300, value: i } });
const timesSent = (metricId: number) =>
  sim
    .writeLog({ op: 'metrics.entries.create' })
    .filter((w) => w.path.endsWith(`/metrics/${metricId}/entries`))
    .map((w) => (w.body as { entry: { time: number } }).entry.time);
const allTimes = (n: number) => Array.from({ length: n }, (_, i) => START + i * 300);

describe("a metric's points", () => {
  it('are sent several at a time within the account’s limit in flight, all committed; an incident’s writes still one by one in order', async () => {
    home = makeTempDir('statusdesk-outbox-pipeline-');
    const { accountId, accounts } = simAccounts(sim);
    sim.setFaults([
      { pathPrefix: '/status_pages/acme/metrics', latencyMs: ANSWER_MS },
      { pathPrefix: '/status_pages/acme/incidents', latencyMs: ANSWER_MS },
    ]);
    outbox = await openTestOutbox(home.dir, accounts, { maxInFlightPerAccount: 4 });
    const points = 24;
    await outbox.enqueueMany(Array.from({ length: points }, (_, i) => ({ accountId, operation: 'addMetricEntry', input: pointInput(1, i) })));
    const created = await outbox.enqueue({
      accountId,
      operation: 'createIncident',
      input: { subdomain: 'acme', incident: { type: 'minor', title: 'Queue slow' } },
    });
    for (const description of ['Looking', 'Found it', 'Fixed']) {
      await outbox.enqueue({
        accountId,
        operation: 'addIncidentUpdate',
        input: { subdomain: 'acme', incidentId: created.tempId!, update: { type: 'update', description } },
      });
    }
    outbox.start();
    const report = await outbox.flush({ timeoutMs: 240_000 });
    expect(report).toMatchObject({ settled: true, pending: 0, failed: 0 });

    expect(sim.peakRequestsInProgress('/status_pages/acme/metrics/1/entries')).toBeGreaterThan(1);
    expect(sim.peakRequestsInProgress('/status_pages/acme/metrics/1/entries')).toBeLessThanOrEqual(4);
    expect(outbox.list().filter((e) => e.operation === 'addMetricEntry' && e.state === 'sent')).toHaveLength(points);
    expect([...timesSent(1)].sort((a, b) => a - b)).toEqual(allTimes(points));

    expect(sim.peakRequestsInProgress('/status_pages/acme/incidents')).toBe(1);
    const updates = sim.writeLog({ op: 'incidents.updates.create' }).map((w) => (w.body as { update: { description: string } }).update.description);
    expect(updates).toEqual(['Looking', 'Found it', 'Fixed']);
  });

  it('in flight when the sender is killed -9 are all on the server after the next run (at least once)', async () => {
    home = makeTempDir('statusdesk-outbox-pipeline-kill-');
    sim.setFaults({ pathPrefix: '/status_pages/acme/metrics', latencyMs: ANSWER_MS });
    const points = 40;
    const accountId = envAccountId(sim.baseUrl);
    const queued = await openStatusPageOutbox({ dataDir: home.dir, env: { STATUSDESK_API_KEY: sim.keys.demoReadWrite } });
    await queued.outbox.enqueueMany(
      Array.from({ length: points }, (_, i) => ({
        accountId,
        server: { baseUrl: sim.baseUrl, keyFrom: 'env' as const },
        operation: 'addMetricEntry',
        input: pointInput(1, i),
      })),
    );
    await queued.outbox.stop();

    const run = (killWhenSeveralInFlight: boolean) =>
      new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, [CHILD], {
          cwd: repoRoot,
          env: { ...process.env, OUTBOX_DIR: home!.dir, STATUSDESK_API_KEY: sim.keys.demoReadWrite },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.on('close', (code, signal) => resolve({ code, signal, out }));
        if (killWhenSeveralInFlight) {
          // Some points answered and several more held by the server: the kill lands mid-pipeline.
          void until(() => timesSent(1).length >= 8 && sim.peakRequestsInProgress('/status_pages/acme/metrics') > 1, 'points in flight').then(
            () => child.kill('SIGKILL'),
            () => undefined, // never several in flight: the child runs to its end, and the test says so below
          );
        }
      });
    const killed = await run(true);
    expect(killed.signal).toBe('SIGKILL');
    expect(timesSent(1).length).toBeLessThan(points);

    const finished = await run(false);
    expect(finished.code).toBe(0);
    expect(finished.out).toMatch(/done .*"pending":0/);
    // Every point at least once; a point whose answer the kill lost may be there twice, never missing.
    expect([...new Set(timesSent(1))].sort((a, b) => a - b)).toEqual(allTimes(points));
    const reopened = await openStatusPageOutbox({ dataDir: home.dir, env: { STATUSDESK_API_KEY: sim.keys.demoReadWrite } });
    try {
      expect(reopened.outbox.list().every((e) => e.state === 'sent')).toBe(true);
      expect(reopened.outbox.list()).toHaveLength(points);
    } finally {
      await reopened.outbox.stop();
    }
  });
});

import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envAccountId } from '../../electron/services/outbox/statuspage/targets';
import { startStatusPageSimulator, type StatusPageSimulator, type WriteLogEntry } from '../../electron/services/simulators/statuspage';
import { tempIdFor } from '../../shared/outbox/temp-id';
import { openTestOutbox } from '../integration/outbox/support/harness';
import { repoRoot } from '../support/paths';
import { makeTempDir } from '../support/temp-dir';
import { SIZES } from './support/mode';

/*
 * Crash: 1,000 queued writes (100 incidents, each created then updated 9 times, every update naming its
 * incident by temporary id) flushed by a child process that is killed with SIGKILL 50 times (10 quick) —
 * by progress, while requests are in flight, and by time, during start-up, loading and recovery. Then one
 * run to the end. Each write reaches the server exactly once, in order; after every kill nothing sent so
 * far is duplicated. Uses the outbox's own crash harness (test/integration/outbox/support).
 */

const INCIDENTS = 100;
const UPDATES = 9;
const TOTAL = INCIDENTS * (1 + UPDATES);
const KILLS = SIZES.kills;
const CHILD = path.join(repoRoot, 'test/integration/outbox/support/flush-child.ts');

let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir>;

beforeAll(async () => {
  sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false, randomSeed: 99 });
  // A little latency so kills land while requests are in flight.
  sim.setFaults({ method: ['POST', 'PUT', 'DELETE'], latencyMs: { min: 3, max: 15 } });
  home = makeTempDir('statusdesk-reliability-crash-');
});

afterAll(async () => {
  await sim.close();
  home.remove();
});

interface ChildRun {
  signal: NodeJS.Signals | null;
  code: number | null;
  out: string;
  err: string;
}

function runChild(killWhen: ((startedAt: number, ready: boolean) => boolean) | null): Promise<ChildRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      cwd: repoRoot,
      env: { ...process.env, OUTBOX_DIR: home.dir, STATUSDESK_API_KEY: sim.keys.demoReadWrite },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const startedAt = Date.now();
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const timer = killWhen === null ? undefined : setInterval(() => killWhen(startedAt, out.includes('ready')) && child.kill('SIGKILL'), 3);
    child.on('exit', (code, signal) => {
      clearInterval(timer);
      resolve({ code, signal, out, err });
    });
  });
}

type Body = { incident?: { title: string }; update?: { description: string } };

/** No write reached the server twice: every title and every update text is unique. */
function expectNoDuplicates(log: WriteLogEntry[]): void {
  const keys = log.map((w) => (w.body as Body).incident?.title ?? (w.body as Body).update?.description ?? `${w.method} ${w.path}`);
  const seen = new Set<string>();
  for (const key of keys) {
    expect(seen.has(key), `sent twice: ${key}`).toBe(false);
    seen.add(key);
  }
}

const random = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

describe('outbox crash', () => {
  it(`${TOTAL.toLocaleString('en-US')} writes through ${KILLS} SIGKILLs during the flush: nothing lost, nothing duplicated, in order`, async () => {
    const accountId = envAccountId(sim.baseUrl);
    const server = { baseUrl: sim.baseUrl, keyFrom: 'env' as const };
    const queue = await openTestOutbox(home.dir, { account: () => null, apiKey: async () => null });
    const queued: Promise<unknown>[] = [];
    for (let i = 0; i < INCIDENTS; i++) {
      const id = randomUUID();
      queued.push(
        queue.enqueue({
          id,
          accountId,
          server,
          operation: 'createIncident',
          input: { subdomain: 'acme', incident: { type: 'minor', title: `Reliability incident ${i}`, updates: [{ type: 'issue', description: `Incident ${i} opened` }] } },
        }),
      );
      for (let u = 1; u <= UPDATES; u++) {
        queued.push(
          queue.enqueue({ accountId, server, operation: 'addIncidentUpdate', input: { subdomain: 'acme', incidentId: tempIdFor(id), update: { type: 'update', description: `Incident ${i} update ${u}` } } }),
        );
      }
    }
    await Promise.all(queued);
    expect(queue.pendingCount()).toBe(TOTAL);
    await queue.stop();

    const started = performance.now();
    let killed = 0;
    let killedMidway = 0;
    for (let k = 0; k < KILLS; k++) {
      const before = sim.writeLog().length;
      // Never more than twice a fair share of what is left per run, so every kill finds writes still queued
      // however fast this machine flushes.
      const target = Math.min(TOTAL - 1, before + random(1, Math.max(2, Math.floor((2 * (TOTAL - before)) / (KILLS - k + 1)))));
      const progressed = (ready: boolean) => ready && sim.writeLog().length >= target;
      let killWhen: (startedAt: number, ready: boolean) => boolean;
      if (k % 3 === 2) {
        // By time from the spawn: start-up, loading the file, recovering in-flight entries, the first sends.
        const at = random(50, 1_200);
        killWhen = (startedAt, ready) => Date.now() - startedAt >= at || progressed(ready);
      } else {
        // By progress: after a random share of what is left, while requests are in flight.
        killWhen = (startedAt, ready) => progressed(ready) || Date.now() - startedAt > 8_000;
      }
      const run = await runChild(killWhen);
      if (run.signal === 'SIGKILL') {
        killed++;
        if (sim.writeLog().length < TOTAL) killedMidway++;
      } else {
        expect(run.err).toBe('');
      }
      expectNoDuplicates(sim.writeLog({ pathPrefix: '/status_pages/acme/incidents' }));
    }
    const final = await runChild(null);
    expect(final.err).toBe('');
    expect(final.code).toBe(0);
    expect(final.out).toMatch(/done \{"settled":true/);
    console.log(`outbox crash: ${killed} SIGKILLs (${killedMidway} with writes still queued), ${TOTAL} writes, ${Math.round(performance.now() - started)} ms`);
    expect(killed).toBeGreaterThanOrEqual(KILLS - 2);
    expect(killedMidway).toBeGreaterThanOrEqual(Math.floor(KILLS * 0.8));

    const log = sim.writeLog({ pathPrefix: '/status_pages/acme/incidents' });
    expectNoDuplicates(log);
    const creates = log.filter((w) => w.op === 'incidents.create');
    expect(creates).toHaveLength(INCIDENTS);
    for (let i = 0; i < INCIDENTS; i++) {
      const create = creates.find((w) => (w.body as Body).incident?.title === `Reliability incident ${i}`);
      expect(create, `incident ${i} was never created`).toBeDefined();
      const updates = log.filter((w) => w.op === 'incidents.updates.create' && w.path === `/api/v2/status_pages/acme/incidents/${create!.resultId}/updates`);
      expect(updates.map((w) => (w.body as Body).update?.description)).toEqual(Array.from({ length: UPDATES }, (_, u) => `Incident ${i} update ${u + 1}`));
      expect(updates.every((w) => w.seq > create!.seq)).toBe(true);
    }
    expect(log).toHaveLength(TOTAL);
  }, 600_000);
});

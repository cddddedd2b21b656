import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { envAccountId } from '../../../../electron/core/outbox/statuspal/targets';
import type { StatusPageSimulator, WriteLogEntry } from '../../../../simulators/statuspal';
import { tempIdFor } from '../../../../shared/outbox/temp-id';
import { repoRoot } from '../../../support/paths';
import { testChildBundle } from '../../../support/test-children';
import { openTestOutbox } from './harness';

/*
 * The outbox crash scenario, run by the reliability suite (test/reliability/outbox-crash.test.ts, 50 kills):
 * `incidents` incidents are queued, each created then updated `updates` times with every update naming its
 * incident by temporary id; a child process (flush-child.ts, bundled: test/support/test-children.ts) flushing
 * them is killed with SIGKILL `kills` times, by progress while requests are in flight, or by time during
 * start-up, loading and recovery, then run to the end. After every kill nothing sent so far is duplicated; at
 * the end each write reached the server exactly once, in order, on its incident's server id.
 */

const CHILD = testChildBundle('flush');

interface CrashScenario {
  sim: StatusPageSimulator;
  dataDir: string;
  incidents: number;
  updates: number;
  kills: number;
  /** Incident titles are `${title} ${i}`. */
  title: string;
}

interface CrashReport {
  total: number;
  killed: number;
  /** Kills that landed while writes were still queued. */
  killedMidway: number;
  ms: number;
}

interface ChildRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
}

type Body = { incident?: { title: string }; update?: { description: string } };

/** Runs the child; kills it with SIGKILL once `killWhen()` says so (checked every few ms), or never when null. */
function runChild(scenario: CrashScenario, killWhen: ((startedAt: number, ready: boolean) => boolean) | null): Promise<ChildRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CHILD], {
      cwd: repoRoot,
      env: { ...process.env, OUTBOX_DIR: scenario.dataDir, STATUSDESK_API_KEY: scenario.sim.keys.demoReadWrite },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const startedAt = Date.now();
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const poll = killWhen === null ? undefined : setInterval(() => killWhen(startedAt, out.includes('ready')) && child.kill('SIGKILL'), 3);
    child.on('exit', (code, signal) => {
      clearInterval(poll);
      resolve({ code, signal, out, err });
    });
  });
}

/** No write reached the server twice: every title and every update text is unique. */
function expectNoDuplicates(log: WriteLogEntry[]): void {
  const seen = new Set<string>();
  for (const w of log) {
    const key = (w.body as Body).incident?.title ?? (w.body as Body).update?.description ?? `${w.method} ${w.path}`;
    expect(seen.has(key), `sent twice: ${key}`).toBe(false);
    seen.add(key);
  }
}

const random = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

async function queueWorkload(scenario: CrashScenario): Promise<number> {
  const { sim, incidents, updates } = scenario;
  const accountId = envAccountId(sim.baseUrl);
  const server = { baseUrl: sim.baseUrl, keyFrom: 'env' as const };
  const queue = await openTestOutbox(scenario.dataDir, { account: () => null, apiKey: async () => null });
  const queued: Promise<unknown>[] = [];
  for (let i = 0; i < incidents; i++) {
    const id = randomUUID();
    queued.push(
      queue.enqueue({
        id,
        accountId,
        server,
        operation: 'createIncident',
        input: {
          subdomain: 'acme',
          incident: { type: 'minor', title: `${scenario.title} ${i}`, updates: [{ type: 'issue', description: `Incident ${i} opened` }] },
        },
      }),
    );
    for (let u = 1; u <= updates; u++) {
      queued.push(
        queue.enqueue({
          accountId,
          server,
          operation: 'addIncidentUpdate',
          input: { subdomain: 'acme', incidentId: tempIdFor(id), update: { type: 'update', description: `Incident ${i} update ${u}` } },
        }),
      );
    }
  }
  await Promise.all(queued);
  const pending = queue.pendingCount();
  await queue.stop();
  return pending;
}

export async function runCrashScenario(scenario: CrashScenario): Promise<CrashReport> {
  const { sim, incidents, updates, kills } = scenario;
  const total = incidents * (1 + updates);
  expect(await queueWorkload(scenario)).toBe(total);

  const started = performance.now();
  let killed = 0;
  let killedMidway = 0;
  for (let k = 0; k < kills; k++) {
    const before = sim.writeLog().length;
    // Never more than twice a fair share of what is left per run, so every kill finds writes still queued
    // however fast this machine flushes.
    const target = Math.min(total - 1, before + random(1, Math.max(2, Math.floor((2 * (total - before)) / (kills - k + 1)))));
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
    const run = await runChild(scenario, killWhen);
    if (run.signal === 'SIGKILL') {
      killed++;
      if (sim.writeLog().length < total) killedMidway++;
    } else {
      expect(run.err).toBe('');
    }
    expectNoDuplicates(sim.writeLog({ pathPrefix: '/status_pages/acme/incidents' }));
  }
  const final = await runChild(scenario, null);
  expect(final.err).toBe('');
  expect(final.code).toBe(0);
  expect(final.out).toMatch(/done \{"settled":true/);
  expect(killed).toBeGreaterThanOrEqual(kills - 2);
  // The kills landed while writes were still queued, not after the work was done.
  expect(killedMidway).toBeGreaterThanOrEqual(Math.floor(kills * 0.8));

  const log = sim.writeLog({ pathPrefix: '/status_pages/acme/incidents' });
  expectNoDuplicates(log);
  const creates = log.filter((w) => w.op === 'incidents.create');
  expect(creates).toHaveLength(incidents);
  for (let i = 0; i < incidents; i++) {
    const create = creates.find((w) => (w.body as Body).incident?.title === `${scenario.title} ${i}`);
    expect(create, `incident ${i} was never created`).toBeDefined();
    const sent = log.filter((w) => w.op === 'incidents.updates.create' && w.path === `/api/v2/status_pages/acme/incidents/${create!.resultId}/updates`);
    expect(sent.map((w) => (w.body as Body).update?.description)).toEqual(Array.from({ length: updates }, (_, u) => `Incident ${i} update ${u + 1}`));
    expect(sent.every((w) => w.seq > create!.seq)).toBe(true);
  }
  expect(log).toHaveLength(total);
  return { total, killed, killedMidway, ms: Math.round(performance.now() - started) };
}

import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempIdFor } from '../../../shared/outbox/temp-id';
import { envAccountId } from '../../../electron/services/outbox/statuspage/targets';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../electron/services/simulators/statuspage';
import { makeTempDir } from '../../support/temp-dir';
import { repoRoot } from '../../support/paths';
import { openTestOutbox } from './support/harness';

const INCIDENTS = 100;
const UPDATES = 9;
const KILLS = 20;
const CHILD = path.join(repoRoot, 'test/integration/outbox/support/flush-child.ts');

let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir>;

beforeAll(async () => {
  // Rate limit off in the simulator so the run is fast; a little latency so kills land mid-flush.
  sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false, randomSeed: 7 });
  sim.setFaults({ method: ['POST', 'PUT', 'DELETE'], latencyMs: { min: 4, max: 20 } });
  home = makeTempDir('statusdesk-outbox-crash-');
});
afterAll(async () => {
  await sim.close();
  home.remove();
});

interface ChildRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
}

/**
 * Runs the child; kills it with SIGKILL once `killWhen()` says so (checked every few ms), or never when it
 * is null. Kills are placed by time (during start-up, load and recovery) or by progress (mid-flush, while
 * requests are in flight), so they land while work remains however fast this machine is.
 */
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
    const poll =
      killWhen === null
        ? undefined
        : setInterval(() => {
            if (killWhen(startedAt, out.includes('ready'))) child.kill('SIGKILL');
          }, 3);
    child.on('exit', (code, signal) => {
      if (poll) clearInterval(poll);
      resolve({ code, signal, out, err });
    });
  });
}

const TOTAL = INCIDENTS * (1 + UPDATES);
const random = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

describe('outbox crash safety', () => {
  it(
    `flushes ${INCIDENTS * (1 + UPDATES)} queued writes through ${KILLS} SIGKILLs: each write reaches the server exactly once, in order`,
    async () => {
      const accountId = envAccountId(sim.baseUrl);
      const server = { baseUrl: sim.baseUrl, keyFrom: 'env' as const };
      const queue = await openTestOutbox(home.dir, { account: () => null, apiKey: async () => null });
      const pending: Promise<unknown>[] = [];
      for (let i = 0; i < INCIDENTS; i++) {
        const id = randomUUID();
        pending.push(
          queue.enqueue({
            id,
            accountId,
            server,
            operation: 'createIncident',
            input: { subdomain: 'acme', incident: { type: 'minor', title: `Crash test incident ${i}`, updates: [{ type: 'issue', description: `Incident ${i} opened` }] } },
          }),
        );
        for (let u = 1; u <= UPDATES; u++) {
          pending.push(
            queue.enqueue({
              accountId,
              server,
              operation: 'addIncidentUpdate',
              input: { subdomain: 'acme', incidentId: tempIdFor(id), update: { type: 'update', description: `Incident ${i} update ${u}` } },
            }),
          );
        }
      }
      await Promise.all(pending);
      expect(queue.pendingCount()).toBe(INCIDENTS * (1 + UPDATES));
      await queue.stop();

      const kills: string[] = [];
      let killsMidway = 0;
      for (let k = 0; k < KILLS; k++) {
        const before = sim.writeLog().length;
        let killWhen: (startedAt: number, ready: boolean) => boolean;
        if (k % 3 === 2) {
          // By time from the spawn: during start-up, loading the file, recovery, or the first sends.
          const at = random(50, 1_200);
          killWhen = (startedAt) => Date.now() - startedAt >= at;
        } else {
          // By progress: after a random share of what is left, while requests are in flight.
          const target = Math.min(TOTAL - 1, before + random(1, Math.max(2, Math.floor((2 * (TOTAL - before)) / (KILLS - k + 1)))));
          killWhen = (startedAt, ready) => (ready && sim.writeLog().length >= target) || Date.now() - startedAt > 8_000;
        }
        const result = await runChild(killWhen);
        kills.push(result.signal ?? `exit ${result.code}`);
        const written = sim.writeLog().length;
        if (result.signal === 'SIGKILL' && written < TOTAL) killsMidway++;
        if (process.env.CRASH_DEBUG) console.log(k, result.signal, written, result.out.trim().split('\n')[0]);
        if (result.signal === null) expect(result.err).toBe('');
      }
      const final = await runChild(null);
      expect(final.err).toBe('');
      expect(final.code).toBe(0);
      expect(final.out).toMatch(/done \{"settled":true/);
      expect(kills.filter((s) => s === 'SIGKILL').length).toBeGreaterThanOrEqual(KILLS - 2);
      // The kills landed while writes were still queued, not after the work was done.
      expect(killsMidway).toBeGreaterThanOrEqual(KILLS - 4);

      const log = sim.writeLog({ pathPrefix: '/status_pages/acme/incidents' });
      const creates = log.filter((w) => w.op === 'incidents.create');
      const titles = creates.map((w) => (w.body as { incident: { title: string } }).incident.title);
      expect(new Set(titles).size).toBe(titles.length); // no duplicate create
      expect(titles.length).toBe(INCIDENTS); // none missing
      for (let i = 0; i < INCIDENTS; i++) {
        const create = creates.find((w) => (w.body as { incident: { title: string } }).incident.title === `Crash test incident ${i}`)!;
        const updates = log.filter((w) => w.op === 'incidents.updates.create' && w.path === `/api/v2/status_pages/acme/incidents/${create.resultId}/updates`);
        const texts = updates.map((w) => (w.body as { update: { description: string } }).update.description);
        expect(texts).toEqual(Array.from({ length: UPDATES }, (_, u) => `Incident ${i} update ${u + 1}`));
        expect(updates.every((w) => w.seq > create.seq)).toBe(true);
      }
      expect(log.length).toBe(INCIDENTS * (1 + UPDATES));
    },
    120_000,
  );
});

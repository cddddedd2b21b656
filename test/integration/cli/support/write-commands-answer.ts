import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStatusPageSimulator, type FaultRule, type StatusPageSimulator } from '../../../../simulators/statuspal';
import { makeTempDir } from '../../../support/temp-dir';
import { repoRoot } from '../../../support/paths';

/*
 * Shared by the command-always-answers-*.test.ts files, which split the faults between them so the files run
 * side by side (each with its own simulator): one file of all twelve faults was the integration suite's longest.
 *
 * "No exit without a report", checked the way a script sees it: the real `statusdesk` binary in its own
 * process (an in-process run hides what Node does when a command's last promise is left pending: exit 13,
 * no output), against one fault of the network at a time. Every write command must say what happened (sent
 * with the server's id, queued with the reason, or failed with the reason), exit 0 or 1, leave no lock, and
 * leave the server with the write exactly once.
 */

const WRITES: FaultRule = { method: ['POST', 'PUT', 'DELETE'], times: 1 };

/** Each fault hits the command's first write request once; grouped by what the server did. */
export const FAULTS = {
  refusedBeforeCommit: {
    '503 before commit': { ...WRITES, errorRates: { 503: 1 }, retryAfterSeconds: 1 },
    '429 with Retry-After': { ...WRITES, errorRates: { 429: 1 }, retryAfterSeconds: 1 },
    '429 without Retry-After': { ...WRITES, errorRates: { 429: 1 }, retryAfterSeconds: null },
  },
  lostAfterCommit: {
    '500 after commit': { ...WRITES, statusAfterCommit: 500 },
    '503 after commit': { ...WRITES, statusAfterCommit: 503 },
    '408 after commit (a gateway)': { ...WRITES, statusAfterCommit: 408 },
    '429 after commit (a gateway)': { ...WRITES, statusAfterCommit: 429 },
    'reset after commit': { ...WRITES, dropAfterCommitRate: 1 },
  },
  garbledAnswer: {
    'unreadable 200 body (committed)': { ...WRITES, malformedRate: 1 },
    'empty 200 body (committed)': { ...WRITES, emptyBodyAfterCommitRate: 1 },
    'captive portal HTML (not forwarded)': { ...WRITES, captivePortalRate: 1 },
    'captive portal 302 to its login page (not forwarded)': { ...WRITES, captivePortalRedirectRate: 1 },
  },
} satisfies Record<string, Record<string, FaultRule>>;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Every write command, against each of `faults` in turn, on a simulator of this file's own; with `serverDown`,
 * also the writes queued while nothing answers.
 */
export function describeWriteCommandsUnder(faults: Record<string, FaultRule>, { serverDown = false } = {}): void {
  let sim: StatusPageSimulator;
  let home: ReturnType<typeof makeTempDir> | undefined;

  beforeAll(async () => {
    sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
  });
  afterAll(async () => {
    await sim.close();
  });
  afterEach(async () => {
    await sim.reset();
    home?.remove();
    home = undefined;
  });

  function statusdesk(args: string[]): Promise<Run> {
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        [path.join(repoRoot, 'bin/statusdesk.js'), '--base-url', sim.baseUrl, ...args],
        { env: { ...process.env, STATUSDESK_HOME: home!.dir, STATUSDESK_API_KEY: sim.keys.demoReadWrite }, timeout: 90_000 },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
          resolve({ code, stdout, stderr });
        },
      );
    });
  }

  function openIncident(): number {
    return sim.openIncident({ page: 'acme', title: 'Database latency', type: 'minor' }).id;
  }

  const incidentWrites = () => sim.writeLog({ pathPrefix: '/status_pages/acme/incidents' });

  function expectReported(run: Run, expected: RegExp): void {
    const said = `${run.stdout}${run.stderr}`;
    expect(said.trim(), `exit ${run.code} with no output`).not.toBe('');
    expect([0, 1], `exit ${run.code}: ${said}`).toContain(run.code);
    expect(said).toMatch(expected);
    expect(fs.existsSync(path.join(home!.dir, 'outbox.lock')), 'outbox.lock left behind').toBe(false);
  }

  describe.each(Object.entries(faults))('with %s, every write command answers', (_name, fault) => {
    it('incidents create: created once', async () => {
      home = makeTempDir('statusdesk-answers-');
      sim.setFaults(fault);
      const run = await statusdesk(['incidents', 'create', 'acme', '--title', 'Checkout errors', '--type', 'major', '--message', 'Investigating']);
      expectReported(run, /^created #\d+ \[major\] Checkout errors/m);
      expect(incidentWrites().filter((w) => w.op === 'incidents.create')).toHaveLength(1);
    });

    it('incidents update --json: posted once', async () => {
      home = makeTempDir('statusdesk-answers-');
      const id = openIncident();
      sim.setFaults(fault);
      const run = await statusdesk(['--json', 'incidents', 'update', 'acme', String(id), '--message', 'Fix deployed', '--update-type', 'monitoring']);
      expectReported(run, /"state":"sent"/);
      expect(incidentWrites().filter((w) => w.op === 'incidents.updates.create')).toHaveLength(1);
    });

    it('incidents resolve: resolved once', async () => {
      home = makeTempDir('statusdesk-answers-');
      const id = openIncident();
      sim.setFaults(fault);
      const run = await statusdesk(['incidents', 'resolve', 'acme', String(id), '--message', 'All good']);
      expectReported(run, new RegExp(`^resolved incident #${id}`, 'm'));
      expect(incidentWrites().filter((w) => w.op === 'incidents.updates.create')).toHaveLength(1);
    });

    it('incidents delete: deleted', async () => {
      home = makeTempDir('statusdesk-answers-');
      const id = openIncident();
      sim.setFaults(fault);
      const run = await statusdesk(['incidents', 'delete', 'acme', String(id)]);
      expectReported(run, new RegExp(`^deleted incident #${id}`, 'm'));
    });

    it('maintenances create and notices create: each created once', async () => {
      home = makeTempDir('statusdesk-answers-');
      sim.setFaults(fault);
      const maintenance = await statusdesk([
        'maintenances',
        'create',
        'acme',
        '--title',
        'Router swap',
        '--starts',
        '2030-01-10T22:00:00Z',
        '--message',
        'Planned',
      ]);
      expectReported(maintenance, /^created #\d+ \[scheduled\] Router swap/m);
      expect(incidentWrites().filter((w) => w.op === 'incidents.create')).toHaveLength(1);
      sim.setFaults(fault);
      const notice = await statusdesk(['notices', 'create', 'acme', '--title', 'New layout', '--message', 'Same addresses']);
      expectReported(notice, /^created #\d+ New layout/m);
      expect(sim.writeLog({ pathPrefix: '/status_pages/acme/info_notices' }).filter((w) => w.op === 'info_notices.create')).toHaveLength(1);
    });

    it('outbox flush: sends what was queued offline, once', async () => {
      home = makeTempDir('statusdesk-answers-');
      await sim.goOffline();
      const queued = await statusdesk(['incidents', 'create', 'acme', '--title', 'Queued on a train', '--type', 'minor']);
      expectReported(queued, /^queued [0-9a-f-]{36}/m);
      await sim.goOnline();
      sim.setFaults(fault);
      const run = await statusdesk(['outbox', 'flush']);
      expectReported(run, /sent 1; nothing left/);
      expect(run.code).toBe(0);
      expect(incidentWrites().filter((w) => w.op === 'incidents.create')).toHaveLength(1);
    });
  });

  if (!serverDown) return;

  describe('with the server down', () => {
    it('create, then update and --json resolve on the temp id: each says queued, exit 0, no lock', async () => {
      home = makeTempDir('statusdesk-answers-');
      await sim.goOffline();
      const created = await statusdesk(['--json', 'incidents', 'create', 'acme', '--title', 'Offline', '--type', 'minor', '--message', 'Looking']);
      expectReported(created, /"state":"queued"/);
      const { tempId } = JSON.parse(created.stdout) as { tempId: string };
      expectReported(await statusdesk(['incidents', 'update', 'acme', tempId, '--message', 'Still looking']), /^queued [0-9a-f-]{36}/m);
      expectReported(await statusdesk(['--json', 'incidents', 'resolve', 'acme', tempId]), /"state":"queued"/);
      const flush = await statusdesk(['outbox', 'flush', '--timeout', '2']);
      expectReported(flush, /left: 3 pending/);
      expect(flush.code).toBe(1);
    });
  });
}

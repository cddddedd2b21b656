import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handoffDirOf, handOffWrite, OutboxHandoffReceiver } from '../../../electron/core/outbox/outbox-handoff';
import type { StatusPageSimulator } from '../../../simulators/statuspal';
import { makeTempDir } from '../../support/temp-dir';
import { openTestOutbox, simAccounts } from './support/harness';
import { shareSimulator } from './support/shared-simulator';

let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir>;

shareSimulator((started) => (sim = started));
afterEach(async () => {
  home?.remove();
});

const titles = () => sim.writeLog({ op: 'incidents.create' }).map((w) => (w.body as { incident: { title: string } }).incident.title);

describe('writes handed over to the outbox owner', () => {
  it('are durable files until the owner takes them in, in the order they were handed over, each once', async () => {
    home = makeTempDir('statusdesk-handoff-');
    const { accountId, accounts } = simAccounts(sim);
    const create = (title: string) => ({ accountId, operation: 'createIncident', input: { subdomain: 'acme', incident: { type: 'minor', title } } });
    const ids = [];
    for (const title of ['first', 'second', 'third']) ids.push(await handOffWrite(home.dir, create(title)));
    const files = fs.readdirSync(handoffDirOf(home.dir)).sort();
    expect(files).toHaveLength(3);
    // A crash after the enqueue but before the unlink leaves the file: taking it in again is the same entry.
    const replay = path.join(handoffDirOf(home.dir), files[0]!.replace(/^\d{15}/, '999999999999999'));
    fs.copyFileSync(path.join(handoffDirOf(home.dir), files[0]!), replay);

    const outbox = await openTestOutbox(home.dir, accounts);
    const problems: string[] = [];
    const receiver = new OutboxHandoffReceiver({ dataDir: home.dir, outbox, reportProblem: (m) => problems.push(m) });
    try {
      expect(await receiver.start()).toBe(4);
      expect(outbox.list().map((e) => e.id)).toEqual(ids);
      expect(fs.readdirSync(handoffDirOf(home.dir))).toEqual([]);
      outbox.start();
      await outbox.flush();
      expect(titles()).toEqual(['first', 'second', 'third']);

      // Handed over while the owner runs: the folder is watched.
      const later = await handOffWrite(home.dir, create('while running'));
      await vi.waitFor(() => expect(outbox.get(later)?.state).toBe('sent'), { timeout: 5_000 });
      expect(titles()).toEqual(['first', 'second', 'third', 'while running']);
      expect(problems).toEqual([]);
    } finally {
      await receiver.stop();
      await outbox.stop();
    }
  });

  it('sets aside, and reports, a file that is not a write or that the outbox refuses; the others are taken in', async () => {
    home = makeTempDir('statusdesk-handoff-');
    const { accountId, accounts } = simAccounts(sim);
    const dir = handoffDirOf(home.dir);
    await handOffWrite(home.dir, { accountId, operation: 'createIncident', input: { subdomain: 'acme', incident: { type: 'minor', title: 'good' } } });
    // Refers to a temp id that is not in this outbox.
    await handOffWrite(home.dir, {
      accountId,
      operation: 'addIncidentUpdate',
      input: { subdomain: 'acme', incidentId: 'tmp-00000000-0000-4000-8000-000000000000', update: { type: 'update', description: 'x' } },
    });
    fs.writeFileSync(path.join(dir, '000000000000001-00000000-0000-4000-8000-000000000001.json'), '{"version": 1, "request": {"operation": 12');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not ours');

    const outbox = await openTestOutbox(home.dir, accounts);
    const problems: string[] = [];
    const receiver = new OutboxHandoffReceiver({ dataDir: home.dir, outbox, reportProblem: (m) => problems.push(m) });
    try {
      expect(await receiver.drain()).toBe(1);
      expect(outbox.list().map((e) => e.operation)).toEqual(['createIncident']);
      expect(problems).toEqual([
        expect.stringMatching(/could not be queued \(it is not valid JSON\)\. It was moved to .*\.corrupt-/),
        expect.stringMatching(/could not be queued \(.*tmp-00000000-0000-4000-8000-000000000000.*\)\. It was moved to .*\.corrupt-/),
      ]);
      const left = fs.readdirSync(dir).sort();
      expect(left.filter((name) => name.includes('.corrupt-'))).toHaveLength(2);
      expect(left).toContain('notes.txt');
      // Nothing left to take in: a second drain reports nothing again.
      expect(await receiver.drain()).toBe(0);
      expect(problems).toHaveLength(2);
    } finally {
      await outbox.stop();
    }
  });
});

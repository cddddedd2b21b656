import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStatusPageOutbox } from '../../../electron/core/outbox/create-statuspal-outbox';
import { parseOutboxLog } from '../../../electron/core/outbox/log-format';
import { envAccountId } from '../../../electron/core/outbox/statuspal/targets';
import { type makeTempDir } from '../../support/temp-dir';
import { simulatorPerFile } from './support/simulator-per-file';
import { runCliIn } from './support/run-cli';
import { SOAK_MS } from '../../support/time-outs';
import { REFUSED_API_BASE_URL } from '../../support/refused-address';

/*
 * The outbox file was never compacted in normal use (after 5,000 sends it held 20,001 lines and
 * `outbox list` printed all 5,000 sent rows), and queueing offline was O(n) per command: each command attempted
 * the writes already waiting, a record and an fsync each, and the file grew by a line per waiting write per
 * command. The file now keeps the last 100 to 150 sent writes, and a command learns once that the server is not
 * there. The figures at scale are bench rows (bench/outbox-months.bench.ts).
 */

const world = simulatorPerFile();
let home: ReturnType<typeof makeTempDir> | undefined;

const outboxFile = () => path.join(home!.dir, 'outbox.jsonl');
const lines = () => fs.readFileSync(outboxFile(), 'utf8').trimEnd().split('\n').length;

/** Sent entries the file holds, replayed from its records. */
function sentInFile(): number {
  const states = new Map<string, string>();
  for (const record of parseOutboxLog(fs.readFileSync(outboxFile())).records) {
    if (record.t === 'add') states.set(record.entry.id, record.entry.state);
    else if (record.t === 'state' && states.has(record.id)) states.set(record.id, record.state);
    else if (record.t === 'remove') states.delete(record.id);
  }
  return [...states.values()].filter((s) => s === 'sent').length;
}

describe('the outbox over months', () => {
  it(
    'after 300 sends the file holds at most 150 sent writes, and outbox list prints those',
    async () => {
      home = world.newHome('statusdesk-cli-months-');
      const env = { STATUSDESK_API_KEY: world.sim.keys.demoReadWrite };
      for (let session = 0; session < 3; session++) {
        const { outbox } = await openStatusPageOutbox({ dataDir: home.dir, env });
        outbox.start();
        for (let i = 0; i < 100; i++) {
          await outbox.enqueue({
            accountId: envAccountId(world.sim.baseUrl),
            server: { baseUrl: world.sim.baseUrl, keyFrom: 'env' },
            operation: 'createIncident',
            input: { subdomain: 'acme', incident: { type: 'minor', title: `Incident ${session}-${i}` } },
          });
        }
        expect(await outbox.flush({ timeoutMs: 120_000 })).toMatchObject({ pending: 0, inFlight: 0, failed: 0 });
        await outbox.stop();
        expect(sentInFile()).toBeLessThanOrEqual(150);
      }
      expect(world.sim.writeLog({ op: 'incidents.create' })).toHaveLength(300);
      expect(lines()).toBeLessThan(1_000);

      const listed = await runCliIn(home.dir, ['--json', 'outbox', 'list']);
      expect(listed.code, listed.stderr).toBe(0);
      const { entries } = JSON.parse(listed.stdout) as { entries: { state: string; input: { incident: { title: string } } }[] };
      expect(entries.length).toBeGreaterThanOrEqual(100);
      expect(entries.length).toBeLessThanOrEqual(150);
      expect(entries.length).toBe(sentInFile());
      // The newest are kept.
      expect(entries.at(-1)!.input.incident.title).toBe('Incident 2-99');
      const text = await runCliIn(home.dir, ['outbox', 'list']);
      expect(text.stdout.trimEnd().split('\n')).toHaveLength(1 + entries.length);
    },
    SOAK_MS,
  );

  it('queueing offline costs one attempt per command, not one per write waiting', async () => {
    home = world.newHome('statusdesk-cli-months-');
    const offline = REFUSED_API_BASE_URL;
    const env = { STATUSDESK_API_KEY: 'a-key-0000' };
    const create = (n: number) =>
      runCliIn(home!.dir, ['--base-url', offline, 'incidents', 'create', 'acme', '--title', `Offline ${n}`, '--type', 'minor'], env);
    for (let n = 0; n < 12; n++) expect((await create(n)).stdout).toMatch(/^queued .*the server cannot be reached now/);
    const before = lines();
    const last = await create(12);
    expect(last.code, last.stderr).toBe(0);
    // Its own write, and one write attempted (being sent, then waiting again): not twelve.
    expect(lines() - before).toBeLessThanOrEqual(3);
    const listed = JSON.parse((await runCliIn(home.dir, ['--json', 'outbox', 'list'])).stdout) as { entries: { attempts: number }[] };
    expect(listed.entries).toHaveLength(13);
    // Each command tried one write: the thirteen commands made thirteen attempts in all, not 78.
    expect(listed.entries.reduce((sum, e) => sum + e.attempts, 0)).toBeLessThanOrEqual(13);
  });

  it('a write that waited long is not preceded by retried reads when the server is gone: one attempt, not a second of retries', async () => {
    home = world.newHome('statusdesk-cli-months-');
    // A network that drops every request, counting the connections.
    let connections = 0;
    const dropping = net.createServer((socket) => {
      connections++;
      socket.once('data', () => socket.destroy());
    });
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(dropping.address() as net.AddressInfo).port}/api/v2`;
    try {
      // Twenty writes queued an hour ago: each is sent with its time of writing, after learning the server's clock.
      const hourAgo = Date.now() - 3_600_000;
      const { outbox } = await openStatusPageOutbox({ dataDir: home.dir, env: { STATUSDESK_API_KEY: 'a-key-0000' }, now: () => hourAgo });
      for (let i = 0; i < 20; i++) {
        await outbox.enqueue({
          accountId: envAccountId(baseUrl),
          server: { baseUrl, keyFrom: 'env' },
          operation: 'createIncident',
          input: { subdomain: 'acme', incident: { type: 'minor', title: `Waited ${i}` } },
        });
      }
      await outbox.stop();
      const run = await runCliIn(home.dir, ['--base-url', baseUrl, 'incidents', 'create', 'acme', '--title', 'The 21st', '--type', 'minor'], {
        STATUSDESK_API_KEY: 'a-key-0000',
      });
      expect(run.stdout).toMatch(/^queued .*the server cannot be reached now/);
      // One attempt (its clock read) and one reachability probe; before, the clock read alone was tried four times.
      expect(connections).toBeLessThanOrEqual(3);
    } finally {
      await new Promise<void>((resolve) => dropping.close(() => resolve()));
    }
  });
});

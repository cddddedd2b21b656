import { describe, expect, it } from 'vitest';
import { type makeTempDir } from '../../support/temp-dir';
import { simulatorPerFile } from './support/simulator-per-file';
import { runCliIn } from './support/run-cli';

/*
 * Writes queued offline and refused for their key when flushed stayed
 * failed, and only `outbox retry <id>`, one at a time, sent them. Their message now says what to do, and
 * `statusdesk outbox retry --all` sends every failed write again.
 */

const world = simulatorPerFile({ backOnlineAfterEach: true });
let home: ReturnType<typeof makeTempDir> | undefined;

const wrongKey = { STATUSDESK_API_KEY: 'a-key-that-was-revoked-0000' };
const goodKey = () => ({ STATUSDESK_API_KEY: world.sim.keys.demoReadWrite });
const createArgs = (title: string) => ['--base-url', world.sim.baseUrl, 'incidents', 'create', 'acme', '--title', title, '--type', 'minor'];
const created = () => world.sim.writeLog({ op: 'incidents.create' }).map((w) => (w.body as { incident: { title: string } }).incident.title);

describe('statusdesk outbox retry --all', () => {
  it('sends again every write refused for its key, once the key is fixed; the failure said how', async () => {
    home = world.newHome('statusdesk-cli-retry-all-');
    await world.sim.goOffline();
    for (const title of ['One', 'Two', 'Three']) expect((await runCliIn(home.dir, createArgs(title), wrongKey)).stdout).toMatch(/^queued /);
    await world.sim.goOnline();

    const refused = await runCliIn(home.dir, ['outbox', 'flush'], wrongKey);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/^sent 0; left: 0 pending, 3 failed, 0 conflicts/);
    const listed = JSON.parse((await runCliIn(home.dir, ['--json', 'outbox', 'list'])).stdout) as {
      entries: { state: string; lastError: { message: string } }[];
    };
    expect(listed.entries.map((e) => e.state)).toEqual(['failed', 'failed', 'failed']);
    for (const entry of listed.entries) {
      expect(entry.lastError.message).toMatch(/\(401\); set STATUSDESK_API_KEY to a key that works and run "statusdesk outbox retry --all"$/);
    }

    const usage = await runCliIn(home.dir, ['outbox', 'retry'], goodKey());
    expect(usage.code).toBe(2);
    const retried = await runCliIn(home.dir, ['outbox', 'retry', '--all'], goodKey());
    expect(retried.code, retried.stderr).toBe(0);
    expect(retried.stdout).toMatch(/^sending again 3 failed writes: sent 3; nothing left/);
    expect(created()).toEqual(['One', 'Two', 'Three']);

    const nothing = await runCliIn(home.dir, ['outbox', 'retry', '--all'], goodKey());
    expect(nothing.code, nothing.stderr).toBe(0);
    expect(nothing.stdout).toMatch(/^no failed write to send again/);
  });
});

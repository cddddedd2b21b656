import { describe, expect, it } from 'vitest';
import { type makeTempDir } from '../../support/temp-dir';
import { simulatorPerFile } from './support/simulator-per-file';
import { runCliIn } from './support/run-cli';
import { until } from './support/cli-child';

/*
 * After a send that got no clear answer (a time-out, a connection cut after the server
 * applied it), the command line said "not sent yet" or "the server cannot be reached now", and `outbox flush`
 * left writes in flight out of its count. Such a write's outcome is unknown: it is said so, with the promise that
 * holds (it is looked up on the server before any resend), and a flush counts what is still in flight.
 */

const world = simulatorPerFile({ backOnlineAfterEach: true });
let home: ReturnType<typeof makeTempDir> | undefined;

const key = world.key;
const createArgs = (title: string) => ['--base-url', world.sim.baseUrl, 'incidents', 'create', 'acme', '--title', title, '--type', 'minor'];
const created = () => world.sim.writeLog({ op: 'incidents.create' });
/** The server applies the create, then takes 20 s to answer. */
const slowAnswer = () => world.sim.setFaults({ method: ['POST'], pathPrefix: '/status_pages/acme/incidents', answerDelayAfterCommitMs: 20_000, times: 1 });

describe('writes of unknown outcome in the command line', () => {
  it('a create cut off after the server applied it is "queued: outcome unknown", and a flush counts it so; it is then found, not sent again', async () => {
    home = world.newHome('statusdesk-cli-unknown-');
    slowAnswer();
    const running = runCliIn(home.dir, createArgs('Cut off after the commit'), key());
    await until(() => created().length === 1, 'the server to apply the create');
    // The network goes while the answer is on its way.
    await world.sim.goOffline();
    const result = await running;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /^queued [0-9a-f-]{36} \(temp id tmp-[0-9a-f-]+\): outcome unknown: it was sent and no clear answer came back \(.+\); it is looked up on the server before it is sent again, never sent twice;/,
    );
    expect(result.stdout).not.toMatch(/not sent yet|cannot be reached now/);

    const offline = await runCliIn(home.dir, ['outbox', 'flush', '--timeout', '2'], key());
    expect(offline.code).toBe(1);
    expect(offline.stdout).toMatch(
      /^sent 0; left: 1 pending \(1 offline; 1 of unknown outcome, looked up on the server before any resend\), 0 failed, 0 conflicts/,
    );

    await world.sim.goOnline();
    const flushed = await runCliIn(home.dir, ['outbox', 'flush'], key());
    expect(flushed.code, flushed.stderr).toBe(0);
    // The create command sent it: this flush found it on the server, and says so rather than counting it as its own send.
    expect(flushed.stdout).toMatch(/^sent 0 \(1 more found on the server, sent before: not sent again\); nothing left/);
    expect(created()).toHaveLength(1);
  });

  it('a flush that stops waiting while a write is in flight counts it "in flight (outcome unknown…)"', async () => {
    home = world.newHome('statusdesk-cli-unknown-');
    await world.sim.goOffline();
    expect((await runCliIn(home.dir, createArgs('Queued offline'), key())).stdout).toMatch(/^queued /);
    await world.sim.goOnline();
    slowAnswer();
    const flushed = await runCliIn(home.dir, ['outbox', 'flush', '--timeout', '1'], key());
    expect(flushed.code).toBe(1);
    expect(flushed.stdout).toMatch(
      /^sent 0; left: 0 pending, 1 in flight \(outcome unknown: no answer yet when the flush stopped waiting; looked up before any resend\), 0 failed, 0 conflicts/,
    );
    world.sim.clearFaults();
    const again = await runCliIn(home.dir, ['outbox', 'flush'], key());
    expect(again.code, again.stderr).toBe(0);
    expect(created()).toHaveLength(1);
  });
});

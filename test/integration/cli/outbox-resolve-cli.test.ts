import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../electron/cli/program';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { makeTempDir } from '../../support/temp-dir';

/*
 * A create whose look-up found look-alikes of it: the command never says "created #…" for someone
 * else's incident; the write is kept as "needs a look", listed as such, and settled with `outbox resolve`.
 */

let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir>;

beforeAll(async () => {
  sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
});
afterAll(async () => {
  await sim.close();
});
afterEach(async () => {
  await sim.reset();
  home.remove();
});

async function cli(args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(['--base-url', sim.baseUrl, ...args], {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    env: { STATUSDESK_HOME: home.dir, STATUSDESK_API_KEY: sim.keys.demoReadWrite },
  });
  return { code, stdout, stderr };
}

const CREATE = ['incidents', 'create', 'acme', '--title', 'Checkout down', '--type', 'minor', '--service', '2', '--message', 'Investigating'];
const created = () => sim.writeLog({ op: 'incidents.create' });

describe('statusdesk and a create that needs a look', () => {
  it('a look-alike made before the send, ours cut off: not reported as created; listed; --send-mine creates ours once', async () => {
    home = makeTempDir('statusdesk-cli-look-');
    // Made a minute ago: the server's clock is set back for it only.
    const now = sim.now();
    sim.setClock(now.getTime() - 60_000);
    const theirs = sim.openIncident({ page: 'acme', type: 'minor', title: 'Checkout down', services: [2], message: 'Investigating' });
    sim.setClock(now);
    sim.setFaults({ method: 'POST', times: 1, resetRate: 1 });

    const create = await cli(CREATE);
    expect(create.code).toBe(1);
    expect(create.stdout).not.toMatch(/created/);
    expect(create.stderr).toContain(`#${theirs.id} “Checkout down” (minor, services 2)`);
    const id = /held as "needs a look" ([0-9a-f]{8})/.exec(create.stderr)?.[1];
    expect(id, create.stderr).toBeDefined();
    expect(created()).toHaveLength(0);

    const list = await cli(['outbox', 'list']);
    expect(list.stdout).toMatch(new RegExp(`${id}\\s+needs a look\\s`));
    expect(list.stdout).toContain(`outbox resolve ${id} --mine-is <id> | --send-mine`);
    const json = JSON.parse((await cli(['--json', 'outbox', 'list'])).stdout) as { entries: { state: string; lookup?: { reason: string } }[] };
    expect(json.entries[0]).toMatchObject({ state: 'needs_look', lookup: { reason: 'before_send' } });

    expect((await cli(['outbox', 'resolve', id!, '--keep-mine'])).code).toBe(2);
    expect((await cli(['outbox', 'resolve', id!, '--send-mine', '--mine-is', String(theirs.id)])).code).toBe(2);
    const sent = await cli(['outbox', 'resolve', id!, '--send-mine']);
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.stdout).toMatch(/^sent [0-9a-f-]{36}/);
    expect(created()).toHaveLength(1);
    expect(created()[0]!.resultId).not.toBe(theirs.id);
  });

  it('two look-alikes after the send, one of them ours: --send-mine is refused, saying why; --force sends anyway', async () => {
    home = makeTempDir('statusdesk-cli-look-');
    sim.setFaults({ method: 'POST', times: 1, dropAfterCommitRate: 1, secondWriter: {} });
    const create = await cli(CREATE);
    const id = /held as "needs a look" ([0-9a-f]{8})/.exec(create.stderr)![1]!;
    expect(created()).toHaveLength(1);

    const refused = await cli(['outbox', 'resolve', id, '--send-mine']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/stored after yours was sent, so one of them may be yours/);
    expect(refused.stderr).toMatch(/--mine-is <id>.*--force/);
    expect(created()).toHaveLength(1);
    const listed = JSON.parse((await cli(['--json', 'outbox', 'list'])).stdout) as { entries: { state: string }[] };
    expect(listed.entries[0]!.state).toBe('needs_look');

    const forced = await cli(['outbox', 'resolve', id, '--send-mine', '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(created()).toHaveLength(2);
  });

  it('two look-alikes after the send (a colleague’s and ours): --mine-is takes ours, which is then updated like any incident', async () => {
    home = makeTempDir('statusdesk-cli-look-');
    sim.setFaults({ method: 'POST', times: 1, dropAfterCommitRate: 1, secondWriter: {} });
    const create = await cli(CREATE);
    expect(create.code).toBe(1);
    expect(create.stderr).toMatch(/several look-alikes/);
    const id = /held as "needs a look" ([0-9a-f]{8})/.exec(create.stderr)![1]!;
    const ours = created()[0]!.resultId!;

    expect((await cli(['outbox', 'resolve', id, '--mine-is', '999999'])).code).toBe(2);
    const taken = await cli(['outbox', 'resolve', id, '--mine-is', `#${ours}`]);
    expect(taken.code, taken.stderr).toBe(0);
    expect(taken.stdout).toContain(`taken as yours: write ${id} is #${ours}`);
    expect(created()).toHaveLength(1);
    const update = await cli(['incidents', 'update', 'acme', String(ours), '--message', 'Still on it']);
    expect(update.code, update.stderr).toBe(0);
  });
});

import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { makeTempDir } from '../../support/temp-dir';
import { runCliIn } from './support/run-cli';
import { holding, holdOutbox, releaseOutbox, startCli, until } from './support/cli-child';

/*
 * While another command held the outbox for long (a black-holed network, a long `outbox
 * flush --timeout`), a write command waited 45 s in silence, then exited 1 and its write was not kept. A write
 * is never refused because another process is busy: it is kept at once (handed over, as to the app), the
 * command says whom it waits for, sends the write itself once the other is done, and after its wait leaves
 * it queued for the next command or the app.
 */

let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir> | undefined;
let holder: ChildProcess | null = null;

beforeAll(async () => {
  sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
});
afterAll(async () => {
  await sim.close();
});
afterEach(async () => {
  holder?.kill('SIGKILL');
  holder = null;
  await sim.reset();
  home?.remove();
  home = undefined;
});

const key = () => ({ STATUSDESK_API_KEY: sim.keys.demoReadWrite });
const createArgs = (title: string) => ['--base-url', sim.baseUrl, 'incidents', 'create', 'acme', '--title', title, '--type', 'minor'];
const createdTitles = () => sim.writeLog({ op: 'incidents.create' }).map((w) => (w.body as { incident: { title: string } }).incident.title);
const handoffFiles = () => {
  const dir = path.join(home!.dir, 'outbox-handoff');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('a write while another command holds the outbox', () => {
  it('is kept at once, the command says whom it waits for, and sends it once the other command is done', async () => {
    home = makeTempDir('statusdesk-cli-held-');
    holder = holdOutbox(home.dir);
    await holding(holder);
    const run = startCli(createArgs('After the long flush'), { STATUSDESK_HOME: home.dir, ...key() });

    await until(() => run.stderr().includes('waiting for another statusdesk process'), 'the waiting line');
    expect(run.stderr()).toMatch(
      new RegExp(`^waiting for another statusdesk process \\(pid ${holder.pid}\\) that holds the outbox… \\(write [0-9a-f-]{36} is kept meanwhile\\)\\n$`),
    );
    // Kept while it waits: a file of the hand-over folder, durable before the line was printed.
    expect(handoffFiles()).toHaveLength(1);
    expect(createdTitles()).toEqual([]);

    // The other command is done.
    releaseOutbox(holder);
    const result = await run.exited;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^created #\d+/);
    expect(createdTitles()).toEqual(['After the long flush']);
    expect(handoffFiles()).toEqual([]);
    expect(fs.existsSync(path.join(home.dir, 'outbox.lock'))).toBe(false);
  });

  it('an update to an incident queued by temp id is kept and waits the same way, and goes after its create', async () => {
    home = makeTempDir('statusdesk-cli-held-');
    await sim.goOffline();
    const created = await runCliIn(home.dir, ['--json', ...createArgs('Queued offline')], key());
    const { tempId } = JSON.parse(created.stdout) as { tempId: string };
    await sim.goOnline();
    holder = holdOutbox(home.dir);
    await holding(holder);

    const run = startCli(['--base-url', sim.baseUrl, 'incidents', 'update', 'acme', tempId, '--message', 'Still on it'], {
      STATUSDESK_HOME: home.dir,
      ...key(),
    });
    await until(() => run.stderr().includes('waiting for another statusdesk process'), 'the waiting line');
    expect(handoffFiles()).toHaveLength(1);
    releaseOutbox(holder);
    const result = await run.exited;
    expect(result.code, result.stderr).toBe(0);
    const [create] = sim.writeLog({ op: 'incidents.create' });
    expect(create).toBeDefined();
    expect(sim.writeLog({ op: 'incidents.updates.create' }).map((w) => w.path)).toEqual([expect.stringContaining(`/incidents/${create!.resultId}/updates`)]);
  });

  it('still held after the wait: exit 0, "queued" and kept, and the next command sends it (once)', async () => {
    home = makeTempDir('statusdesk-cli-held-');
    holder = holdOutbox(home.dir);
    await holding(holder);

    const queued = await runCliIn(home.dir, ['--json', ...createArgs('Behind a held outbox')], key(), { lockWaitMs: 1_500 });
    expect(queued.code, queued.stderr).toBe(0);
    expect(queued.stderr).toMatch(new RegExp(`^waiting for another statusdesk process \\(pid ${holder.pid}\\) that holds the outbox…`));
    const result = JSON.parse(queued.stdout) as { state: string; id: string; handedTo: { pid: number; role: string } };
    expect(result).toMatchObject({ state: 'queued', handedTo: { pid: holder.pid, role: 'cli' } });
    expect(handoffFiles()).toEqual([expect.stringContaining(result.id)]);

    const text = await runCliIn(home.dir, createArgs('Second behind it'), key(), { lockWaitMs: 500 });
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(
      new RegExp(
        `^queued [0-9a-f-]{36}: another statusdesk command \\(pid ${holder.pid}\\) still holds the outbox, so the write is kept for the next command or the app to send`,
      ),
    );
    expect(createdTitles()).toEqual([]);

    // The other command ends (here: killed, its lock left behind and taken over).
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder!.once('exit', resolve));
    const flushed = await runCliIn(home.dir, ['outbox', 'flush'], key());
    expect(flushed.code, flushed.stderr).toBe(0);
    expect(flushed.stdout).toMatch(/^sent 2; nothing left/);
    expect(createdTitles()).toEqual(['Behind a held outbox', 'Second behind it']);
    const listed = JSON.parse((await runCliIn(home.dir, ['--json', 'outbox', 'list'])).stdout) as { entries: { id: string; state: string }[] };
    expect(listed.entries[0]).toMatchObject({ id: result.id, state: 'sent' });
    expect(handoffFiles()).toEqual([]);
  });
});

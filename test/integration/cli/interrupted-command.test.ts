import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { CommandInterruption } from '../../../electron/cli/interruption';
import { makeTempDir } from '../../support/temp-dir';
import { runCliIn } from './support/run-cli';
import { holding, holdOutbox, startCli, until } from './support/cli-child';

/*
 * Ctrl-C (SIGINT) or SIGTERM during a command ended it with exit 130/143, no output, and the
 * outbox lock left behind. Now the command closes the outbox (a send in flight gets a moment, then is cut
 * off), releases the lock, says what became of its write (sent, outcome unknown, queued and kept), and exits
 * 130 or 143. Checked on the real binary in its own process, as a terminal or a service manager stops it.
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

const env = () => ({ STATUSDESK_HOME: home!.dir, STATUSDESK_API_KEY: sim.keys.demoReadWrite });
const createArgs = (title: string) => ['--base-url', sim.baseUrl, 'incidents', 'create', 'acme', '--title', title, '--type', 'minor'];
const lockPath = () => path.join(home!.dir, 'outbox.lock');
const createdTitles = () => sim.writeLog({ op: 'incidents.create' }).map((w) => (w.body as { incident: { title: string } }).incident.title);

describe('a command stopped by a signal', () => {
  it('Ctrl-C while its write is being sent: exit 130, "outcome unknown", no lock; the next flush looks it up instead of sending it again', async () => {
    home = makeTempDir('statusdesk-cli-signal-');
    // The server applies the create, then takes 20 s to answer.
    sim.setFaults({ method: ['POST'], pathPrefix: '/status_pages/acme/incidents', answerDelayAfterCommitMs: 20_000, times: 1 });
    const run = startCli(createArgs('Cut off'), env());
    await until(() => sim.writeLog({ op: 'incidents.create' }).length === 1, 'the server to apply the create');
    run.child.kill('SIGINT');
    const result = await run.exited;

    expect(result.code, result.stderr).toBe(130);
    expect(result.stdout).toBe('');
    const id =
      /^statusdesk: interrupted \(SIGINT\): write ([0-9a-f-]{36}) was being sent: its outcome is unknown; it is kept and looked up on the server before it is ever sent again/.exec(
        result.stderr,
      )?.[1];
    expect(id, result.stderr).toBeDefined();
    expect(fs.existsSync(lockPath())).toBe(false);

    sim.clearFaults();
    const flushed = await runCliIn(home.dir, ['outbox', 'flush'], { STATUSDESK_API_KEY: sim.keys.demoReadWrite });
    expect(flushed.code, flushed.stderr).toBe(0);
    expect(createdTitles()).toEqual(['Cut off']);
    const listed = JSON.parse((await runCliIn(home.dir, ['--json', 'outbox', 'list'])).stdout) as { entries: { id: string; state: string }[] };
    expect(listed.entries).toEqual([expect.objectContaining({ id, state: 'sent' })]);
  });

  it('SIGTERM while its write waits for a retry: exit 143, "queued and kept" (with --json, the same on stdout), no lock; a flush sends it once', async () => {
    home = makeTempDir('statusdesk-cli-signal-');
    // Refused before it is applied, with a long Retry-After: the command waits for the retry.
    sim.setFaults({ method: ['POST'], pathPrefix: '/status_pages/acme/incidents', errorRates: { 503: 1 }, retryAfterSeconds: 20, times: 1 });
    const run = startCli(['--json', ...createArgs('Waiting for a retry')], env());
    const outboxFile = path.join(home.dir, 'outbox.jsonl');
    await until(() => fs.existsSync(outboxFile) && fs.readFileSync(outboxFile, 'utf8').includes('"status":503'), 'the 503 to be recorded');
    run.child.kill('SIGTERM');
    const result = await run.exited;

    expect(result.code, result.stderr).toBe(143);
    const id = /^statusdesk: interrupted \(SIGTERM\): write ([0-9a-f-]{36}) is queued and kept; "statusdesk outbox flush" sends it\n$/.exec(result.stderr)?.[1];
    expect(id, result.stderr).toBeDefined();
    expect(JSON.parse(result.stdout)).toEqual({
      error: { code: 'cancelled', message: expect.stringContaining(`interrupted (SIGTERM): write ${id} is queued and kept`) },
      writes: [{ id, state: 'queued' }],
    });
    expect(fs.existsSync(lockPath())).toBe(false);

    const flushed = await runCliIn(home.dir, ['outbox', 'flush'], { STATUSDESK_API_KEY: sim.keys.demoReadWrite });
    expect(flushed.code, flushed.stderr).toBe(0);
    expect(createdTitles()).toEqual(['Waiting for a retry']);
  });

  it('Ctrl-C while it waits for another command that holds the outbox: its write was already kept (handed over), and the next command sends it', async () => {
    home = makeTempDir('statusdesk-cli-signal-');
    holder = holdOutbox(home.dir);
    await holding(holder);
    const run = startCli(createArgs('Kept while waiting'), env());
    await until(() => run.stderr().includes(`waiting for another statusdesk process (pid ${holder!.pid}) that holds the outbox…`), 'the waiting line');
    run.child.kill('SIGINT');
    const result = await run.exited;

    expect(result.code, result.stderr).toBe(130);
    expect(result.stderr).toMatch(
      /\nstatusdesk: interrupted \(SIGINT\): write [0-9a-f-]{36} is queued and kept \(in the outbox's hand-over folder\): the next statusdesk command or the app sends it/,
    );
    expect(fs.readdirSync(path.join(home.dir, 'outbox-handoff'))).toHaveLength(1);
    // The other command's lock is still its own.
    expect(JSON.parse(fs.readFileSync(lockPath(), 'utf8'))).toMatchObject({ pid: holder.pid });

    holder.kill('SIGKILL');
    await new Promise((resolve) => holder!.once('exit', resolve));
    const flushed = await runCliIn(home.dir, ['outbox', 'flush'], { STATUSDESK_API_KEY: sim.keys.demoReadWrite });
    expect(flushed.code, flushed.stderr).toBe(0);
    expect(createdTitles()).toEqual(['Kept while waiting']);
    expect(fs.readdirSync(path.join(home.dir, 'outbox-handoff'))).toEqual([]);
  });

  it('Ctrl-C during outbox flush: exit 130, what is left is kept, the write being sent has an unknown outcome; no lock', async () => {
    home = makeTempDir('statusdesk-cli-signal-');
    await sim.goOffline();
    for (const title of ['First queued', 'Second queued']) {
      const queued = await runCliIn(home.dir, createArgs(title), { STATUSDESK_API_KEY: sim.keys.demoReadWrite });
      expect(queued.stdout).toMatch(/^queued /);
    }
    await sim.goOnline();
    sim.setFaults({ method: ['POST'], pathPrefix: '/status_pages/acme/incidents', answerDelayAfterCommitMs: 20_000, times: 1 });
    const run = startCli(['outbox', 'flush'], env());
    // One create is applied and its answer held back; the other is sent and answered.
    await until(() => sim.writeLog({ op: 'incidents.create' }).length === 2, 'the server to apply both creates');
    run.child.kill('SIGINT');
    const result = await run.exited;

    expect(result.code, result.stderr).toBe(130);
    expect(result.stderr).toBe(
      'statusdesk: interrupted (SIGINT): 1 write was sent; 1 write is queued and kept; "statusdesk outbox flush" sends it (1 was being sent: outcome unknown, looked up on the server before any resend)\n',
    );
    expect(fs.existsSync(lockPath())).toBe(false);
    sim.clearFaults();
    expect((await runCliIn(home.dir, ['outbox', 'flush'], { STATUSDESK_API_KEY: sim.keys.demoReadWrite })).code).toBe(0);
    expect(createdTitles().sort()).toEqual(['First queued', 'Second queued']);
  });

  it('a signal that comes after the write was sent reports it sent, with the server id', async () => {
    home = makeTempDir('statusdesk-cli-signal-');
    const interruption = new CommandInterruption();
    const sent = await runCliIn(home.dir, createArgs('Sent in time'), { STATUSDESK_API_KEY: sim.keys.demoReadWrite }, { interruption });
    expect(sent.code, sent.stderr).toBe(0);
    const report = await interruption.settle('SIGINT');
    const serverId = sim.writeLog({ op: 'incidents.create' })[0]!.resultId;
    expect(report).toMatchObject({
      exitCode: 130,
      writes: [{ fate: 'sent', text: expect.stringMatching(new RegExp(`^write [0-9a-f-]{36} was sent \\(#${serverId}\\)$`)) }],
    });
  });

  it('Ctrl-C during a command that writes nothing: exit 130, "no write was queued or sent"', async () => {
    home = makeTempDir('statusdesk-cli-signal-');
    // The server takes the request and never answers.
    sim.setFaults({ method: ['GET'], hangRate: 1 });
    const run = startCli(['--base-url', sim.baseUrl, 'status', 'acme'], env());
    await until(() => sim.requestCount() > 0, 'the command to ask the server');
    run.child.kill('SIGINT');
    const result = await run.exited;
    expect(result).toMatchObject({ code: 130, stdout: '', stderr: 'statusdesk: interrupted (SIGINT): no write was queued or sent\n' });
  });
});

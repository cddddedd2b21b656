import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../../electron/cli/program';
import { AppCore } from '../../../electron/core/app-core';
import { handOffWrite } from '../../../electron/core/outbox/outbox-handoff';
import { envAccountId } from '../../../electron/core/outbox/statuspal/targets';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { KeychainSecretStore } from '../../../electron/core/vault/keychain-store';
import { KeyVault, secretNames } from '../../../electron/core/vault/key-vault';
import { bindingFor } from '../../../electron/core/vault/secret-binding';
import { makeTempDir } from '../../support/temp-dir';
import { repoRoot } from '../../support/paths';

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

async function cli(args: string[], env: Record<string, string> = {}, baseUrl: string | null = sim.baseUrl) {
  let stdout = '';
  let stderr = '';
  const code = await runCli([...(baseUrl ? ['--base-url', baseUrl] : []), ...args], {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    env: { STATUSDESK_HOME: home.dir, ...env },
  });
  return { code, stdout, stderr };
}

const key = () => ({ STATUSDESK_API_KEY: sim.keys.demoReadWrite });
const appFrame = { url: 'app://statusdesk/index.html', isMainFrame: true };

describe('statusdesk writes through the outbox', () => {
  it('queues when the server cannot be reached (exit 0), and `outbox flush` sends later, in order', async () => {
    home = makeTempDir('statusdesk-cli-outbox-');
    await sim.goOffline();
    const created = await cli(['--json', 'incidents', 'create', 'acme', '--title', 'Train wifi', '--type', 'major', '--message', 'Investigating'], key());
    expect(created.code, created.stderr).toBe(0);
    const queued = JSON.parse(created.stdout) as { state: string; id: string; tempId: string };
    expect(queued).toMatchObject({ state: 'queued', id: expect.any(String), tempId: expect.stringMatching(/^tmp-/) });

    const text = await cli(['incidents', 'update', 'acme', queued.tempId, '--message', 'Still looking'], key());
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^queued [0-9a-f-]{36}/);

    const listed = await cli(['--json', 'outbox', 'list']);
    const { entries } = JSON.parse(listed.stdout) as { entries: { state: string; operation: string; server?: { keyFrom: string } }[] };
    expect(entries.map((e) => [e.operation, e.state])).toEqual([
      ['createIncident', 'pending'],
      ['addIncidentUpdate', 'pending'],
    ]);
    expect(entries[0]!.server).toEqual({ baseUrl: sim.baseUrl, keyFrom: 'env' });
    expect(fs.readFileSync(path.join(home.dir, 'outbox.jsonl'), 'utf8')).not.toContain(sim.keys.demoReadWrite);
    const table = await cli(['outbox', 'list']);
    // What each write is, in the words of what it changes: the title, the update's first words.
    expect(table.stdout).toMatch(/ID\s+STATE\s+WRITE/);
    expect(table.stdout).toMatch(/waiting\s+New incident “Train wifi”.*the connection was/);
    expect(table.stdout).toMatch(/waiting for an earlier write on the same item\s+Update to incident “Train wifi”: “Still looking”/);
    expect(table.stdout).not.toMatch(/createIncident|addIncidentUpdate/);

    expect((await cli(['outbox', 'flush', '--timeout', '2'], key())).code).toBe(1);
    await sim.goOnline();
    const flushed = await cli(['outbox', 'flush'], key());
    expect(flushed.code, flushed.stderr).toBe(0);
    expect(flushed.stdout).toMatch(/sent 2; nothing left/);
    const log = sim.writeLog({ pathPrefix: '/status_pages/acme/incidents' });
    expect(log.map((w) => w.op)).toEqual(['incidents.create', 'incidents.updates.create']);
    expect(log[1]!.path).toContain(`/incidents/${log[0]!.resultId}/updates`);

    // Sent at once when the server is there: prints as before.
    const direct = await cli(['incidents', 'resolve', 'acme', String(log[0]!.resultId), '--message', 'Fixed'], key());
    expect(direct).toMatchObject({ code: 0, stdout: `resolved incident #${log[0]!.resultId}\n` });
  });

  it('exits 1 with the reason on a permanent refusal; retry and drop work from the command line', async () => {
    home = makeTempDir('statusdesk-cli-outbox-');
    // A refusal the command line cannot see coming (an unknown --type is refused before anything is queued).
    sim.setFaults({ method: ['POST'], pathPrefix: '/status_pages/acme/incidents', errorRates: { 422: 1 }, times: 2 });
    const refused = await cli(['incidents', 'create', 'acme', '--title', 'Typo', '--type', 'minor'], key());
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/422.*kept as failed write ([0-9a-f]{8})/);
    const shortId = /failed write ([0-9a-f]{8})/.exec(refused.stderr)![1]!;
    expect((await cli(['outbox', 'list'])).stdout).toMatch(new RegExp(`${shortId}\\s+failed\\s+New incident “Typo”`));

    const again = await cli(['outbox', 'retry', shortId], key());
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/422/);
    const dropped = await cli(['outbox', 'drop', shortId]);
    expect(dropped.code).toBe(0);
    expect(dropped.stdout).toMatch(/^dropped /);
    expect((await cli(['outbox', 'list'])).stdout).toMatch(/The outbox is empty/);
    expect((await cli(['outbox', 'drop', 'abcd'])).code).toBe(1);
    expect((await cli(['outbox', 'drop', 'ab'])).code).toBe(2);
    expect(sim.writeLog()).toHaveLength(0);
  });

  it('a write behind a refused one on the same incident exits 1 naming it, instead of a "queued" no flush would send', async () => {
    home = makeTempDir('statusdesk-cli-outbox-');
    const created = await cli(['--json', 'incidents', 'create', 'acme', '--title', 'Blocked', '--type', 'minor'], key());
    const incidentId = String((JSON.parse(created.stdout) as { incident: { id: number } }).incident.id);
    sim.setFaults({ method: ['POST'], pathPrefix: `/status_pages/acme/incidents/${incidentId}/updates`, errorRates: { 422: 1 }, times: 1 });
    const refused = await cli(['incidents', 'update', 'acme', incidentId, '--message', 'first'], key());
    expect(refused.code).toBe(1);
    const blocker = /failed write ([0-9a-f]{8})/.exec(refused.stderr)![1]!;
    const behind = await cli(['incidents', 'update', 'acme', incidentId, '--message', 'second'], key());
    expect(behind.code).toBe(1);
    expect(behind.stderr).toMatch(new RegExp(`waits behind write ${blocker}, which the server refused .*outbox retry\\|drop ${blocker}`));
    expect((await cli(['outbox', 'drop', blocker])).code).toBe(0);
    expect((await cli(['outbox', 'flush'], key())).code).toBe(0);
    expect(sim.writeLog({ op: 'incidents.updates.create' }).map((w) => (w.body as { update: { description: string } }).update.description)).toEqual(['second']);
  });

  it('with --account queues by account (key from the keychain at send time); env-key entries wait for the key', async () => {
    home = makeTempDir('statusdesk-cli-outbox-');
    const settings = new SettingsStore(home.dir);
    const id = randomUUID();
    settings.update((s) => {
      s.accounts.push({ id, name: 'Acme', region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', createdAt: new Date().toISOString() });
    });
    const vault = new KeyVault(new KeychainSecretStore());
    await vault.set(secretNames.statusPageKey(id), sim.keys.demoReadWrite, { binding: bindingFor([sim.baseUrl]) });
    try {
      await sim.goOffline();
      const queued = await cli(['--account', 'acme', '--json', 'incidents', 'create', 'acme', '--title', 'By account', '--type', 'minor'], {}, null);
      expect(queued.code, queued.stderr).toBe(0);
      expect(JSON.parse(queued.stdout)).toMatchObject({ state: 'queued' });
      const byEnv = await cli(['--json', 'incidents', 'create', 'acme', '--title', 'By env', '--type', 'minor'], key());
      expect(JSON.parse(byEnv.stdout)).toMatchObject({ state: 'queued' });
      const { entries } = JSON.parse((await cli(['--json', 'outbox', 'list'])).stdout) as { entries: { accountId: string; server?: unknown }[] };
      expect(entries[0]).toMatchObject({ accountId: id });
      expect(entries[0]!.server).toBeUndefined();

      await sim.goOnline();
      // Without STATUSDESK_API_KEY the env entry waits (not failed); the account's goes with the keychain key.
      const partial = await cli(['--json', 'outbox', 'flush']);
      expect(partial.code).toBe(1);
      expect(JSON.parse(partial.stdout.split('\n')[0]!)).toMatchObject({ sent: 1, pending: 1, failed: 0, waiting: { no_key: 1 } });
      expect((await cli(['outbox', 'flush'], key())).code).toBe(0);
      expect(sim.writeLog({ op: 'incidents.create' }).map((w) => (w.body as { incident: { title: string } }).incident.title)).toEqual(['By account', 'By env']);
    } finally {
      await vault.delete(secretNames.statusPageKey(id));
    }
  });

  it("STATUSDESK_API_KEY wins over the keychain of the page's account, unless --account names one", async () => {
    home = makeTempDir('statusdesk-cli-outbox-');
    const settings = new SettingsStore(home.dir);
    settings.update((s) => {
      // The page's account, with no key stored here.
      s.accounts.push({ id: randomUUID(), name: 'Acme', region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', createdAt: new Date().toISOString() });
    });
    const sent = await cli(['incidents', 'create', 'acme', '--title', 'With the env key', '--type', 'minor'], key(), null);
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.stdout).toMatch(/^created #\d+/);
    const named = await cli(['--account', 'Acme', 'incidents', 'create', 'acme', '--title', 'With the account', '--type', 'minor'], key(), null);
    expect(named.code).toBe(1);
    expect(named.stderr).toMatch(/no API key/i);
    expect(sim.writeLog({ op: 'incidents.create' })).toHaveLength(1);
  });

  it('without an OS keychain, a write by account says that no keychain is available, not that the key is missing', async () => {
    home = makeTempDir('statusdesk-cli-outbox-');
    new SettingsStore(home.dir).update((s) => {
      s.accounts.push({ id: randomUUID(), name: 'Acme', region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', createdAt: new Date().toISOString() });
    });
    const result = await promisify(execFile)(
      process.execPath,
      [path.join(repoRoot, 'bin/statusdesk.js'), '--account', 'Acme', 'incidents', 'create', 'acme', '--title', 'x', '--type', 'minor'],
      // No session bus: the Secret Service cannot be reached.
      { env: { ...process.env, STATUSDESK_HOME: home.dir, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' } },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(result).toMatchObject({ code: 1, stderr: expect.stringMatching(/No OS keychain is available here \(.+\), so the account's key cannot be read/) });
    expect(sim.writeLog()).toHaveLength(0);
  });

  it('takes in writes handed over to an app that quit before it could, ahead of its own', async () => {
    home = makeTempDir('statusdesk-cli-outbox-');
    const target = { accountId: envAccountId(sim.baseUrl), server: { baseUrl: sim.baseUrl, keyFrom: 'env' as const } };
    await handOffWrite(home.dir, { ...target, operation: 'createIncident', input: { subdomain: 'acme', incident: { type: 'minor', title: 'Handed over' } } });
    const own = await cli(['incidents', 'create', 'acme', '--title', 'Own', '--type', 'minor'], key());
    expect(own.code, own.stderr).toBe(0);
    expect(sim.writeLog({ op: 'incidents.create' }).map((w) => (w.body as { incident: { title: string } }).incident.title)).toEqual(['Handed over', 'Own']);
    expect(fs.readdirSync(path.join(home.dir, 'outbox-handoff'))).toEqual([]);
  });

  it('while the app owns the outbox, hands its write to the app, which sends it; a write needing STATUSDESK_API_KEY is refused', async () => {
    home = makeTempDir('statusdesk-cli-outbox-');
    const settings = new SettingsStore(home.dir);
    const id = randomUUID();
    settings.update((s) => {
      s.accounts.push({ id, name: 'Acme', region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', createdAt: new Date().toISOString() });
    });
    const vault = new KeyVault(new KeychainSecretStore());
    await vault.set(secretNames.statusPageKey(id), sim.keys.demoReadWrite, { binding: bindingFor([sim.baseUrl]) });
    const app = new AppCore({ dataDir: home.dir, vault, version: '0', appOrigins: ['app://statusdesk'] });
    const statusdesk = (args: string[], env: Record<string, string> = {}) =>
      promisify(execFile)(process.execPath, [path.join(repoRoot, 'bin/statusdesk.js'), ...args], {
        env: { ...process.env, STATUSDESK_HOME: home.dir, ...env },
      }).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
    try {
      await app.start();
      const handed = await statusdesk(['--account', 'acme', '--json', 'incidents', 'create', 'acme', '--title', 'From the terminal', '--type', 'minor']);
      expect(handed.code, handed.stderr).toBe(0);
      const result = JSON.parse(handed.stdout) as { state: string; id: string; handedTo: { pid: number } };
      expect(result).toMatchObject({ state: 'queued', handedTo: { pid: process.pid } });
      await vi.waitFor(() => expect(sim.writeLog({ op: 'incidents.create' })).toHaveLength(1), { timeout: 10_000 });
      expect((sim.writeLog({ op: 'incidents.create' })[0]!.body as { incident: { title: string } }).incident.title).toBe('From the terminal');
      // The app shows it under the id the command printed, and took the hand-over file away.
      await vi.waitFor(async () =>
        expect(await app.dispatcher.dispatch('outbox.list', undefined, appFrame)).toMatchObject({ ok: true, value: [{ id: result.id, state: 'sent' }] }),
      );
      expect(fs.readdirSync(path.join(home.dir, 'outbox-handoff'))).toEqual([]);

      const text = await statusdesk([
        '--account',
        'acme',
        'incidents',
        'update',
        'acme',
        String(sim.writeLog({ op: 'incidents.create' })[0]!.resultId),
        '--message',
        'Looking',
      ]);
      expect(text.stdout).toMatch(new RegExp(`^queued [0-9a-f-]{36}: handed to the running Statusdesk app \\(pid ${process.pid}\\)`));
      await vi.waitFor(() => expect(sim.writeLog({ op: 'incidents.updates.create' })).toHaveLength(1), { timeout: 10_000 });

      const byEnv = await statusdesk(['--base-url', sim.baseUrl, 'incidents', 'create', 'acme', '--title', 'x', '--type', 'major'], key());
      expect(byEnv).toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/app \(pid \d+\) owns the outbox and cannot send with STATUSDESK_API_KEY; use --account/),
      });
      expect(byEnv.stderr).not.toContain(sim.keys.demoReadWrite);
    } finally {
      await app.dispose();
      await vault.delete(secretNames.statusPageKey(id));
    }
    expect(sim.writeLog()).toHaveLength(2);
  });
});

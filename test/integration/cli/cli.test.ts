import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../electron/cli/program';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { KeychainSecretStore } from '../../../electron/core/vault/keychain-store';
import { KeyVault, secretNames } from '../../../electron/core/vault/key-vault';
import { bindingFor } from '../../../electron/core/vault/secret-binding';
import { makeTempDir } from '../../support/temp-dir';
import { repoRoot } from '../../support/paths';

let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir>;

beforeAll(async () => {
  sim = await startStatusPageSimulator({ seed: 'demo' });
  home = makeTempDir('statusdesk-cli-');
});
afterAll(async () => {
  await sim.close();
  home.remove();
});

async function cli(args: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(['--base-url', sim.baseUrl, ...args], {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    env: { STATUSDESK_HOME: home.dir, ...env },
  });
  return { code, stdout, stderr };
}

describe('statusdesk command line against the simulator', () => {
  it('hello, status and summary', async () => {
    expect(await cli(['hello'])).toMatchObject({ code: 0, stdout: `${sim.baseUrl}: hello\n` });
    const status = await cli(['--json', 'status', 'acme']);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ subdomain: 'acme', name: 'Acme' });
    const summary = await cli(['summary', 'acme']);
    expect(summary.code).toBe(0);
    expect(summary.stdout).toMatch(/Acme \(acme\): Operational/);
    expect(summary.stdout).toMatch(/Services:\n\s+Web \(id 1\): Operational\n\s+API \(id 2\): Operational/);
    const json = JSON.parse((await cli(['--json', 'summary', 'acme'])).stdout);
    expect(json).toHaveProperty('status_page.subdomain', 'acme');
    expect(json).toHaveProperty('services');
  });

  it('creates, lists, shows, updates, resolves and deletes an incident with a key from the environment', async () => {
    const env = { STATUSDESK_API_KEY: sim.keys.demoReadWrite };
    const created = await cli(
      ['--json', 'incidents', 'create', 'acme', '--title', 'Login failures', '--type', 'major', '--service', '2', '--message', 'Investigating'],
      env,
    );
    expect(created.code, created.stderr).toBe(0);
    const { incident } = JSON.parse(created.stdout) as { incident: { id: number } };
    expect(incident).toMatchObject({ title: 'Login failures', type: 'major', service_ids: [2] });

    const listed = await cli(['incidents', 'list', 'acme', '--type', 'major', '--limit', '5']);
    expect(listed.stdout).toMatch(new RegExp(`${incident.id}\\s+major\\s+open\\s+\\S+\\s+Login failures`));

    expect((await cli(['incidents', 'update', 'acme', String(incident.id), '--message', 'Fix deployed', '--update-type', 'monitoring'], env)).code).toBe(0);
    const shown = await cli(['incidents', 'show', 'acme', String(incident.id)]);
    expect(shown.stdout).toMatch(/monitoring: Fix deployed/);
    expect(shown.stdout).toMatch(/Login failures/);

    expect((await cli(['incidents', 'resolve', 'acme', String(incident.id), '--message', 'All good'], env)).code).toBe(0);
    const afterResolve = JSON.parse((await cli(['--json', 'incidents', 'show', 'acme', String(incident.id)])).stdout);
    expect(afterResolve.ends_at).not.toBeNull();

    expect((await cli(['incidents', 'delete', 'acme', String(incident.id)], env)).code).toBe(0);
    const gone = await cli(['incidents', 'show', 'acme', String(incident.id)]);
    expect(gone.code).toBe(1);
    // The item and the page by name, and where to find the right id.
    expect(gone.stderr).toContain(`No incident #${incident.id} on page acme (the server answered 404): check the id (statusdesk incidents list acme)`);

    const writes = sim.writeLog().filter((w) => w.path.includes('/incidents'));
    expect(writes.map((w) => w.method)).toEqual(['POST', 'POST', 'POST', 'DELETE']);
  });

  it('uses the account named by --account, with its key from the real keychain', async () => {
    const settings = new SettingsStore(home.dir);
    const id = randomUUID();
    settings.update((s) => {
      s.accounts.push({ id, name: 'Acme', region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', createdAt: new Date().toISOString() });
    });
    const vault = new KeyVault(new KeychainSecretStore());
    await vault.set(secretNames.statusPageKey(id), sim.keys.demoReadWrite, { binding: bindingFor([sim.baseUrl]) });
    try {
      let stdout = '';
      const code = await runCli(['--account', 'acme', '--json', 'incidents', 'create', 'acme', '--title', 'From the keychain', '--type', 'minor'], {
        stdout: (t) => (stdout += t),
        stderr: () => undefined,
        env: { STATUSDESK_HOME: home.dir },
      });
      expect(code).toBe(0);
      expect(JSON.parse(stdout).incident.title).toBe('From the keychain');
    } finally {
      await vault.delete(secretNames.statusPageKey(id));
    }
  });

  it('fails with one line and a non-zero code, never echoing the key', async () => {
    const noKey = await cli(['incidents', 'create', 'acme', '--title', 'x', '--type', 'major']);
    expect(noKey.code).toBe(1);
    expect(noKey.stderr.trim().split('\n')).toHaveLength(1);
    expect(noKey.stderr).toMatch(/STATUSDESK_API_KEY/);

    const wrong = await cli(['incidents', 'create', 'acme', '--title', 'x', '--type', 'major'], { STATUSDESK_API_KEY: 'wrong-key-with-secret-1234' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/401/);
    expect(wrong.stderr + wrong.stdout).not.toContain('wrong-key-with-secret-1234');

    const readOnly = await cli(['incidents', 'create', 'acme', '--title', 'x', '--type', 'major'], { STATUSDESK_API_KEY: sim.keys.demoReadOnly });
    expect(readOnly.code).toBe(1);
    expect(readOnly.stderr).toMatch(/403/);

    expect((await cli(['incidents', 'show', 'acme', 'abc'])).code).toBe(2);
    const overLimit = await cli(['--json', 'incidents', 'list', 'acme', '--limit', '500']);
    expect(overLimit).toMatchObject({ code: 2, stderr: expect.stringMatching(/1 to 100/) });
    expect(JSON.parse(overLimit.stdout)).toEqual({ error: { code: 'invalid_input', message: expect.stringMatching(/1 to 100/) } });
    const missing = await cli(['--json', 'incidents', 'create', 'acme', '--type', 'major']);
    expect(missing.code).toBe(2);
    expect(JSON.parse(missing.stdout)).toEqual({ error: { code: 'invalid_input', message: expect.stringMatching(/--title/) } });
    const writesBefore = sim.writeLog().length;
    for (const args of [
      ['incidents', 'update', 'acme', '1', '--message', ''],
      ['incidents', 'resolve', 'acme', '1', '--message', '  '],
      ['incidents', 'create', 'acme', '--title', 'x', '--type', ''],
    ]) {
      expect(await cli(args, { STATUSDESK_API_KEY: sim.keys.demoReadWrite })).toMatchObject({ code: 2, stderr: expect.stringMatching(/must not be empty/) });
    }
    expect(sim.writeLog()).toHaveLength(writesBefore);
    expect((await cli(['--region', 'mars', 'status', 'acme'])).code).toBe(2);
    expect((await cli(['no-such-command'])).code).toBe(2);
    const json = await cli(['--json', 'status', 'nope']);
    expect(JSON.parse(json.stdout)).toEqual({ error: { code: 'not_found', message: expect.stringMatching(/404/) } });
  });

  it('unreachable servers are reported as such', async () => {
    let stderr = '';
    const result = await runCli(['--base-url', 'http://127.0.0.1:9/api/v2', 'hello'], {
      stdout: () => undefined,
      stderr: (t) => void (stderr += t),
      env: { STATUSDESK_HOME: home.dir },
    });
    expect(result).toBe(1);
    expect(stderr).toMatch(/network|connect|reach/i);
  });

  it('prints help for every command', async () => {
    for (const args of [['--help'], ['incidents', '--help'], ['incidents', 'create', '--help'], ['summary', '--help']]) {
      const out = await cli(args);
      expect(out.code).toBe(0);
      expect(out.stdout).toMatch(/Usage: statusdesk/);
    }
  });

  it('runs as the installed binary (bin/statusdesk.js)', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [path.join(repoRoot, 'bin/statusdesk.js'), '--base-url', sim.baseUrl, '--json', 'hello'], {
      env: { ...process.env, STATUSDESK_HOME: home.dir },
    });
    expect(JSON.parse(stdout)).toMatchObject({ message: 'hello' });
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../electron/cli/program';
import { OPERATIONS_HISTORY_FILE } from '../../../electron/core/operations/operations-history';
import { startOperationsSimulator, type OperationsSimulator } from '../../../simulators/operations';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { KeychainSecretStore } from '../../../electron/core/vault/keychain-store';
import { KeyVault, secretNames } from '../../../electron/core/vault/key-vault';
import { bindingFor } from '../../../electron/core/vault/secret-binding';
import { operationsHistoryFileSchema } from '../../../shared/operations/history';
import { makeTempDir } from '../../support/temp-dir';

const op = (id: string) => `projects/demo-project/locations/europe-west1/operations/${id}`;

let sim: OperationsSimulator;
let home: ReturnType<typeof makeTempDir>;
/** Everything any command printed, to check that no token ever appears. */
const printed: string[] = [];

beforeAll(() => {
  home = makeTempDir('statusdesk-ops-cli-');
});
afterAll(() => {
  home.remove();
  for (const secret of sim.issuedSecrets()) expect(printed.join('\n')).not.toContain(secret);
});
beforeEach(async () => {
  sim = await startOperationsSimulator({ operations: ['a', 'b', 'c', 'd'].map(op) });
  fs.rmSync(path.join(home.dir, OPERATIONS_HISTORY_FILE), { force: true });
});
afterEach(async () => {
  for (const secret of sim.issuedSecrets()) expect(printed.join('\n')).not.toContain(secret);
  await sim.close();
});

async function cli(args: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    // CLOUDSDK_CONFIG points at nothing, so no gcloud credentials of the machine are picked up.
    env: { STATUSDESK_HOME: home.dir, CLOUDSDK_CONFIG: path.join(home.dir, 'no-gcloud'), ...env },
  });
  printed.push(stdout, stderr);
  return { code, stdout, stderr };
}

const forget = (names: string[], env: Record<string, string> = {}, extra: string[] = []) =>
  cli([...extra, 'operations', 'forget', ...names, '--operations-base-url', sim.baseUrl], env);

function history() {
  return operationsHistoryFileSchema.parse(JSON.parse(fs.readFileSync(path.join(home.dir, OPERATIONS_HISTORY_FILE), 'utf8'))).entries;
}

describe('statusdesk operations forget', () => {
  it('accepts a full operation URL pasted as a name, and an address given with /v1', async () => {
    const token = sim.issueAccessToken();
    const result = await cli(['operations', 'forget', `https://migrationcenter.googleapis.com/v1/${op('a')}`, '--operations-base-url', `${sim.baseUrl}/v1`], {
      STATUSDESK_ACCESS_TOKEN: token,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`forgotten  ${op('a')}\n`);
    expect(sim.requests('delete').map((r) => r.path)).toEqual([`/v1/${op('a')}`]);
  });

  it('forgets every name with the token from STATUSDESK_ACCESS_TOKEN and exits 0', async () => {
    const token = sim.issueAccessToken();
    const result = await forget([op('a'), op('b')], { STATUSDESK_ACCESS_TOKEN: token });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`forgotten  ${op('a')}\nforgotten  ${op('b')}\n`);
    expect(result.stderr).toMatch(/2 of 2 forgotten/);
    expect(sim.operations()).toEqual([op('c'), op('d')]);
    expect(sim.requests('delete').map((r) => [r.name, r.status, r.auth])).toEqual(
      expect.arrayContaining([
        [op('a'), 200, 'active'],
        [op('b'), 200, 'active'],
      ]),
    );
    // Recorded in the history the app shows, with where the token came from.
    expect(history().map((e) => [e.name, e.outcome, e.source, e.baseUrl])).toEqual(
      expect.arrayContaining([
        [op('a'), 'forgotten', 'environment', sim.baseUrl],
        [op('b'), 'forgotten', 'environment', sim.baseUrl],
      ]),
    );
  });

  it('prints the result list with --json', async () => {
    const result = await forget([op('c')], { STATUSDESK_ACCESS_TOKEN: sim.issueAccessToken() }, ['--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([{ name: op('c'), outcome: 'forgotten', status: 200, message: expect.stringMatching(/not cancelled/) }]);
    expect(result.stderr).toBe('');
  });

  it('sends nothing when a name is malformed, and says which and why (exit 2)', async () => {
    const result = await forget([op('a'), 'projects/demo/operations/x', op('b?x=1')], { STATUSDESK_ACCESS_TOKEN: sim.issueAccessToken() });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/nothing was sent/);
    expect(result.stderr).toMatch(
      /"projects\/demo\/operations\/x": an operation name has the form projects\/<project>\/locations\/<location>\/operations\/<operation>/,
    );
    expect(result.stderr).toMatch(/operation id may hold only letters/);
    expect(sim.requests()).toEqual([]);
    expect(sim.operations()).toContain(op('a'));
  });

  it('reports UNIMPLEMENTED per name and exits 1', async () => {
    sim.setMode('unimplemented');
    const result = await forget([op('a'), op('b')], { STATUSDESK_ACCESS_TOKEN: sim.issueAccessToken() });
    expect(result.code).toBe(1);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    for (const [index, id] of ['a', 'b'].entries()) {
      expect(lines[index]).toMatch(
        new RegExp(`^failed\\s+${op(id)}: This server does not support deleting \\(forgetting\\) long-running operations \\(UNIMPLEMENTED`),
      );
    }
    expect(result.stderr).toMatch(/0 of 2 forgotten or already gone, 2 failed/);
    // Each was asked once: a 501 is not worth retrying.
    expect(sim.requests('delete').map((r) => r.status)).toEqual([501, 501]);
  });

  it('gives one result per name when results are mixed, and exits 1', async () => {
    const env = { STATUSDESK_ACCESS_TOKEN: sim.issueAccessToken() };
    expect((await forget([op('a')], env)).code).toBe(0);
    sim.setFaults([{ kind: 'status', status: 403 }]);
    const result = await forget([op('b'), op('a'), op('never-existed'), op('c')], env, ['--json']);
    expect(result.code).toBe(1);
    const results = JSON.parse(result.stdout) as Array<{ name: string; outcome: string; code?: string; message: string }>;
    expect(results.map((r) => r.name)).toEqual([op('b'), op('a'), op('never-existed'), op('c')]);
    const byName = Object.fromEntries(results.map((r) => [r.name, r]));
    // a was forgotten by the first run: its 404 now is that success seen again.
    expect(byName[op('a')]).toMatchObject({ outcome: 'already_gone', message: expect.stringMatching(/^Already forgotten: it was forgotten on/) });
    expect(byName[op('never-existed')]).toMatchObject({ outcome: 'failed', code: 'not_found', message: expect.stringMatching(/No such operation/) });
    const outcomes = [byName[op('b')]!, byName[op('c')]!].map((r) => `${r.outcome}:${r.code ?? ''}`).sort();
    expect(outcomes).toEqual(['failed:forbidden', 'forgotten:']);
  });

  it('uses the Google sign-in saved by the app: refresh token from the keychain, OAuth settings from the settings file', async () => {
    const settings = new SettingsStore(home.dir);
    settings.update((s) => {
      s.operations = {
        oauthClientId: sim.oauth.clientId,
        oauthClientSecret: sim.oauth.clientSecret!,
        tokenUrl: sim.oauth.tokenUrl,
        revokeUrl: sim.oauth.revokeUrl,
      };
    });
    // The CLI's own vault: the default keychain service, in the throw-away keyring of scripts/with-keyring.sh.
    const vault = new KeyVault(new KeychainSecretStore());
    await vault.set(secretNames.googleRefreshToken(), sim.issueRefreshToken(), {
      binding: bindingFor([sim.oauth.tokenUrl, sim.oauth.revokeUrl, sim.baseUrl], sim.oauth.clientId),
    });
    try {
      const result = await forget([op('d')]);
      expect(result.code, result.stderr).toBe(0);
      expect(sim.requests('token').map((r) => [r.grantType, r.status])).toEqual([['refresh_token', 200]]);
      expect(history()[0]).toMatchObject({ name: op('d'), source: 'google-sign-in' });
    } finally {
      await vault.delete(secretNames.googleRefreshToken());
      settings.update((s) => {
        delete s.operations;
      });
    }
  });

  it('never prints the token, even when the server refuses it', async () => {
    const token = sim.issueAccessToken();
    sim.expireAllTokens();
    const result = await forget([op('a')], { STATUSDESK_ACCESS_TOKEN: token }, ['--json']);
    expect(result.code).toBe(1);
    const [only] = JSON.parse(result.stdout) as Array<{ code: string; message: string }>;
    expect(only).toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/STATUSDESK_ACCESS_TOKEN was refused or has expired/) });
    expect(result.stdout + result.stderr).not.toContain(token);
  });

  it('says how to get a token when there is none (exit 1, nothing sent)', async () => {
    const result = await forget([op('a')]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/No access token: set STATUSDESK_ACCESS_TOKEN/);
    expect(sim.requests()).toEqual([]);
  });

  it('refuses a plain-http service address off this computer (exit 2)', async () => {
    const result = await cli(['operations', 'forget', op('a'), '--operations-base-url', 'http://example.com'], { STATUSDESK_ACCESS_TOKEN: 'abc.def' });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--operations-base-url: The service address must use https/);
  });

  it('prints help', async () => {
    const result = await cli(['operations', 'forget', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Usage: statusdesk operations forget \[options\] <name...>/);
    expect(result.stdout).toMatch(/STATUSDESK_ACCESS_TOKEN/);
  });
});

import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliIn, type CliIoExtras } from './support/run-cli';
import { AppCore } from '../../../electron/core/app-core';
import { repoRoot } from '../../support/paths';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { KeychainSecretStore } from '../../../electron/core/vault/keychain-store';
import { KeyVault, secretNames } from '../../../electron/core/vault/key-vault';
import { makeTempDir } from '../../support/temp-dir';

/*
 * statusdesk accounts list|add|remove|test, so the command line works on a machine without
 * the app. The key comes from stdin or a prompt that does not echo, never from an argument, and lands in the
 * OS keychain under the app's name; the record in the app's settings: an account added here is the app's.
 */

let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir>;
beforeAll(async () => {
  sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
  home = makeTempDir('statusdesk-accounts-');
});
afterAll(async () => {
  await sim.close();
  home.remove();
});

const cli = (args: string[], extras: CliIoExtras = {}) => runCliIn(home.dir, ['--base-url', sim.baseUrl, ...args], {}, extras);
const piped = (text: string): CliIoExtras => ({ stdinIsTty: false, readStdin: () => Promise.resolve(text) });
const appAccounts = () => new SettingsStore(home.dir).get().accounts;
const keychain = () => new KeyVault(new KeychainSecretStore());

describe('statusdesk accounts', () => {
  it('adds an account with its key from stdin into the app settings and the keychain; list, test, --account and remove use it', async () => {
    const key = sim.keys.demoReadWrite;
    const added = await cli(['accounts', 'add', 'Acme prod', '--subdomain', 'acme', '--organization', '1'], piped(`${key}\n`));
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/^added Acme prod: page acme on http.*; its page is watched$/m);
    expect(added.stdout + added.stderr).not.toContain(key);

    const [record] = appAccounts();
    expect(record).toMatchObject({ name: 'Acme prod', subdomain: 'acme', region: 'custom', baseUrl: sim.baseUrl, organizationId: '1' });
    // Its page is on the app's dashboard, read with the account.
    expect(new SettingsStore(home.dir).get().watchedPages).toEqual([
      expect.objectContaining({ subdomain: 'acme', region: 'custom', baseUrl: sim.baseUrl, accountId: record!.id }),
    ]);
    expect(JSON.stringify(appAccounts())).not.toContain(key);
    // Bound to the account's server: released there, refused anywhere else.
    expect(await keychain().release(secretNames.statusPageKey(record!.id), { url: sim.baseUrl })).toBe(key);
    await expect(keychain().release(secretNames.statusPageKey(record!.id), { url: 'https://elsewhere.example' })).rejects.toMatchObject({ code: 'forbidden' });

    const listed = await cli(['accounts', 'list']);
    expect(listed.stdout).toMatch(new RegExp(`Acme prod\\s+acme\\s+\\S+\\s+1\\s+keychain …${key.slice(-4)}`));
    expect(listed.stdout).not.toContain(key);

    const tested = await cli(['accounts', 'test', 'acme PROD']);
    expect(tested.code, tested.stderr).toBe(0);
    expect(tested.stdout).toMatch(/Connected to "acme" with the stored key/);

    // A write with the account's key: no STATUSDESK_API_KEY anywhere.
    const created = await cli(['--account', 'Acme prod', 'incidents', 'create', 'acme', '--title', 'From the account', '--type', 'minor']);
    expect(created.code, created.stderr).toBe(0);
    expect(sim.writeLog().map((w) => w.op)).toEqual(['incidents.create']);

    const removed = await cli(['accounts', 'remove', 'Acme prod']);
    expect(removed).toMatchObject({ code: 0, stdout: 'removed Acme prod and its key\n' });
    expect(appAccounts()).toEqual([]);
    expect(await keychain().describe(secretNames.statusPageKey(record!.id))).toEqual({ storage: 'none', lastFour: null });
    expect((await cli(['accounts', 'test', 'Acme prod'])).code).toBe(2);
  });

  it('asks for the key at a prompt that does not echo when stdin is a terminal', async () => {
    const prompts: string[] = [];
    const extras: CliIoExtras = {
      stdinIsTty: true,
      promptSecret: (prompt) => {
        prompts.push(prompt);
        return Promise.resolve(sim.keys.demoReadWrite);
      },
    };
    const added = await cli(['accounts', 'add', 'Typed', '--subdomain', 'acme'], extras);
    expect(added.code, added.stderr).toBe(0);
    expect(prompts).toEqual(['API key for Typed (typing is not shown): ']);
    expect(added.stdout + added.stderr).not.toContain(sim.keys.demoReadWrite);
    expect((await cli(['accounts', 'remove', 'Typed'])).code).toBe(0);
  });

  it('checks the key before saving: a refused key, or none given, saves nothing; a key is never an argument', async () => {
    const wrong = 'wrong-key-0123456789';
    const refused = await cli(['accounts', 'add', 'Bad', '--subdomain', 'acme'], piped(`${wrong}\n`));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/rejected the API key \(401\).*Nothing was saved/);
    expect(refused.stderr).not.toContain(wrong);

    const none = await cli(['accounts', 'add', 'Empty', '--subdomain', 'acme'], piped(''));
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no API key was given: pipe it on stdin/);

    const argv = await cli(['accounts', 'add', 'Argv', '--subdomain', 'acme', '--key', wrong], piped(''));
    expect(argv.code).toBe(2);
    expect(appAccounts()).toEqual([]);

    const unknownPage = await cli(['accounts', 'add', 'Nowhere', '--subdomain', 'nosuchpage', '--no-key']);
    expect(unknownPage.code).toBe(1);
    expect(unknownPage.stderr).toMatch(/no status page "nosuchpage"/i);
    expect(appAccounts()).toEqual([]);

    const publicOnly = await cli(['accounts', 'add', 'Public', '--subdomain', 'acme', '--no-key']);
    expect(publicOnly.code, publicOnly.stderr).toBe(0);
    expect((await cli(['accounts', 'list'])).stdout).toMatch(/Public\s+acme\s+\S+\s+none/);
    expect((await cli(['accounts', 'remove', 'Public'])).stdout).toBe('removed Public\n');
  });

  it('refuses to change accounts while the app runs (its next settings write would undo it), and says what to do', async () => {
    const app = new AppCore({ dataDir: home.dir, vault: keychain(), version: '0', appOrigins: ['app://statusdesk'] });
    // The command in its own process, as beside a running app.
    const statusdesk = (args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        const child = execFile(process.execPath, [path.join(repoRoot, 'bin/statusdesk.js'), '--base-url', sim.baseUrl, ...args], {
          env: { ...process.env, STATUSDESK_HOME: home.dir },
        });
        let stdout = '';
        let stderr = '';
        child.stdout!.on('data', (chunk: string) => (stdout += chunk));
        child.stderr!.on('data', (chunk: string) => (stderr += chunk));
        child.stdin!.end(`${sim.keys.demoReadWrite}\n`);
        child.on('exit', (code) => resolve({ code: code ?? -1, stdout, stderr }));
      });
    try {
      await app.start();
      const refused = await statusdesk(['accounts', 'add', 'Beside the app', '--subdomain', 'acme']);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/The Statusdesk app \(pid \d+\) is running .* change the account in its Settings, or quit it/);
      expect(appAccounts()).toEqual([]);
    } finally {
      await app.dispose();
    }
    const afterQuit = await statusdesk(['accounts', 'add', 'After the app', '--subdomain', 'acme']);
    expect(afterQuit.code, afterQuit.stderr).toBe(0);
    expect(appAccounts().map((a) => a.name)).toEqual(['After the app']);
    expect((await cli(['accounts', 'remove', 'After the app'])).code).toBe(0);
  });
});

import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCliIn } from './support/run-cli';
import { AppCore } from '../../../electron/core/app-core';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { KeychainSecretStore } from '../../../electron/core/vault/keychain-store';
import { KeyVault, secretNames } from '../../../electron/core/vault/key-vault';
import { bindingFor } from '../../../electron/core/vault/secret-binding';
import { repoRoot } from '../../support/paths';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { makeTempDir } from '../../support/temp-dir';

/*
 * Show names services; summary shows the ids --service takes; temp ids and their short
 * prefixes work in show and update; --all follows the pages; an unknown --type is refused with the allowed
 * values; the missing-key hint is said once.
 */

let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir>;
beforeAll(async () => {
  sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
});
afterEach(async () => {
  await sim.goOnline();
  await sim.reset();
  home.remove();
});
afterAll(async () => {
  await sim.close();
});

const key = { STATUSDESK_API_KEY: 'demo-acme-org-rw-4f1c9a7e2b' };
const cli = (args: string[], env: Record<string, string> = key) => runCliIn(home.dir, ['--base-url', sim.baseUrl, ...args], env);

describe('ids on the command line', () => {
  it('summary shows the service ids that --service takes, and show names the services', async () => {
    home = makeTempDir('statusdesk-ids-');
    const summary = await cli(['summary', 'acme']);
    expect(summary.stdout).toMatch(/^\s+API \(id 2\): Operational$/m);
    const created = await cli(['--json', 'incidents', 'create', 'acme', '--title', 'Slow API', '--type', 'minor', '--service', '2', '--service', '4']);
    const { incident } = JSON.parse(created.stdout) as { incident: { id: number } };
    const shown = await cli(['incidents', 'show', 'acme', String(incident.id)]);
    expect(shown.stdout).toMatch(/^ {2}services: API, Data$/m);
  });

  it('a temp id, or its first characters, works in show and update while queued and after it was sent', async () => {
    home = makeTempDir('statusdesk-ids-');
    await sim.goOffline();
    const queued = JSON.parse((await cli(['--json', 'incidents', 'create', 'acme', '--title', 'Offline', '--type', 'major', '--service', '1'])).stdout) as {
      tempId: string;
    };
    const prefix = queued.tempId.slice(0, 12);
    const shown = await cli(['incidents', 'show', 'acme', prefix]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(new RegExp(`^${queued.tempId} \\[major\\] Offline\\n {2}queued .*not sent yet`, 'm'));
    const updated = await cli(['incidents', 'update', 'acme', prefix, '--message', 'Still offline']);
    expect(updated.code, updated.stderr).toBe(0);
    expect(updated.stdout).toMatch(/^queued /);

    await sim.goOnline();
    expect((await cli(['outbox', 'flush'])).code).toBe(0);
    const [create] = sim.writeLog();
    const sent = await cli(['incidents', 'show', 'acme', prefix]);
    expect(sent.stdout).toMatch(new RegExp(`^#${create!.resultId} \\[major\\] Offline$`, 'm'));
    expect(sent.stdout).toMatch(/update: Still offline/);
    expect(sent.stdout).toMatch(/services: Web/);

    expect((await cli(['incidents', 'show', 'acme', 'tmp-'])).code).toBe(2);
    expect((await cli(['incidents', 'show', 'acme', 'tmp-ffffffff'])).code).toBe(1);
  });
});

describe('temp ids while the app runs', () => {
  it('a whole temp id goes with the write handed to the app, which maps it; a prefix asks for the whole id', async () => {
    home = makeTempDir('statusdesk-ids-');
    const accountId = randomUUID();
    new SettingsStore(home.dir).update((s) => {
      s.accounts.push({ id: accountId, name: 'Acme', region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', createdAt: new Date().toISOString() });
    });
    const vault = new KeyVault(new KeychainSecretStore());
    await vault.set(secretNames.statusPageKey(accountId), key.STATUSDESK_API_KEY, { binding: bindingFor([sim.baseUrl]) });
    const app = new AppCore({ dataDir: home.dir, vault, version: '0', appOrigins: ['app://statusdesk'] });
    const statusdesk = (args: string[]) =>
      promisify(execFile)(process.execPath, [path.join(repoRoot, 'bin/statusdesk.js'), '--account', 'Acme', ...args], {
        env: { ...process.env, STATUSDESK_HOME: home.dir },
      }).then(
        ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
    try {
      await app.start();
      await sim.goOffline();
      const created = await statusdesk(['incidents', 'create', 'acme', '--title', 'Queued in the app', '--type', 'minor']);
      expect(created.code, created.stderr).toBe(0);
      const entryId = /^queued ([0-9a-f-]{36}): handed to the running Statusdesk app/m.exec(created.stdout)![1]!;
      const tempId = `tmp-${entryId}`;

      const updated = await statusdesk(['incidents', 'update', 'acme', tempId, '--message', 'Still queued']);
      expect(updated.code, updated.stderr).toBe(0);
      expect(updated.stdout).toMatch(/handed to the running Statusdesk app/);
      const byPrefix = await statusdesk(['incidents', 'update', 'acme', tempId.slice(0, 12), '--message', 'x']);
      expect(byPrefix.code).toBe(1);
      expect(byPrefix.stderr).toMatch(/owns the outbox, so tmp-\S+ cannot be looked up: give the whole temp id/);

      await sim.goOnline();
      await vi.waitFor(() => expect(sim.writeLog().map((w) => w.op)).toEqual(['incidents.create', 'incidents.updates.create']), { timeout: 20_000 });
      const [create, update] = sim.writeLog();
      expect(update!.path).toContain(`/incidents/${create!.resultId}/updates`);
    } finally {
      await app.dispose();
      await vault.delete(secretNames.statusPageKey(accountId));
    }
  });
});

describe('lists', () => {
  it('--all follows the pages the server gives; without it, one page and a note', async () => {
    home = makeTempDir('statusdesk-ids-');
    for (let n = 1; n <= 25; n++) sim.openIncident({ page: 'acme', title: `Incident ${n}`, type: 'minor' });
    const one = await cli(['--json', 'incidents', 'list', 'acme']);
    expect((JSON.parse(one.stdout) as { incidents: unknown[] }).incidents).toHaveLength(20);
    const firstPage = await cli(['incidents', 'list', 'acme']);
    expect(firstPage.stderr).toMatch(/add --all to list every one/);
    // With --all, one JSON object per line, as the pages arrive.
    const all = await cli(['--json', 'incidents', 'list', 'acme', '--all', '--limit', '10']);
    const ids = all.stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: number }).id);
    expect(ids).toHaveLength(27);
    expect(new Set(ids).size).toBe(27);
  });

  it('an unknown --type is refused with the allowed values; a custom type the page has is taken', async () => {
    home = makeTempDir('statusdesk-ids-');
    sim.setIncidentType({ page: 'acme', type: 'performance', base: 'minor' });
    sim.openIncident({ page: 'acme', title: 'Slow pages', type: 'performance' });

    const listed = await cli(['incidents', 'list', 'acme', '--type', 'critical']);
    expect(listed.code).toBe(2);
    expect(listed.stderr).toMatch(/--type "critical" is not an incident type of acme; allowed: major, minor, scheduled, performance/);

    const created = await cli(['incidents', 'create', 'acme', '--title', 'x', '--type', 'critical']);
    expect(created.code).toBe(2);
    expect(created.stderr).toMatch(/allowed: major, minor, scheduled, performance/);
    expect((await cli(['--json', 'outbox', 'list'])).stdout).toMatch(/"entries":\[\]/);

    expect((await cli(['incidents', 'list', 'acme', '--type', 'performance'])).stdout).toMatch(/performance\s+open/);
    expect((await cli(['incidents', 'create', 'acme', '--title', 'Slow search', '--type', 'performance'])).code).toBe(0);
  });
});

describe('help and hints', () => {
  it('says how to give a key once', async () => {
    home = makeTempDir('statusdesk-ids-');
    const result = await cli(['incidents', 'create', 'acme', '--title', 'x', '--type', 'major'], {});
    expect(result.code).toBe(1);
    expect(result.stderr.match(/STATUSDESK_API_KEY/g)).toHaveLength(1);
    expect(result.stderr).toMatch(/statusdesk accounts add/);
  });

  it('shows no default twice', async () => {
    home = makeTempDir('statusdesk-ids-');
    for (const command of [[], ['incidents', 'create'], ['incidents', 'list'], ['maintenances', 'create'], ['translate'], ['watch'], ['outbox', 'flush']]) {
      const help = await cli([...command, '--help']);
      expect(help.stdout, command.join(' ')).not.toMatch(/\(default[^)]*\)\s*\(default/);
    }
  });
});

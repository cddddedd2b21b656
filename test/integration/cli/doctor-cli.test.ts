import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { CliContext } from '../../../electron/cli/context';
import type { DoctorCheck } from '../../../electron/cli/commands/doctor-check';
import { runDoctor } from '../../../electron/cli/commands/doctor';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { DemoKeychain } from '../../../electron/core/vault/demo-keychain';
import { KeyVault, secretNames } from '../../../electron/core/vault/key-vault';
import { bindingFor } from '../../../electron/core/vault/secret-binding';
import { repoRoot } from '../../support/paths';
import { makeTempDir } from '../../support/temp-dir';

/*
 * `statusdesk doctor` against the simulators and a broken data folder. The account checks
 * run with a vault of their own (a memory keychain), so this suite never touches the app's keychain entries;
 * the installed binary runs with the OS keychain of scripts/with-keyring.sh for the exit code and --json.
 */

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

function home(): string {
  const temp = makeTempDir('statusdesk-doctor-');
  cleanup.push(() => temp.remove());
  return temp.dir;
}

/** An Electron dist folder with a binary in it, as ELECTRON_OVERRIDE_DIST_PATH names one. */
function electronDist(): string {
  const dist = home();
  fs.writeFileSync(path.join(dist, 'electron'), '#!/bin/sh\n', { mode: 0o755 });
  return dist;
}

async function simulator(): Promise<StatusPageSimulator> {
  const sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
  cleanup.push(() => sim.close());
  return sim;
}

/** The doctor in this process, with the vault given (CliContext makes the OS keychain's otherwise). */
async function doctorWith(dataDir: string, vault: KeyVault, env: Record<string, string> = {}): Promise<Map<string, DoctorCheck>> {
  const io = { stdout: () => undefined, stderr: () => undefined, env: { STATUSDESK_HOME: dataDir, ELECTRON_OVERRIDE_DIST_PATH: electronDist(), ...env } };
  const ctx = new (class extends CliContext {
    override get vault(): KeyVault {
      return vault;
    }
  })(io, {});
  const checks = await runDoctor(ctx);
  return new Map(checks.map((check) => [check.name, check]));
}

async function withAccount(dataDir: string, sim: StatusPageSimulator, key: string | null, name = 'Acme'): Promise<KeyVault> {
  const id = randomUUID();
  new SettingsStore(dataDir).update((s) => {
    s.accounts.push({ id, name, region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', createdAt: new Date().toISOString() });
  });
  const vault = new KeyVault(new DemoKeychain());
  if (key) await vault.set(secretNames.statusPageKey(id), key, { binding: bindingFor([sim.baseUrl]) });
  return vault;
}

function statusdesk(dataDir: string, args: string[], env: Record<string, string> = {}) {
  return promisify(execFile)(process.execPath, [path.join(repoRoot, 'bin/statusdesk.js'), ...args], {
    env: { ...process.env, STATUSDESK_HOME: dataDir, ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

describe('statusdesk doctor', () => {
  it('a healthy installation: one ok line per check, exit 0; --json says the same', async () => {
    const dataDir = home();
    const env = { ELECTRON_OVERRIDE_DIST_PATH: electronDist() };
    const text = await statusdesk(dataDir, ['doctor'], env);
    expect(text.code, text.stdout + text.stderr).toBe(0);
    const lines = text.stdout.trim().split('\n');
    expect(lines.map((line) => line.split(':')[0])).toEqual([
      'ok    data folder',
      'ok    outbox lock',
      'ok    keychain',
      'ok    clock',
      'ok    outbox',
      'ok    Electron',
    ]);
    expect(lines[0]).toMatch(/writable, [\d.]+ (GB|MB) free$/);
    const json = await statusdesk(dataDir, ['doctor', '--json'], env);
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout) as { ok: boolean; checks: DoctorCheck[] };
    expect(parsed.ok).toBe(true);
    expect(parsed.checks).toHaveLength(6);
  });

  it('an account: reachable and its key accepted; the clock within a few seconds of the server', async () => {
    const sim = await simulator();
    const dataDir = home();
    const vault = await withAccount(dataDir, sim, sim.keys.demoReadWrite);
    const checks = await doctorWith(dataDir, vault);
    expect(checks.get('account Acme')).toMatchObject({ ok: true, detail: expect.stringMatching(/reachable, key accepted$/) });
    expect(checks.get('clock')).toMatchObject({ ok: true, detail: expect.stringMatching(/^within \d+ s of 127\.0\.0\.1:\d+$/) });
    expect([...checks.values()].every((check) => check.ok)).toBe(true);
  });

  it('a refused key, a server that does not answer, a clock ten minutes off: each one line with what to do', async () => {
    const sim = await simulator();
    const dataDir = home();
    const vault = await withAccount(dataDir, sim, 'not-the-right-key-0123456789');
    sim.setClock(new Date(Date.now() + 10 * 60_000));
    const gone = await simulator();
    const goneUrl = gone.baseUrl;
    await gone.close();
    new SettingsStore(dataDir).update((s) => {
      s.accounts.push({ id: randomUUID(), name: 'Gone', region: 'custom', baseUrl: goneUrl, subdomain: 'acme', createdAt: new Date().toISOString() });
    });
    const checks = await doctorWith(dataDir, vault);
    expect(checks.get('account Acme')).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/rejected the API key/),
      fix: expect.stringMatching(/accounts add Acme/),
    });
    expect(checks.get('account Gone')).toMatchObject({ ok: false, detail: expect.stringMatching(/cannot be reached/), fix: expect.stringMatching(/network/) });
    expect(checks.get('clock')).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/clock is (59\d|60\d) s behind 127\.0\.0\.1/),
      fix: expect.stringMatching(/NTP/),
    });
  });

  it('a broken data folder: a file where the folder should be; the other checks still run; exit 1', async () => {
    const parent = home();
    const dataDir = path.join(parent, 'Statusdesk');
    fs.writeFileSync(dataDir, 'not a folder');
    const result = await statusdesk(dataDir, ['doctor'], { ELECTRON_OVERRIDE_DIST_PATH: electronDist() });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^FAIL {2}data folder: .*Statusdesk is a file, not a folder → set STATUSDESK_HOME to a folder you can write/m);
    expect(result.stdout).toMatch(/^FAIL {2}settings: .* cannot be read/m);
    expect(result.stdout).toMatch(/^ok {4}outbox: empty/m);
    expect(result.stdout).toMatch(/^ok {4}Electron: /m);
  });

  it('the outbox: damaged records and writes waiting for a decision; who holds the lock', async () => {
    const sim = await simulator();
    const dataDir = home();
    const vault = await withAccount(dataDir, sim, sim.keys.demoReadWrite);
    const entry = (id: string, state: string, createdAt: string) => ({
      t: 'add',
      entry: {
        id,
        seq: 1,
        kind: 'statuspage',
        accountId: 'a',
        operation: 'createIncident',
        input: {},
        resourceKey: 'r',
        dependsOn: [],
        createdAt,
        attempts: 1,
        state,
      },
    });
    const lines = [
      { format: 'statusdesk.outbox', version: 1 },
      entry(randomUUID(), 'failed', new Date().toISOString()),
      entry(randomUUID(), 'pending', new Date(Date.now() - 3 * 3_600_000).toISOString()),
      entry(randomUUID(), 'sent', new Date().toISOString()),
    ].map((record) => JSON.stringify(record));
    fs.writeFileSync(path.join(dataDir, 'outbox.jsonl'), `${lines.join('\n')}\n{"t":"state","id":"half a rec\n`);
    fs.writeFileSync(path.join(dataDir, 'outbox.lock'), JSON.stringify({ pid: process.pid, host: os.hostname(), at: '2026-01-01T00:00:00Z', role: 'app' }));
    const checks = await doctorWith(dataDir, vault);
    expect(checks.get('outbox')).toMatchObject({
      ok: false,
      detail: expect.stringMatching(
        /^3 writes: 1 waiting, 1 sent, 1 failed; 1 damaged record.*1 write waits for your decision.*1 write pending for more than an hour/,
      ),
      fix: expect.stringMatching(/statusdesk outbox list/),
    });
    expect(checks.get('outbox lock')).toMatchObject({ ok: true, detail: `held by the Statusdesk app (pid ${process.pid}) since 2026-01-01T00:00:00Z` });

    fs.writeFileSync(path.join(dataDir, 'outbox.lock'), JSON.stringify({ pid: 2 ** 22 + 12_345, host: os.hostname(), at: '', role: 'cli' }));
    expect((await doctorWith(dataDir, vault)).get('outbox lock')).toMatchObject({
      ok: true,
      detail: expect.stringMatching(/no longer running; the next to open the outbox takes it over/),
    });
    fs.writeFileSync(path.join(dataDir, 'outbox.lock'), 'garbage');
    expect((await doctorWith(dataDir, vault)).get('outbox lock')).toMatchObject({ ok: false, fix: expect.stringMatching(/delete .*outbox\.lock/) });
  });

  it('without Electron: says where it looked and how to get it', async () => {
    const dataDir = home();
    const empty = home();
    const checks = await doctorWith(dataDir, new KeyVault(new DemoKeychain()), { ELECTRON_OVERRIDE_DIST_PATH: empty });
    expect(checks.get('Electron')).toMatchObject({ ok: false, detail: expect.stringContaining(empty), fix: expect.stringMatching(/npm install/) });
  });
});

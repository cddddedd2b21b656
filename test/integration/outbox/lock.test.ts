import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountsService } from '../../../electron/core/accounts/accounts-service';
import { OutboxFeature } from '../../../electron/core/outbox/outbox-feature';
import { OutboxBusyError, openWhenFree, type OutboxOwnerRole } from '../../../electron/core/outbox/outbox-lock';
import { OutboxService } from '../../../electron/core/outbox/outbox-service';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { KeyVault } from '../../../electron/core/vault/key-vault';
import { KeychainSecretStore } from '../../../electron/core/vault/keychain-store';
import { makeTempDir } from '../../support/temp-dir';
import { createAppBus } from '../../../electron/core/events/app-events';

/*
 * The outbox lock between processes: another process (a live child standing in for the app or a command)
 * holds `outbox.lock`; when it ends, its lock is stale and taken over.
 */

let home: ReturnType<typeof makeTempDir>;
let holder: ChildProcess | null = null;

afterEach(() => {
  holder?.kill('SIGKILL');
  holder = null;
  home.remove();
});

/** A live process whose lock this is; it exits after `ms`. */
/** A live process named in the lock, for `ms`, or until the test kills it (never a guess at how long a test takes). */
function holdLock(dataDir: string, role: OutboxOwnerRole, ms?: number): ChildProcess {
  const child = spawn(process.execPath, ['-e', ms === undefined ? 'setInterval(() => {}, 60_000)' : `setTimeout(() => {}, ${ms})`], { stdio: 'ignore' });
  fs.writeFileSync(path.join(dataDir, 'outbox.lock'), JSON.stringify({ pid: child.pid, host: os.hostname(), at: new Date().toISOString(), role }));
  holder = child;
  return child;
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));

describe('outbox lock', () => {
  it('names who holds it: the app or another command', async () => {
    home = makeTempDir('statusdesk-lock-');
    holdLock(home.dir, 'app');
    const error = await OutboxService.open({ dataDir: home.dir, kinds: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboxBusyError);
    expect(error).toMatchObject({ holderRole: 'app', message: expect.stringMatching(/^The Statusdesk app \(pid \d+\) is using the outbox/) });
  });

  it('a command waits for another command, and takes the lock once that one is gone', async () => {
    home = makeTempDir('statusdesk-lock-');
    const other = holdLock(home.dir, 'cli', 600);
    const started = Date.now();
    const outbox = await openWhenFree(() => OutboxService.open({ dataDir: home.dir, kinds: [] }), { timeoutMs: 10_000, intervalMs: 50, waitFor: 'cli' });
    try {
      expect(other.exitCode).not.toBeNull();
      expect(Date.now() - started).toBeGreaterThanOrEqual(500);
      expect(JSON.parse(fs.readFileSync(path.join(home.dir, 'outbox.lock'), 'utf8'))).toMatchObject({ pid: process.pid, role: 'cli' });
    } finally {
      await outbox.stop();
    }
  });

  it('a command does not wait for the app: it is told at once', async () => {
    home = makeTempDir('statusdesk-lock-');
    holdLock(home.dir, 'app');
    const started = Date.now();
    await expect(openWhenFree(() => OutboxService.open({ dataDir: home.dir, kinds: [] }), { timeoutMs: 10_000, waitFor: 'cli' })).rejects.toMatchObject({
      holderRole: 'app',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("the app waits for a command that holds the outbox as long as it takes: says so, keeps the window's writes, and takes them in once it is done", async () => {
    home = makeTempDir('statusdesk-lock-');
    const settings = new SettingsStore(home.dir);
    const accountId = randomUUID();
    settings.update((draft) => {
      draft.accounts.push({
        id: accountId,
        name: 'Acme',
        region: 'custom',
        baseUrl: 'http://127.0.0.1:9/api/v2',
        subdomain: 'acme',
        createdAt: new Date().toISOString(),
      });
    });
    const vault = new KeyVault(new KeychainSecretStore());
    const accounts = new AccountsService({
      settings,
      vault,
      clientFor: () => {
        throw new Error('not used');
      },
    });
    const problems: string[] = [];
    const feature = new OutboxFeature({
      dataDir: home.dir,
      accounts,
      events: createAppBus(),
      reportProblem: (m) => problems.push(m),
      lockWaitMs: 300,
      lockRetryMs: 50,
    });
    const handedOver = () => (fs.existsSync(path.join(home.dir, 'outbox-handoff')) ? fs.readdirSync(path.join(home.dir, 'outbox-handoff')) : []);
    try {
      // Held far longer than the app used to wait (it gave up after 60 s, and the window's writes were refused).
      const command = holdLock(home.dir, 'cli');
      const opening = feature.service();
      await feature.start(); // the app goes on while it waits
      await expect(feature.ready()).rejects.toThrow(
        new RegExp(`^A statusdesk command \\(pid ${command.pid}\\) is using the outbox; the app takes it over as soon as that command is done`),
      );
      const kept = await feature.enqueue({
        accountId,
        operation: 'createIncident',
        input: { subdomain: 'acme', incident: { type: 'minor', title: 'Written meanwhile' } },
      });
      expect(kept).toMatchObject({ state: 'pending', tempId: `tmp-${kept.id}`, resourceKey: expect.stringContaining(accountId) });
      expect(handedOver()).toEqual([expect.stringContaining(kept.id)]);
      // Reported once the wait is long, and only once; the open is still under way, not failed.
      await vi.waitFor(() =>
        expect(problems).toEqual([expect.stringMatching(/is using the outbox; the app takes it over .* Writes you make meanwhile are kept/)]),
      );
      await new Promise((r) => setTimeout(r, 400));
      expect(problems).toHaveLength(1);

      command.kill('SIGKILL');
      await exited(command);
      const outbox = await opening;
      expect(JSON.parse(fs.readFileSync(path.join(home.dir, 'outbox.lock'), 'utf8'))).toMatchObject({ pid: process.pid, role: 'app' });
      expect(outbox.get(kept.id)).toMatchObject({ tempId: kept.tempId, resourceKey: kept.resourceKey });
      expect(handedOver()).toEqual([]);
      expect(await feature.ready()).toBe(outbox);
    } finally {
      await feature.dispose();
    }
  });

  it('a lock another process has created but not yet written is waited for, then named (not "try again")', async () => {
    home = makeTempDir('statusdesk-lock-');
    const lockPath = path.join(home.dir, 'outbox.lock');
    // A real second process: creates the lock empty, writes its pid 300 ms later, and lives on.
    const script = `const fs=require('fs');const os=require('os');fs.writeFileSync(${JSON.stringify(lockPath)},'');setTimeout(()=>{fs.writeFileSync(${JSON.stringify(lockPath)},JSON.stringify({pid:process.pid,host:os.hostname(),at:new Date().toISOString(),role:'cli'}))},300);setTimeout(()=>{},5000);`;
    const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
    holder = child;
    while (!fs.existsSync(lockPath)) await new Promise((r) => setTimeout(r, 5));
    const error = await OutboxService.open({ dataDir: home.dir, kinds: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboxBusyError);
    expect((error as OutboxBusyError).holderPid).toBe(child.pid);
  });

  it('an empty lock left by a process that died between creating and writing it is taken over', async () => {
    home = makeTempDir('statusdesk-lock-');
    const lockPath = path.join(home.dir, 'outbox.lock');
    fs.writeFileSync(lockPath, '');
    const old = new Date(Date.now() - 10_000);
    fs.utimesSync(lockPath, old, old);
    const outbox = await OutboxService.open({ dataDir: home.dir, kinds: [] });
    expect(JSON.parse(fs.readFileSync(lockPath, 'utf8'))).toMatchObject({ pid: process.pid });
    await outbox.stop();
    expect(fs.existsSync(lockPath)).toBe(false);
  });

  it('a lock that cannot be written (a full disk) is taken away again and the cause is named', async () => {
    home = makeTempDir('statusdesk-lock-');
    const lockPath = path.join(home.dir, 'outbox.lock');
    const full = vi.spyOn(fs, 'writeSync').mockImplementationOnce(() => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    });
    try {
      const error = await OutboxService.open({ dataDir: home.dir, kinds: [] }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'storage', message: `The outbox lock ${lockPath} could not be written: the disk is full (ENOSPC).` });
    } finally {
      full.mockRestore();
    }
    // No empty lock left for others to wait on: the next open takes it at once.
    expect(fs.existsSync(lockPath)).toBe(false);
    const outbox = await OutboxService.open({ dataDir: home.dir, kinds: [] });
    await outbox.stop();
  });
});

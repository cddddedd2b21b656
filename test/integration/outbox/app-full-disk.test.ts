import fs from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutboxStatus } from '../../../shared/outbox/status';
import { AppCore } from '../../../electron/core/app-core';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { nodeFileSystem, type WritableFile } from '../../../electron/core/storage/file-system';
import { KeyVault } from '../../../electron/core/vault/key-vault';
import { memoryKeychain } from '../../support/memory-keychain';
import { makeTempDir } from '../../support/temp-dir';

/*
 * A disk that fills up under the app's outbox is named, with its code (ENOSPC),
 * both on a write the window makes and in the outbox status (the Outbox screen shows it), which also covers a
 * send whose "being sent" record cannot be written, which the outbox otherwise waits out without a word. The
 * words are the command line's (core/outbox/disk-words.ts). Through the window's IPC, on the real core.
 */

const ORIGIN = 'app://statusdesk';
const sender = { url: `${ORIGIN}/index.html`, isMainFrame: true };

let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir> | undefined;
let core: AppCore | undefined;

beforeAll(async () => {
  sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
});
afterAll(async () => {
  await sim.close();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await core?.dispose();
  core = undefined;
  await sim.reset();
  home?.remove();
  home = undefined;
});

async function call(channel: string, request?: unknown): Promise<{ ok: true; value: unknown } | { ok: false; error: { code: string; message: string } }> {
  return (await core!.dispatcher.dispatch(channel, request, sender)) as never;
}

/** The outbox's disk, full from the moment `disk.full` is set until it is cleared (files opened before too). */
function diskThatFills(): { full: boolean } {
  const disk = { full: false };
  vi.spyOn(nodeFileSystem, 'open').mockImplementation(async (filePath, flags, mode): Promise<WritableFile> => {
    const handle = await fs.open(filePath, flags, mode);
    return {
      write: async (buffer, offset, length) => {
        if (disk.full) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
        return handle.write(buffer, offset, length);
      },
      sync: () => handle.sync(),
      truncate: (length) => handle.truncate(length),
      stat: () => handle.stat(),
      close: () => handle.close(),
    };
  });
  return disk;
}

const create = (accountId: string, title: string) => ({
  accountId,
  operation: 'createIncident',
  input: { subdomain: 'acme', incident: { type: 'minor', title } },
});

describe('a full disk under the app', () => {
  it('is named on the window write it refuses and in the outbox status, until space is freed', async () => {
    home = makeTempDir('statusdesk-app-disk-');
    const disk = diskThatFills();
    core = new AppCore({ dataDir: home.dir, vault: new KeyVault(memoryKeychain()), version: 'test', appOrigins: [ORIGIN] });
    const added = await call('accounts.add', { name: 'Acme', region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', apiKey: sim.keys.demoReadWrite });
    const accountId = (added as { ok: true; value: { id: string } }).value.id;
    expect(await call('outbox.enqueue', create(accountId, 'Before the disk filled'))).toMatchObject({ ok: true });

    disk.full = true;
    const refused = await call('outbox.enqueue', create(accountId, 'On a full disk'));
    expect(refused).toMatchObject({ ok: false, error: { code: 'storage', message: expect.stringMatching(/the disk is full \(ENOSPC\)/) } });
    const status = (await call('outbox.status')) as { ok: true; value: OutboxStatus };
    expect(status.value.disk?.message).toMatch(
      /^The disk is full \(ENOSPC\): the outbox file .*outbox\.jsonl could not be written\. Nothing is sent while a write's sending cannot be recorded, and the writes waiting are kept\. Free space on that disk/,
    );

    disk.full = false;
    expect(await call('outbox.enqueue', create(accountId, 'Space freed'))).toMatchObject({ ok: true });
    await vi.waitFor(async () => expect(((await call('outbox.status')) as { ok: true; value: OutboxStatus }).value.disk).toBeUndefined());
    await vi.waitFor(() => expect(sim.writeLog({ op: 'incidents.create' })).toHaveLength(2), { timeout: 10_000 });
  });
});

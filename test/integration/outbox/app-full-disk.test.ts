import fs from 'node:fs/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxStatus } from '../../../shared/outbox/status';
import { nodeFileSystem, type WritableFile } from '../../../electron/core/storage/file-system';
import { appCoreOnSimulator } from '../../support/app-core-on-simulator';

/*
 * A disk that fills up under the app's outbox is named, with its code (ENOSPC),
 * both on a write the window makes and in the outbox status (the Outbox screen shows it), which also covers a
 * send whose "being sent" record cannot be written, which the outbox otherwise waits out without a word. The
 * words are the command line's (core/outbox/disk-words.ts). Through the window's IPC, on the real core.
 */

const app = appCoreOnSimulator({ home: 'statusdesk-app-disk-' });
// Registered after the core's clean-up, so it runs before it: the disk is a real one again when the core is disposed.
afterEach(() => {
  vi.restoreAllMocks();
});

async function call(channel: string, request?: unknown): Promise<{ ok: true; value: unknown } | { ok: false; error: { code: string; message: string } }> {
  return (await app.dispatch(channel, request)) as never;
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
    const disk = diskThatFills();
    app.open();
    const accountId = await app.addAccount();
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
    await vi.waitFor(() => expect(app.sim.writeLog({ op: 'incidents.create' })).toHaveLength(2), { timeout: 10_000 });
  });
});

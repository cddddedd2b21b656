import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors';
import { ManualNetworkSignals } from '../../../electron/core/connectivity/network-signals';
import type { OutboxService } from '../../../electron/core/outbox/outbox-service';
import { OUTBOX_FILE_NAME } from '../../../electron/core/outbox/outbox-store';
import type { StatusPageSimulator } from '../../../simulators/statuspal';
import { FaultyDisk, type DiskFault } from '../../support/faulty-disk';
import { makeTempDir } from '../../support/temp-dir';
import { openTestOutbox, simAccounts, until } from './support/harness';
import { shareSimulator } from './support/shared-simulator';

/*
 * The disk rows of the write path's fault matrix: a short write, ENOSPC, EIO and a read-only file
 * system, at append and at compaction. The invariant: every write answered "queued" is still there after the
 * outbox is opened again and is sent exactly once; a refused write is refused with the file and the cause,
 * and leaves nothing half-written behind for a later write to be glued onto.
 */

let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir> | undefined;
const open: OutboxService[] = [];

shareSimulator((started) => (sim = started));
afterEach(async () => {
  for (const outbox of open.splice(0)) await outbox.stop({ abortAfterMs: 0 });
  home?.remove();
  home = undefined;
});

const notice = (accountId: string, title: string) => ({
  kind: 'statuspal' as const,
  accountId,
  operation: 'createInfoNotice',
  input: { subdomain: 'acme', info_notice: { title, updates: [{ description: `${title}.` }] } },
});

async function openOutbox(dataDir: string, accounts: ReturnType<typeof simAccounts>['accounts'], options: Parameters<typeof openTestOutbox>[2] = {}) {
  const outbox = await openTestOutbox(dataDir, accounts, options);
  open.push(outbox);
  return outbox;
}

async function reopenAndSend(dataDir: string, accounts: ReturnType<typeof simAccounts>['accounts'], earlier: OutboxService) {
  await earlier.stop({ abortAfterMs: 0 });
  const again = await openOutbox(dataDir, accounts);
  expect(again.loadReport).toMatchObject({ invalidLines: 0, tornTail: false, problem: null, quarantinedTo: null });
  again.start();
  await again.flush({ timeoutMs: 10_000 });
  return again;
}

/** Titles of the notices the server applied, in order (read from its own log, not the outbox). */
const appliedTitles = () =>
  sim
    .writeLog()
    .filter((w) => w.method === 'POST' && w.status >= 200 && w.status < 300)
    .map((w) => (w.body as { info_notice: { title: string } }).info_notice.title);

const FAULTS: DiskFault[] = ['short write', 'ENOSPC', 'EIO', 'read-only'];
const CAUSE: Record<DiskFault, RegExp> = {
  'short write': /the disk is full \(ENOSPC\)/,
  ENOSPC: /the disk is full \(ENOSPC\)/,
  EIO: /input\/output error \(EIO\)/,
  'read-only': /read-only \(EROFS\)/,
};

describe('a disk fault at append', () => {
  it.each(FAULTS)('%s: the write is refused with the file and the cause; the ones before and after are kept and sent once', async (fault) => {
    home = makeTempDir('statusdesk-disk-');
    const { accountId, accounts } = simAccounts(sim);
    const disk = new FaultyDisk();
    const signals = new ManualNetworkSignals(false);
    const outbox = await openOutbox(home.dir, accounts, { signals, fileSystem: disk });
    outbox.start();

    await outbox.enqueue(notice(accountId, 'Before the disk filled'));
    disk.fail(fault, 'append');
    const refused = await outbox.enqueue(notice(accountId, 'While the disk was full')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('storage');
    expect((refused as AppError).message).toContain(path.join(home.dir, OUTBOX_FILE_NAME));
    expect((refused as AppError).message).toMatch(CAUSE[fault]);
    expect(disk.hits).toBeGreaterThan(0);
    disk.heal();
    await outbox.enqueue(notice(accountId, 'After space was freed'));

    const expected = ['Before the disk filled', 'After space was freed'];
    expect(outbox.list().map((e) => (e.input.info_notice as { title: string }).title)).toEqual(expected);
    // Every line on disk is whole: nothing glued onto a cut record.
    const lines = fs.readFileSync(path.join(home.dir, OUTBOX_FILE_NAME), 'utf8').split('\n').filter(Boolean);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();

    signals.set(true);
    await reopenAndSend(home.dir, accounts, outbox);
    await until(() => appliedTitles().length === expected.length, 'the kept writes to be sent');
    expect(appliedTitles()).toEqual(expected);
  });

  it('read-only: opening the outbox names the file and the cause instead of an unexpected error', async () => {
    home = makeTempDir('statusdesk-disk-');
    const { accountId, accounts } = simAccounts(sim);
    const first = await openOutbox(home.dir, accounts, { signals: new ManualNetworkSignals(false) });
    await first.enqueue(notice(accountId, 'Queued before the remount'));
    await first.stop({ abortAfterMs: 0 });
    const disk = new FaultyDisk();
    disk.fail('read-only', 'append');
    const error = await openTestOutbox(home.dir, accounts, { fileSystem: disk }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('storage');
    expect((error as AppError).message).toBe(
      `The outbox file ${path.join(home.dir, OUTBOX_FILE_NAME)} cannot be opened for writing: the file system is read-only (EROFS).`,
    );
    // Nothing was lost by trying: the write is still there for a writable open.
    const again = await openOutbox(home.dir, accounts, { signals: new ManualNetworkSignals(false) });
    expect(again.list().map((e) => (e.input.info_notice as { title: string }).title)).toEqual(['Queued before the remount']);
  });
});

describe('a disk fault at compaction', () => {
  it.each(FAULTS)('%s: the old file stays whole and in use, no temp file is left, and every write is kept', async (fault) => {
    home = makeTempDir('statusdesk-disk-');
    const { accountId, accounts } = simAccounts(sim);
    const disk = new FaultyDisk();
    const signals = new ManualNetworkSignals(false);
    // Compacts as soon as the file has more lines than 3 × the live records (or 4).
    const outbox = await openOutbox(home.dir, accounts, { signals, fileSystem: disk, compactMinLines: 4 });
    outbox.start();
    disk.fail(fault, 'compaction');
    const titles = Array.from({ length: 3 }, (_, i) => `Notice ${i + 1}`);
    for (const title of titles) {
      const { id } = await outbox.enqueue(notice(accountId, title));
      // State records make the log longer than the live state, which is what asks for a compaction.
      for (let i = 0; i < 4; i++) await outbox.retry(id);
    }
    await until(() => disk.hits > 0, 'a compaction to meet the fault');
    // The failed compaction removes its temp file as it gives up: waited for, not given a fixed 50 ms.
    await until(() => fs.readdirSync(home!.dir).every((name) => !name.includes('.tmp-')), 'the failed compaction to remove its temp file');
    disk.heal();
    await outbox.enqueue(notice(accountId, 'After the disk was healed'));
    expect(outbox.list()).toHaveLength(titles.length + 1);

    signals.set(true);
    await reopenAndSend(home.dir, accounts, outbox);
    await until(() => appliedTitles().length === titles.length + 1, 'every write to be sent');
    expect(appliedTitles()).toEqual([...titles, 'After the disk was healed']);
  });
});

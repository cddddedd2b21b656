import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { fillTheDisk } from '../../support/full-disk';
import { type makeTempDir } from '../../support/temp-dir';
import { simulatorPerFile } from './support/simulator-per-file';
import { runCliIn } from './support/run-cli';

/*
 * A full disk must not hide what is queued: the outbox lock cannot be written then, and `outbox list` failed
 * outright with the lock's error. It now reads the file without the lock (and says the list may be a moment
 * old); `outbox flush` says that nothing can be sent while the disk is full, and what is queued.
 */

const WRITES = 3;

const world = simulatorPerFile({ afterEach: () => vi.restoreAllMocks() });
let home: ReturnType<typeof makeTempDir> | undefined;

const key = world.key;

describe('the outbox on a full disk', () => {
  it('outbox list shows what is queued, read without the lock, and says it may be a moment old', async () => {
    home = world.newHome('statusdesk-cli-full-disk-list-');
    await world.queueCreates(home.dir, WRITES);
    const disk = fillTheDisk();
    const listed = await runCliIn(home.dir, ['outbox', 'list'], key());
    expect(disk.hits).toBeGreaterThan(0);
    expect(listed.code, listed.stderr).toBe(0);
    for (let i = 1; i <= WRITES; i++) expect(listed.stdout).toContain(`Queued ${i}`);
    expect(listed.stderr).toMatch(/the disk is full \(ENOSPC\)/);
    expect(listed.stderr).toMatch(/read without the outbox lock: it may be a moment old/);

    const json = await runCliIn(home.dir, ['--json', 'outbox', 'list'], key());
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout) as { entries: unknown[]; status: { pending: number }; readWithoutLock?: string };
    expect(parsed.entries).toHaveLength(WRITES);
    expect(parsed.status.pending).toBe(WRITES);
    expect(parsed.readWithoutLock).toMatch(/the disk is full/);
  });

  it('outbox flush says nothing can be sent while the disk is full, and what is queued', async () => {
    home = world.newHome('statusdesk-cli-full-disk-flush-');
    await world.queueCreates(home.dir, WRITES);
    fillTheDisk();
    const flushed = await runCliIn(home.dir, ['outbox', 'flush'], key());
    expect(flushed.code).toBe(1);
    expect(flushed.stderr).toMatch(
      new RegExp(
        `^statusdesk: The disk is full \\(ENOSPC\\): the outbox lock ${path.join(home.dir, 'outbox.lock').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} could not be written, so nothing can be sent ` +
          `\\(a write is sent only once its sending is recorded\\)\\. Queued: 3 writes pending\\. What to do: free space on that disk \\(or fix it\\), then run "statusdesk outbox flush"`,
      ),
    );
    expect(world.sim.writeLog({ op: 'incidents.create' })).toEqual([]);
  });

  it("doctor's outbox check reads the queue on a full disk", async () => {
    home = world.newHome('statusdesk-cli-full-disk-doctor-');
    await world.queueCreates(home.dir, WRITES);
    fillTheDisk();
    const doctor = await runCliIn(home.dir, ['--json', 'doctor'], key());
    const checks = JSON.parse(doctor.stdout) as { checks: { name: string; detail: string }[] } | { name: string; detail: string }[];
    const list = Array.isArray(checks) ? checks : checks.checks;
    expect(list.find((check) => check.name === 'outbox')?.detail).toMatch(/^3 writes: 3 waiting/);
  });
});

import fs from 'node:fs';
import { vi } from 'vitest';
import { nodeFileSystem } from '../../electron/core/storage/file-system';
import { FaultyDisk } from './faulty-disk';

/*
 * The data folder's disk full for the command line run in this process: every write of the outbox file (through
 * its seam, nodeFileSystem) fails with ENOSPC, and so does writing the outbox lock, which outbox-lock.ts writes
 * with node:fs's synchronous calls. Creating an empty file still works on a full disk; writing into it does not.
 * vi.restoreAllMocks() frees the space.
 */

const LOCK_FILE = /outbox\.lock(\..*\.tmp)?$/;

export function fillTheDisk(): FaultyDisk {
  const disk = new FaultyDisk();
  disk.fail('ENOSPC', 'anywhere');
  vi.spyOn(nodeFileSystem, 'open').mockImplementation((filePath, flags, mode) => disk.open(filePath, flags, mode));
  const lockFds = new Set<number>();
  const openSync = fs.openSync.bind(fs);
  const writeSync = fs.writeSync.bind(fs) as (...args: unknown[]) => number;
  vi.spyOn(fs, 'openSync').mockImplementation((filePath, flags, mode) => {
    const fd = openSync(filePath, flags, mode);
    if (LOCK_FILE.test(String(filePath))) lockFds.add(fd);
    return fd;
  });
  const closeSync = fs.closeSync.bind(fs);
  vi.spyOn(fs, 'closeSync').mockImplementation((fd) => {
    lockFds.delete(fd);
    closeSync(fd);
  });
  vi.spyOn(fs, 'writeSync').mockImplementation(((fd: number, ...rest: unknown[]) => {
    if (!lockFds.has(fd)) return writeSync(fd, ...rest);
    disk.hits++;
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
  }) as typeof fs.writeSync);
  return disk;
}

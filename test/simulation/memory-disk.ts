import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DurableFileSystem, WritableFile } from '../../electron/core/storage/file-system';

/*
 * The simulation's disk when the fault is not a disk fault: the outbox's real files, on a RAM-backed file
 * system when there is one (/dev/shm), written with synchronous calls. The bytes, the appends, the fsyncs
 * and the reopen after a crash are the real ones; what goes is the wait for a spinning or flash disk and the
 * thread-pool round trip, which would let the virtual clock move while a write is on its way.
 */

export const memoryDisk: DurableFileSystem = {
  open: async (filePath, flags, mode) => {
    const fd = fs.openSync(filePath, flags, mode);
    const file: WritableFile = {
      write: async (buffer, offset, length) => ({ bytesWritten: fs.writeSync(fd, buffer, offset, length) }),
      sync: async () => fs.fsyncSync(fd),
      truncate: async (length) => fs.ftruncateSync(fd, length),
      stat: async () => fs.fstatSync(fd),
      close: async () => fs.closeSync(fd),
    };
    return file;
  },
};

/** A fresh folder in memory (or the OS temp dir where there is no /dev/shm); remove it with the returned function. */
export function memoryDir(prefix: string): { dir: string; remove: () => void } {
  const base = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
  const dir = fs.mkdtempSync(path.join(base, prefix));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { nodeFileSystem, writeFully, type DurableFileSystem } from './file-system';

/**
 * Replaces a file so that a crash leaves either the old or the new content: write a temp file in the same
 * folder, fsync it, rename over the target, fsync the folder (where the platform allows opening one).
 */
export async function writeFileAtomic(filePath: string, content: string, fileSystem: DurableFileSystem = nodeFileSystem): Promise<void> {
  const tmp = `${filePath}.tmp-${process.pid}-${Date.now().toString(36)}`;
  try {
    const handle = await fileSystem.open(tmp, 'w', 0o600);
    try {
      await writeFully(handle, Buffer.from(content, 'utf8'));
      await handle.sync();
    } finally {
      await handle.close().catch(() => undefined);
    }
    await fs.rename(tmp, filePath);
  } catch (error) {
    // A full disk or a failed rename leaves the old file whole; the half-written copy goes.
    await fs.rm(tmp, { force: true }).catch(() => undefined);
    throw error;
  }
  await syncDir(path.dirname(filePath));
}

/** Makes a rename or a new file in `dir` durable. */
export async function syncDir(dir: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch {
    // Windows cannot open a folder for sync; the rename is still atomic there.
  } finally {
    await handle?.close();
  }
}

/**
 * writeFileAtomic for the few callers that must be done before they return (a journal compacted between two
 * synchronous appends): the same temp file, fsync, rename and folder fsync, blocking.
 */
export function writeFileAtomicSync(filePath: string, content: string | Uint8Array): void {
  const tmp = `${filePath}.tmp-${process.pid}-${Date.now().toString(36)}`;
  try {
    const fd = fsSync.openSync(tmp, 'w', 0o600);
    try {
      if (typeof content === 'string') fsSync.writeFileSync(fd, content, 'utf8');
      else fsSync.writeFileSync(fd, content);
      fsSync.fsyncSync(fd);
    } finally {
      fsSync.closeSync(fd);
    }
    fsSync.renameSync(tmp, filePath);
  } catch (error) {
    // The error told is the write's: removing a copy that could not even be made (no folder) must not replace it.
    try {
      fsSync.rmSync(tmp, { force: true });
    } catch {
      // Nothing was written there.
    }
    throw error;
  }
  syncDirSync(path.dirname(filePath));
}

/** syncDir, blocking. */
export function syncDirSync(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fsSync.openSync(dir, 'r');
    fsSync.fsyncSync(fd);
  } catch {
    // Windows cannot open a folder for sync; the rename is still atomic there.
  } finally {
    if (fd !== undefined) fsSync.closeSync(fd);
  }
}

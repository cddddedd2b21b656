import fs from 'node:fs/promises';

/*
 * The few file operations the durable logs use, as a seam: tests put a faulty disk behind it (a short write
 * that reports fewer bytes without throwing, ENOSPC, EIO, EROFS, each with node's real error codes), the app
 * uses node:fs as it is.
 */

export interface WritableFile {
  /** Writes `length` bytes of `buffer` from `offset`; may write fewer (the count says how many) without throwing. */
  write(buffer: Uint8Array, offset: number, length: number): Promise<{ bytesWritten: number }>;
  sync(): Promise<void>;
  truncate(length: number): Promise<void>;
  stat(): Promise<{ size: number }>;
  close(): Promise<void>;
}

export interface DurableFileSystem {
  open(filePath: string, flags: 'a' | 'w', mode: number): Promise<WritableFile>;
}

export const nodeFileSystem: DurableFileSystem = {
  open: (filePath, flags, mode) => fs.open(filePath, flags, mode),
};

/** A failed file operation: which file, which step, and the error as node gave it. */
export interface FileSystemFailure {
  filePath: string;
  step: 'open' | 'write' | 'sync' | 'truncate' | 'close';
  error: unknown;
}

/** A file system that remembers its failures: what failed can be named afterwards, even where a caller retried quietly. */
interface WatchedFileSystem extends DurableFileSystem {
  readonly failures: readonly FileSystemFailure[];
}

/**
 * Wraps `base` (looked up at each call, so a test's fault put behind it counts) and records every failure.
 * The outbox keeps a write whose state change could not be written and tries again later, without a word;
 * the command line watches its outbox's disk this way to say that the disk is full, and what it means.
 */
export function watchFailures(base: DurableFileSystem = nodeFileSystem): WatchedFileSystem {
  const failures: FileSystemFailure[] = [];
  const step = async <T>(filePath: string, name: FileSystemFailure['step'], run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      failures.push({ filePath, step: name, error });
      throw error;
    }
  };
  return {
    failures,
    open: async (filePath, flags, mode) => {
      const file = await step(filePath, 'open', () => base.open(filePath, flags, mode));
      return {
        write: async (buffer, offset, length) => {
          const result = await step(filePath, 'write', () => file.write(buffer, offset, length));
          // writeFully takes a write of nothing for a full disk; so does the record.
          if (result.bytesWritten <= 0 && length > 0) failures.push({ filePath, step: 'write', error: shortWrite() });
          return result;
        },
        sync: () => step(filePath, 'sync', () => file.sync()),
        truncate: (length) => step(filePath, 'truncate', () => file.truncate(length)),
        stat: () => file.stat(),
        close: () => step(filePath, 'close', () => file.close()),
      };
    },
  };
}

function shortWrite(): Error {
  return Object.assign(new Error('no space left on device (the write stopped short)'), { code: 'ENOSPC' });
}

/** Writes all of `data`, however many calls a full or slow disk takes; a call that writes nothing is an error. */
export async function writeFully(file: WritableFile, data: Uint8Array): Promise<void> {
  let done = 0;
  while (done < data.length) {
    const { bytesWritten } = await file.write(data, done, data.length - done);
    if (bytesWritten <= 0) throw shortWrite();
    done += bytesWritten;
  }
}

/** "the disk is full (ENOSPC)": the cause in words, for messages that name the file too. */
export function fileErrorReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
      return `the disk is full (${code})`;
    case 'EROFS':
      return `the file system is read-only (${code})`;
    case 'EACCES':
    case 'EPERM':
      return `it is not writable for this user (${code})`;
    case 'EIO':
      return `the disk reported an input/output error (${code})`;
    case undefined:
      return error instanceof Error ? error.message : String(error);
    default:
      return `${error instanceof Error ? error.message : String(error)}`;
  }
}

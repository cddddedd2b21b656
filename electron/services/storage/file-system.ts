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

/** Writes all of `data`, however many calls a full or slow disk takes; a call that writes nothing is an error. */
export async function writeFully(file: WritableFile, data: Uint8Array): Promise<void> {
  let done = 0;
  while (done < data.length) {
    const { bytesWritten } = await file.write(data, done, data.length - done);
    if (bytesWritten <= 0) throw Object.assign(new Error('no space left on device (the write stopped short)'), { code: 'ENOSPC' });
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

import fs from 'node:fs';
import fsp from 'node:fs/promises';

/*
 * A data file the app has not written yet is not an error: it reads as null, and the caller starts empty.
 * Any other failure (no permission, a folder in its place) is thrown as it came, for the caller to word.
 */

const missing = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

export async function readIfPresent(filePath: string): Promise<Buffer | null> {
  try {
    return await fsp.readFile(filePath);
  } catch (error) {
    if (missing(error)) return null;
    throw error;
  }
}

/**
 * The same, at once: one read for the whole file, where the thread pool reads in 512 KiB pieces and a trip each
 * (opening a long outbox waited for its few megabytes more than it took to read them).
 */
export function readIfPresentSync(filePath: string): Buffer | null {
  try {
    return fs.readFileSync(filePath);
  } catch (error) {
    if (missing(error)) return null;
    throw error;
  }
}

/**
 * The same, read by the thread pool in one piece while the caller goes on: opened and sized now, its bytes there
 * when the promise resolves (an outbox's open parses the index beside it meanwhile). Fewer bytes than sized when
 * the file was cut meanwhile; none of what was added after.
 */
export function readIfPresentInBackground(filePath: string): Promise<Buffer | null> {
  let fd: number;
  let size: number;
  try {
    fd = fs.openSync(filePath, 'r');
  } catch (error) {
    return missing(error) ? Promise.resolve(null) : Promise.reject(error as Error);
  }
  try {
    size = fs.fstatSync(fd).size;
  } catch (error) {
    fs.closeSync(fd);
    return Promise.reject(error as Error);
  }
  const bytes = Buffer.allocUnsafe(size);
  return new Promise((resolve, reject) => {
    const readFrom = (at: number) => {
      if (at >= size) {
        fs.closeSync(fd);
        resolve(bytes);
        return;
      }
      fs.read(fd, bytes, at, size - at, at, (error, read) => {
        if (error !== null) {
          fs.closeSync(fd);
          reject(error);
        } else if (read === 0) {
          fs.closeSync(fd);
          resolve(bytes.subarray(0, at));
        } else readFrom(at + read);
      });
    };
    readFrom(0);
  });
}

export function readTextIfPresentSync(filePath: string): string | null {
  try {
    return fs.readFileSync(filePath, 'utf8');
  } catch (error) {
    if (missing(error)) return null;
    throw error;
  }
}

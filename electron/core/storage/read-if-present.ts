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

export function readTextIfPresentSync(filePath: string): string | null {
  try {
    return fs.readFileSync(filePath, 'utf8');
  } catch (error) {
    if (missing(error)) return null;
    throw error;
  }
}

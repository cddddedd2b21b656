import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomicSync } from '@core/storage/atomic-write';

/*
 * V8's code cache for the command-line bundle: what V8 compiled while a command ran, kept beside the bundle so
 * the next start of the same command deserializes it instead of parsing and compiling the bundle again (the
 * largest part of a cold start). Node 22 keeps such a cache itself (`module.enableCompileCache`); Node 20, which
 * the command line supports, does not. The `v8-compile-cache` package asks V8 for the cache before the code
 * runs (so it holds none of the functions a command calls), keys it by the working directory when the entry is
 * an ES module, and hashes the whole bundle on every start: hence this file.
 *
 * One cache per command word (`status`, `incidents`, none for `--version`), each made by a run of that command
 * that succeeded, so each holds what its command compiles. A cache names the bundle it was made from (size and
 * modification time) and its own length: after a rebuild, or if a file was cut short, it is not used and is
 * made again. V8 refuses a cache made by another V8 version or with other flags; that one is made again too.
 */

const FORMAT = 'statusdesk-code-cache 1';
/** Where the caches go, beside the bundle. */
const CODE_CACHE_DIR = 'code-cache';
/** A word that names a command; anything else (an option, a URL, a page's name with capitals) is not a key. */
const COMMAND_WORD = /^[a-z][a-z-]{0,39}$/;

interface BundleStamp {
  size: number;
  mtimeMs: number;
}

/** The cache a start with these arguments uses: the first command-like word, or `none` (`--version`, `--help`). */
export function codeCacheFile(bundle: string, argv: readonly string[]): string {
  const word = argv.find((arg) => COMMAND_WORD.test(arg)) ?? 'none';
  return path.join(path.dirname(bundle), CODE_CACHE_DIR, `${word}.bin`);
}

const header = (stamp: BundleStamp, length: number) => `${FORMAT} ${stamp.size} ${stamp.mtimeMs} ${length}\n`;

/** The cached code for this bundle, or undefined when there is none, it is another bundle's, or it is cut short. */
export function readCodeCache(file: string, stamp: BundleStamp): Buffer | undefined {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    return undefined;
  }
  const end = bytes.indexOf(10);
  if (end < 0 || end > 200) return undefined;
  const data = bytes.subarray(end + 1);
  return bytes.subarray(0, end + 1).toString('latin1') === header(stamp, data.length) ? data : undefined;
}

/**
 * Keeps the cache, written aside and renamed (writeFileAtomicSync) so a start meanwhile reads the old one or the
 * new one, never half. A folder that cannot be written (an install owned by another user) only means no cache.
 */
export function writeCodeCache(file: string, stamp: BundleStamp, data: Buffer): void {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    writeFileAtomicSync(file, Buffer.concat([Buffer.from(header(stamp, data.length), 'latin1'), data]));
  } catch {
    // No cache: the next start compiles the bundle and tries again.
  }
}

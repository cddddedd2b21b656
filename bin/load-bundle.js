import fs from 'node:fs';
import { createRequire } from 'node:module';
import Module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';

/*
 * Runs the prebuilt CommonJS bundle with V8's code cache: compiling 1.2 MB of JavaScript is most of a cold
 * start, and Node 20 caches compiled code only for scripts handed cached data (module.enableCompileCache
 * comes with Node 22). The cache lives in the temp folder, one file per bundle build and Node version; V8
 * checks it and falls back to compiling when it does not fit. A cache that cannot be written costs nothing.
 */

function cacheFileOf(bundle, stat) {
  const user = typeof process.getuid === 'function' ? process.getuid() : os.userInfo().username;
  const dir = path.join(os.tmpdir(), `statusdesk-code-cache-${user}`);
  // Size and mtime name the build: V8's own check compares only the source length.
  return { dir, file: path.join(dir, `${process.version}-${stat.size}-${Math.round(stat.mtimeMs)}.v8`) };
}

function readCache(file) {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

function writeCache(dir, file, data) {
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, data);
    fs.renameSync(temp, file);
    // Earlier builds' caches are of no further use.
    for (const name of fs.readdirSync(dir)) if (path.join(dir, name) !== file && name.endsWith('.v8')) fs.rmSync(path.join(dir, name), { force: true });
  } catch {
    // A read-only or full temp folder: the next start compiles again.
  }
}

/** Loads and runs `bundle` (a CommonJS file) as Node would, with a code cache. */
export function loadBundle(bundle, stat) {
  const { dir, file } = cacheFileOf(bundle, stat);
  const cachedData = readCache(file);
  const source = fs.readFileSync(bundle, 'utf8');
  const script = new vm.Script(Module.wrap(source), { filename: bundle, ...(cachedData ? { cachedData } : {}) });
  if (!cachedData || script.cachedDataRejected) {
    // After the run, the cache also holds the functions the command compiled lazily.
    process.once('exit', () => writeCache(dir, file, script.createCachedData()));
  }
  const module = { exports: {}, filename: bundle, id: bundle, loaded: false };
  script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, path.dirname(bundle));
}

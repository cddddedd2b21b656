import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { codeCacheFile, readCodeCache, writeCodeCache } from './code-cache';

/*
 * Runs the command-line bundle (one CommonJS file, scripts/build-cli.ts) the way Node's `require` would, but
 * compiled with V8's code cache of this command (code-cache.ts): a start then deserializes what an earlier run
 * compiled instead of parsing the whole bundle. bin/statusdesk.js calls it; the bundle then runs the command
 * named by the process's own arguments.
 */

type CommonJsWrapper = (exports: object, require: NodeJS.Require, module: { exports: object }, filename: string, dirname: string) => void;

export function runBundle(bundle: string, argv: readonly string[]): void {
  // The stamp and the text from one open file: a rebuild meanwhile cannot pair one bundle's stamp with another's code.
  const fd = fs.openSync(bundle, 'r');
  let source: string;
  let stamp: { size: number; mtimeMs: number };
  try {
    const { size, mtimeMs } = fs.fstatSync(fd);
    stamp = { size, mtimeMs };
    source = fs.readFileSync(fd, 'utf8');
  } finally {
    fs.closeSync(fd);
  }

  const cacheFile = codeCacheFile(bundle, argv);
  const cachedData = readCodeCache(cacheFile, stamp);
  // The bundle has no `import()` (scripts/build-cli.ts): a script's would need a loader hook Node calls experimental.
  const script = new vm.Script(Module.wrap(source), { filename: bundle, cachedData });
  if (cachedData === undefined || script.cachedDataRejected === true) {
    // Made once the command has run, so it holds every function the command compiled; only after a success, so a
    // mistyped command leaves no cache behind.
    process.once('exit', (code) => {
      if (code === 0) writeCodeCache(cacheFile, stamp, script.createCachedData());
    });
  }

  const run = script.runInThisContext() as CommonJsWrapper;
  const module = { exports: {} };
  run.call(module.exports, module.exports, createRequire(bundle), module, bundle, path.dirname(bundle));
}

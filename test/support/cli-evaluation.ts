import { execFile } from 'node:child_process';
import fs from 'node:fs';
import Module, { SourceMap } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './paths';

/*
 * What one start of the built command line evaluates, recorded by V8 in the child itself. The bundle is one file
 * whose modules each run when first imported (scripts/build-cli.ts), so "loaded" means "its code ran": every
 * function V8 counted as called, mapped through the bundle's source map to the source it came from. The files
 * of out/cli the start read (the bundle, a vendor library) and the built-in modules Node loaded come with it.
 *
 * The start runs from a copy of bin/ and out/cli/ in a folder of its own: a run with coverage on must not leave
 * its code cache where other tests' starts would use it.
 */

interface CliEvaluation {
  stdout: string;
  /** Sources whose code ran, relative to the repository (`electron/cli/commands/read.ts`, `node_modules/zod/…`). */
  sources: string[];
  /** Files of the install's out/cli/ that were loaded, relative to it (`statusdesk.cjs`, `vendor/conf.cjs`). */
  files: string[];
  /** Node's built-in modules loaded (`http`, `child_process`, …). */
  builtins: string[];
}

interface FunctionCoverage {
  ranges: Array<{ startOffset: number; count: number }>;
}
interface ScriptCoverage {
  url: string;
  functions: FunctionCoverage[];
}

/** A copy of the command line's install (bin/ and the built out/cli/, without code caches) in `dir`. */
export function copyCliInstall(dir: string): string {
  fs.cpSync(path.join(repoRoot, 'bin'), path.join(dir, 'bin'), { recursive: true });
  fs.cpSync(path.join(repoRoot, 'out/cli'), path.join(dir, 'out/cli'), {
    recursive: true,
    filter: (source) => path.basename(source) !== 'code-cache',
  });
  return path.join(dir, 'bin/statusdesk.js');
}

const BUILTINS_AT_EXIT = `process.on('exit', () => require('node:fs').writeFileSync(process.env.STATUSDESK_TEST_BUILTINS, JSON.stringify(process.moduleLoadList)));`;

export async function evaluateCliStart(dir: string, args: string[], env: NodeJS.ProcessEnv): Promise<CliEvaluation> {
  const bin = copyCliInstall(dir);
  const coverageDir = path.join(dir, 'coverage');
  const builtinsFile = path.join(dir, 'builtins.json');
  const preload = path.join(dir, 'builtins-at-exit.cjs');
  fs.writeFileSync(preload, BUILTINS_AT_EXIT);
  const { stdout } = await promisify(execFile)(process.execPath, ['--require', preload, bin, ...args], {
    env: { ...env, NODE_V8_COVERAGE: coverageDir, STATUSDESK_TEST_BUILTINS: builtinsFile },
  });

  const outDir = path.join(dir, 'out/cli');
  const scripts = fs
    .readdirSync(coverageDir)
    .flatMap((name) => (JSON.parse(fs.readFileSync(path.join(coverageDir, name), 'utf8')) as { result: ScriptCoverage[] }).result)
    .filter((script) => script.url.startsWith('file:') && new URL(script.url).pathname.startsWith(outDir + path.sep));
  const files = [...new Set(scripts.map((script) => path.relative(outDir, new URL(script.url).pathname).split(path.sep).join('/')))].sort();
  const bundle = scripts.find((script) => new URL(script.url).pathname === path.join(outDir, 'statusdesk.cjs'));
  const builtins = (JSON.parse(fs.readFileSync(builtinsFile, 'utf8')) as string[])
    .filter((name) => name.startsWith('NativeModule '))
    .map((name) => name.slice('NativeModule '.length));
  return { stdout, sources: bundle ? sourcesThatRan(path.join(outDir, 'statusdesk.cjs'), bundle) : [], files, builtins };
}

/** The sources of every function of the bundle that ran. */
function sourcesThatRan(bundlePath: string, coverage: ScriptCoverage): string[] {
  const text = fs.readFileSync(bundlePath, 'utf8');
  const map = new SourceMap(JSON.parse(fs.readFileSync(`${bundlePath}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]);
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const sources = new Set<string>();
  for (const fn of coverage.functions) {
    const range = fn.ranges[0];
    if (!range || range.count === 0) continue;
    const offset = range.startOffset - WRAPPER_PREFIX;
    if (offset < 0 || offset >= text.length) continue;
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    const entry = map.findEntry(low, offset - lineStarts[low]!) as { originalSource?: string };
    // The map names sources from the repository's out/cli/, where the copy was built.
    if (entry.originalSource)
      sources.add(
        path
          .relative(repoRoot, path.resolve(repoRoot, 'out/cli', entry.originalSource))
          .split(path.sep)
          .join('/'),
      );
  }
  return [...sources].sort();
}

/** The launcher compiles the bundle inside Node's CommonJS wrapper: V8's offsets count from the wrapper's start. */
const WRAPPER_PREFIX = Module.wrap('\u0000').indexOf('\u0000');

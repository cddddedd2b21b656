import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/*
 * Builds the `statusdesk` command line into one CommonJS file, out/cli/statusdesk.cjs, so bin/statusdesk.js
 * starts on plain Node (with V8's code cache) instead of transpiling the TypeScript sources through tsx on
 * every run. Run by every `electron-vite build` (electron.vite.config.ts), before the integration tests
 * (test/support/build-cli-setup.ts), and by hand with `npm run build:cli`.
 *
 * CommonJS, not ESM: on Node 20 only a classic script can be compiled with cached data (vm.Script), and
 * the compile is most of a cold start.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CLI_BUNDLE = path.join(repoRoot, 'out/cli/statusdesk.cjs');

/**
 * A native addon is loaded by path, so it cannot be bundled; the keychain binding is loaded on first use
 * anyway, so a command that never reads a key never loads it. `electron` must never reach the command line.
 */
const EXTERNAL = ['@napi-rs/keyring', '@napi-rs/keyring-*', 'electron'];

/**
 * The bundle's entry: the command, then exit once its output is flushed. Node's fetch keeps an idle
 * keep-alive connection that holds the process open for another 50-100 ms after the answer is printed,
 * as long again as the whole start; the command has awaited everything it does by the time main resolves.
 */
const ENTRY = `import { main } from './electron/cli/index';
const flushed = (stream: NodeJS.WriteStream) => new Promise<void>((resolve) => stream.write('', () => resolve()));
void main(process.argv.slice(2))
  .then(() => Promise.all([flushed(process.stdout), flushed(process.stderr)]))
  .then(() => process.exit());
`;

export async function buildCli(outfile: string = CLI_BUNDLE): Promise<void> {
  const result = await build({
    stdin: {
      contents: ENTRY,
      resolveDir: repoRoot,
      sourcefile: 'statusdesk-entry.ts',
      loader: 'ts',
    },
    outfile,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // import() of the external keyring becomes require(): a vm.Script has no module loader of its own.
    supported: { 'dynamic-import': false },
    external: EXTERNAL,
    minify: true,
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
  });
  writeBuildOutputs(outfile, result.outputFiles);
}

/** esbuild's output files, each written aside and renamed: a process started meanwhile never reads half a file. */
export function writeBuildOutputs(outfile: string, files: ReadonlyArray<{ path: string; contents: Uint8Array }>): void {
  fs.mkdirSync(path.dirname(outfile), { recursive: true });
  for (const file of files) {
    const temp = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temp, file.contents);
    fs.renameSync(temp, file.path);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const started = performance.now();
  await buildCli();
  console.error(`statusdesk: built ${path.relative(process.cwd(), CLI_BUNDLE)} in ${Math.round(performance.now() - started)} ms`);
}

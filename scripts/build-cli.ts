import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { childProcessOnFirstUse, electronLogRemoteOff, keyringByRequire, VENDOR, VENDOR_DIR, vendorOnFirstImport, zodEnglishOnly } from './cli-bundle-plugins';

/*
 * Builds the `statusdesk` command line into out/cli/: statusdesk.cjs, the whole command line in one CommonJS
 * file, and launch.cjs, which bin/statusdesk.js calls to run it with V8's code cache (electron/cli/launch.ts),
 * so a start neither transpiles the TypeScript sources through tsx nor parses the bundle again. Run by every
 * `electron-vite build` (electron.vite.config.ts), before the integration tests (test/support/build-cli-setup.ts),
 * and by hand with `npm run build:cli`.
 *
 * One file, not ES modules split into chunks: Node 20 keeps no code cache for ES modules, and resolving and
 * compiling sixty chunks cost more than the whole run of a command. A command still evaluates only what it
 * needs: each command module is imported lazily (electron/cli/command-table.ts), and esbuild keeps a lazily
 * imported module and everything under it unevaluated until the import runs.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CLI_OUT_DIR = path.join(repoRoot, 'out/cli');
export const CLI_BUNDLE = path.join(CLI_OUT_DIR, 'statusdesk.cjs');

/**
 * A native addon is loaded by path, so it cannot be bundled; the keychain binding is loaded on first use
 * anyway, so a command that never reads a key never loads it. `electron` must never reach the command line.
 */
const EXTERNAL = ['@napi-rs/keyring-*', 'electron'];

export async function buildCli(outdir: string = CLI_OUT_DIR): Promise<void> {
  const result = await build({
    entryPoints: {
      statusdesk: path.join(repoRoot, 'electron/cli/start.ts'),
      launch: path.join(repoRoot, 'electron/cli/launch.ts'),
      ...Object.fromEntries(Object.keys(VENDOR).map((name) => [`${VENDOR_DIR}/${name}`, name])),
    },
    outdir,
    write: false,
    bundle: true,
    outExtension: { '.js': '.cjs' },
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: EXTERNAL,
    plugins: [zodEnglishOnly, electronLogRemoteOff, childProcessOnFirstUse, vendorOnFirstImport, keyringByRequire],
    minify: true,
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
  });
  writeCli(outdir, result.outputFiles);
}

/** esbuild's output files, each written aside and renamed: a process started meanwhile never reads half a file. */
export function writeBuildOutputs(outfile: string, files: ReadonlyArray<{ path: string; contents: Uint8Array }>): void {
  fs.mkdirSync(path.dirname(outfile), { recursive: true });
  for (const file of files) {
    fs.mkdirSync(path.dirname(file.path), { recursive: true });
    const temp = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temp, file.contents);
    fs.renameSync(temp, file.path);
  }
}

/** The new files, then what earlier builds left (their code caches, chunks of older layouts) goes. */
function writeCli(outdir: string, files: ReadonlyArray<{ path: string; contents: Uint8Array }>): void {
  writeBuildOutputs(CLI_BUNDLE, files);
  const current = new Set(files.flatMap((file) => [file.path, path.dirname(file.path)]));
  for (const name of fs.readdirSync(outdir)) {
    const file = path.join(outdir, name);
    if (!current.has(file) && !name.endsWith('.tmp')) fs.rmSync(file, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const started = performance.now();
  await buildCli();
  console.error(`statusdesk: built ${path.relative(process.cwd(), CLI_BUNDLE)} in ${Math.round(performance.now() - started)} ms`);
}

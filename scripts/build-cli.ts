import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/*
 * Builds the `statusdesk` command line into out/cli/: the entry statusdesk.mjs and the chunks it loads, so
 * bin/statusdesk.js starts on plain Node instead of transpiling the TypeScript sources through tsx on every
 * run. Run by every `electron-vite build` (electron.vite.config.ts), before the integration tests
 * (test/support/build-cli-setup.ts), and by hand with `npm run build:cli`.
 *
 * ESM split into chunks: a start loads the entry (the command table and commander) and then only the chunks of
 * the command it runs (electron/cli/command-table.ts); `--version` and `--help` load no command at all.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CLI_OUT_DIR = path.join(repoRoot, 'out/cli');
export const CLI_BUNDLE = path.join(CLI_OUT_DIR, 'statusdesk.mjs');
/** Where the chunks go, inside CLI_OUT_DIR. */
export const CLI_CHUNKS = 'chunks';

/**
 * A native addon is loaded by path, so it cannot be bundled; the keychain binding is loaded on first use
 * anyway, so a command that never reads a key never loads it. `electron` must never reach the command line.
 */
const EXTERNAL = ['@napi-rs/keyring', '@napi-rs/keyring-*', 'electron'];

/**
 * Bundled CommonJS packages (commander, conf) require Node's modules, and ESM has no `require` of its own: one
 * for the whole process, made by the first chunk that runs (a require per chunk costs a few ms each).
 */
const REQUIRE =
  "import{createRequire as __statusdeskRequire}from'node:module';const require=globalThis[Symbol.for('statusdesk.require')]??=__statusdeskRequire(import.meta.url);";

/**
 * The command line speaks English: zod's other locales (more than half of zod) stay out. `z.locales` is not
 * used; zod registers English itself, from its own module.
 */
const zodEnglishOnly: Plugin = {
  name: 'zod-english-only',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic|core)$/.test(args.resolveDir)
        ? { path: path.join(args.resolveDir, '../locales/en.js'), namespace: 'zod-locales' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
  },
};

export async function buildCli(outdir: string = CLI_OUT_DIR): Promise<void> {
  const result = await build({
    entryPoints: { statusdesk: path.join(repoRoot, 'electron/cli/start.ts') },
    outdir,
    write: false,
    bundle: true,
    splitting: true,
    chunkNames: `${CLI_CHUNKS}/[name]-[hash]`,
    outExtension: { '.js': '.mjs' },
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    plugins: [zodEnglishOnly],
    banner: { js: REQUIRE },
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

/** The chunks first, then the entry that imports them; then what earlier builds left (their chunks, an older bundle) goes. */
function writeCli(outdir: string, files: ReadonlyArray<{ path: string; contents: Uint8Array }>): void {
  const chunksDir = path.join(outdir, CLI_CHUNKS);
  const isChunk = (file: { path: string }) => path.dirname(file.path) === chunksDir;
  writeBuildOutputs(path.join(outdir, 'statusdesk.mjs'), [...files.filter(isChunk), ...files.filter((file) => !isChunk(file))]);
  const current = new Set([...files.map((file) => file.path), chunksDir]);
  for (const dir of [outdir, chunksDir])
    for (const name of fs.readdirSync(dir)) {
      const file = path.join(dir, name);
      if (!current.has(file) && !name.endsWith('.tmp')) fs.rmSync(file, { force: true });
    }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const started = performance.now();
  await buildCli();
  console.error(`statusdesk: built ${path.relative(process.cwd(), CLI_BUNDLE)} in ${Math.round(performance.now() - started)} ms`);
}

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/*
 * Renderer initial JS (docs/architecture.md budget: under 150 KB gzip). Counts what the browser must fetch and run
 * before the first screen: the entry script of out/renderer/index.html, its modulepreload links, and every
 * chunk those import statically, transitively. Dynamic import() targets (the lazy screens) are left out.
 * Builds the app first when out/renderer is missing.
 * Run: npx tsx bench/renderer-size.bench.ts
 */

// 150 KB read strictly as 150,000 bytes.
export const INITIAL_JS_BUDGET_BYTES = 150_000;

export interface RendererSizeBenchResult {
  name: 'renderer-size';
  /** Files counted, relative to out/renderer. */
  files: Array<{ file: string; bytes: number; gzipBytes: number }>;
  bytes: number;
  gzipBytes: number;
  budgetGzipBytes: number;
  /** gzipBytes / budgetGzipBytes. */
  ratio: number;
  /** Chunks reachable only through import(): loaded when a screen is first opened. */
  lazyChunks: number;
  built: boolean;
  pass: boolean;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rendererDir = path.join(repoRoot, 'out/renderer');

/** src of module scripts and href of modulepreload links, in document order. */
export function initialScriptsOf(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
    if (/^<script/i.test(tag) && attr('type') === 'module' && attr('src')) found.push(attr('src')!);
    if (/^<link/i.test(tag) && attr('rel') === 'modulepreload' && attr('href')) found.push(attr('href')!);
  }
  return found;
}

/** Relative specifiers of static `import … from "x"`, `import "x"` and `export … from "x"`; never import("x"). */
export function staticImportsOf(code: string): string[] {
  const pattern = /(?<![\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g;
  return [...code.matchAll(pattern)].map((m) => m[1]!);
}

export function dynamicImportsOf(code: string): string[] {
  return [...code.matchAll(/\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g)].map((m) => m[1]!);
}

function buildRenderer(): void {
  execFileSync(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['electron-vite', 'build'], { cwd: repoRoot, stdio: 'ignore' });
}

export async function runRendererSizeBench(options: { dir?: string; build?: boolean } = {}): Promise<RendererSizeBenchResult> {
  const dir = options.dir ?? rendererDir;
  let built = false;
  if (options.build || !fs.existsSync(path.join(dir, 'index.html'))) {
    buildRenderer();
    built = true;
  }
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const seen = new Set<string>();
  const lazy = new Set<string>();
  const queue = initialScriptsOf(html).map((src) => path.resolve(dir, src.replace(/^\//, '')));
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    for (const spec of staticImportsOf(code)) queue.push(path.resolve(path.dirname(file), spec));
    for (const spec of dynamicImportsOf(code)) lazy.add(path.resolve(path.dirname(file), spec));
  }
  const files = [...seen].map((file) => {
    const bytes = fs.readFileSync(file);
    return { file: path.relative(dir, file), bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
  });
  const gzipBytes = files.reduce((sum, f) => sum + f.gzipBytes, 0);
  return {
    name: 'renderer-size',
    files,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzipBytes,
    budgetGzipBytes: INITIAL_JS_BUDGET_BYTES,
    ratio: Math.round((gzipBytes / INITIAL_JS_BUDGET_BYTES) * 1000) / 1000,
    lazyChunks: [...lazy].filter((f) => !seen.has(f)).length,
    built,
    pass: files.length > 0 && gzipBytes < INITIAL_JS_BUDGET_BYTES,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const result = await runRendererSizeBench({ build: process.argv.includes('--build') });
  console.log(JSON.stringify(result, null, 2));
  if (!result.pass) process.exitCode = 1;
}

import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../support/paths';

/** Every import specifier in a TS/Vue source file (static, dynamic, re-export and require). */
function importsOf(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\bimport\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/g,
    /\bexport\s+(?:type\s+)?[^'"]*?\s+from\s+['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) found.push(match[1]!);
  return found;
}

function sourceFiles(dir: string): string[] {
  const root = path.join(repoRoot, dir);
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|vue|mts|js)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The renderer's aliases (tsconfig.base.json's paths): where each leads, relative to the repo root. */
const ALIASES: ReadonlyArray<readonly [prefix: string, folder: string]> = [
  ['@/', 'renderer/src'],
  ['@shared/', 'shared'],
];

/** Resolves a relative or aliased import to a path relative to the repo root, to check which layer it reaches. */
function target(file: string, specifier: string): string {
  const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
  if (alias) return path.join(alias[1], specifier.slice(alias[0].length));
  return specifier.startsWith('.') ? path.relative(repoRoot, path.resolve(path.dirname(file), specifier)) : specifier;
}

const isLocal = (specifier: string) => specifier.startsWith('.') || ALIASES.some(([prefix]) => specifier.startsWith(prefix));

const nodeBuiltins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
const isElectron = (s: string) => s === 'electron' || s.startsWith('electron/');
const isNodeBuiltin = (s: string) => nodeBuiltins.has(s) || s.startsWith('node:');

describe('layering (DESIGN.md)', () => {
  it('sees the source tree', () => {
    expect(sourceFiles('shared').length).toBeGreaterThan(3);
    expect(sourceFiles('electron/services').length).toBeGreaterThan(3);
    expect(sourceFiles('renderer/src').length).toBeGreaterThan(3);
  });

  it('shared/ imports only zod and itself', () => {
    for (const file of sourceFiles('shared')) {
      for (const specifier of importsOf(fs.readFileSync(file, 'utf8'))) {
        const resolved = target(file, specifier);
        const ok = specifier === 'zod' || specifier.startsWith('zod/') || (specifier.startsWith('.') && resolved.startsWith('shared'));
        expect(ok, `${path.relative(repoRoot, file)} imports ${specifier}`).toBe(true);
      }
    }
  });

  it('services and the command line never import electron, main or preload', () => {
    for (const file of [...sourceFiles('electron/services'), ...sourceFiles('electron/cli')]) {
      for (const specifier of importsOf(fs.readFileSync(file, 'utf8'))) {
        const resolved = target(file, specifier);
        expect(isElectron(specifier), `${path.relative(repoRoot, file)} imports ${specifier}`).toBe(false);
        expect(
          resolved.startsWith('electron/main') || resolved.startsWith('electron/preload') || resolved.startsWith('renderer'),
          `${path.relative(repoRoot, file)} imports ${specifier}`,
        ).toBe(false);
      }
    }
  });

  it('the renderer imports neither electron/ nor Node built-ins, only shared/ and browser packages', () => {
    for (const file of sourceFiles('renderer/src')) {
      for (const specifier of importsOf(fs.readFileSync(file, 'utf8'))) {
        const resolved = target(file, specifier);
        expect(isElectron(specifier) || isNodeBuiltin(specifier), `${path.relative(repoRoot, file)} imports ${specifier}`).toBe(false);
        if (isLocal(specifier)) {
          expect(resolved.startsWith('renderer') || resolved.startsWith('shared'), `${path.relative(repoRoot, file)} imports ${specifier}`).toBe(true);
        }
      }
    }
  });

  it('the preload imports only electron and the shared contract', () => {
    for (const file of sourceFiles('electron/preload')) {
      for (const specifier of importsOf(fs.readFileSync(file, 'utf8'))) {
        const ok = specifier === 'electron' || target(file, specifier).startsWith('shared');
        expect(ok, `${path.relative(repoRoot, file)} imports ${specifier}`).toBe(true);
      }
    }
  });

  it('the scanner itself finds each kind of import', () => {
    expect(
      importsOf(`import a from 'x1'; import type { B } from "x2"; export { c } from './x3'; const d = await import('x4'); require('x5'); import 'x6';`),
    ).toEqual(expect.arrayContaining(['x1', 'x2', './x3', 'x4', 'x5', 'x6']));
  });

  it('an aliased import is checked as the layer it leads to', () => {
    expect(target('electron/services/x.ts', '@/stores/outbox')).toBe(path.join('renderer', 'src', 'stores', 'outbox'));
    expect(target('renderer/src/stores/x.ts', '@shared/outbox/status')).toBe(path.join('shared', 'outbox', 'status'));
    expect(isLocal('@tanstack/vue-virtual')).toBe(false);
  });
});

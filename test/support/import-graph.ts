import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';

/*
 * The project's imports as the architecture tests read them: each source file's specifiers, resolved through the
 * tsconfig aliases to a path in the repository. Read as text, so a whole tree is scanned in well under a second.
 */

/** Every import specifier in a TS/Vue source file (static, dynamic, re-export and require). */
export function importsOf(source: string): string[] {
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

export function sourceFiles(dir: string): string[] {
  const root = path.join(repoRoot, dir);
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|vue|mts|js)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The import aliases (tsconfig.base.json's paths): where each leads, relative to the repo root. */
const ALIASES: ReadonlyArray<readonly [prefix: string, folder: string]> = [
  ['@/', 'renderer/src'],
  ['@shared/', 'shared'],
  ['@core/', 'electron/core'],
  ['@simulators/', 'simulators'],
];

/** Resolves a relative or aliased import to a path relative to the repo root, to check which layer it reaches. */
export function target(file: string, specifier: string): string {
  const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
  if (alias) return path.join(alias[1], specifier.slice(alias[0].length));
  return specifier.startsWith('.') ? path.relative(repoRoot, path.resolve(path.dirname(file), specifier)) : specifier;
}

export const isLocal = (specifier: string) => specifier.startsWith('.') || ALIASES.some(([prefix]) => specifier.startsWith(prefix));

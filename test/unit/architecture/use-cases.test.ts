import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ipcContract } from '../../../shared/ipc/contract';
import { repoRoot } from '../../support/paths';

/*
 * The window and the command line run the same use cases: each file of electron/core/use-cases/ is imported by
 * a command-line module (unless docs/cli.md leaves what it does to the window) and by a module of IPC handlers,
 * the window reaches it through its channel, and what moved into the core (by name: its functions, the
 * window's and the command line's old copies) is defined nowhere else.
 */

const USE_CASES_DIR = 'electron/core/use-cases';

/** Each use case, the channel the window calls it through, and the names of the copies it replaced. */
const USE_CASES: Record<string, { channel: keyof typeof ipcContract; replaced: string[] }> = {
  'post-to-linked-pages': { channel: 'linked.postToAll', replaced: [] },
  'create-on-linked-pages': { channel: 'linked.createOnAll', replaced: ['keepGroup', 'queueOnPage'] },
  'list-admin-resource': { channel: 'admin.list', replaced: [] },
  'queue-write': { channel: 'outbox.enqueue', replaced: ['checkItemOnServer', 'checkServices', 'knownServices'] },
};

/** Use cases the command line has none of, by the sentence of docs/cli.md that leaves them to the window. */
const WINDOW_ONLY: Record<string, string> = {
  'create-on-linked-pages': 'Creating a linked incident (picking the other pages and mapping their services) is done in the window.',
};

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(repoRoot, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|vue)$/.test(entry.name))
    .map((entry) => path.relative(repoRoot, path.join(entry.parentPath, entry.name)));
}

const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

/** The modules a file imports, as `@core/…` for the core's (relative imports inside a feature resolved the same way). */
function importsOf(file: string): string[] {
  const found = [...read(file).matchAll(/\b(?:import|export)\s+(?:type\s+)?[^'"]*?\s+from\s+['"]([^'"]+)['"]/g)].map((m) => m[1]!);
  return found.map((specifier) =>
    specifier.startsWith('.')
      ? `@core/${path
          .relative('electron/core', path.join(path.dirname(file), specifier))
          .split(path.sep)
          .join('/')}`
      : specifier,
  );
}

/** The functions a use case offers. */
function exportedFunctions(file: string): string[] {
  return [...read(file).matchAll(/\bexport\s+(?:async\s+)?function\*?\s+(\w+)/g)].map((m) => m[1]!);
}

/** The functions (and arrow functions bound to a name) a file defines. */
function definedFunctions(file: string): string[] {
  const source = read(file);
  return [...source.matchAll(/\bfunction\*?\s+(\w+)|\b(?:const|let)\s+(\w+)\s*=\s*(?:async\s*)?(?:\([^)]*\)|\w+)\s*=>/g)].map((m) => (m[1] ?? m[2])!);
}

const useCaseFiles = fs.readdirSync(path.join(repoRoot, USE_CASES_DIR)).filter((name) => name.endsWith('.ts'));
const cliFiles = sourceFiles('electron/cli');
const handlerFiles = sourceFiles('electron/core').filter((file) => /-handlers\.ts$/.test(file));
const elsewhere = [...cliFiles, ...sourceFiles('renderer/src'), ...sourceFiles('electron/core').filter((file) => !file.startsWith(USE_CASES_DIR))];

describe('one use-case layer for the window and the command line', () => {
  it('knows every use case, and every one says what it does for whom', () => {
    expect(useCaseFiles.map((name) => name.replace(/\.ts$/, '')).sort()).toEqual(Object.keys(USE_CASES).sort());
    for (const name of useCaseFiles) expect(read(`${USE_CASES_DIR}/${name}`), name).toMatch(/^\s*\* Use case: [\s\S]*?\n\s*\* For whom: /m);
  });

  it.each(Object.keys(USE_CASES))('%s is called by a command-line module (or left to the window by docs/cli.md) and by an IPC handler module', (name) => {
    const specifier = `@core/use-cases/${name}`;
    const callers = cliFiles.filter((file) => importsOf(file).includes(specifier));
    const windowOnly = WINDOW_ONLY[name];
    if (windowOnly === undefined) expect(callers, 'command line').not.toEqual([]);
    else {
      expect(callers, 'command line of a use case docs/cli.md leaves to the window').toEqual([]);
      expect(read('docs/cli.md').replace(/\s+/g, ' ')).toContain(windowOnly);
    }
    expect(
      handlerFiles.filter((file) => importsOf(file).includes(specifier)),
      'IPC handlers',
    ).not.toEqual([]);
    expect(ipcContract[USE_CASES[name]!.channel]).toBeDefined();
  });

  it('what moved into the core is defined nowhere else: the use cases’ functions and the copies they replaced', () => {
    const moved = new Set([
      ...useCaseFiles.flatMap((name) => exportedFunctions(`${USE_CASES_DIR}/${name}`)),
      ...Object.values(USE_CASES).flatMap((useCase) => useCase.replaced),
    ]);
    const copies = elsewhere.flatMap((file) =>
      definedFunctions(file)
        .filter((name) => moved.has(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(copies).toEqual([]);
    expect(fs.existsSync(path.join(repoRoot, 'electron/cli/commands/write-checks.ts'))).toBe(false);
  });

  it('the window’s stores reach the use cases through their channels, not through the reads and writes they replaced', () => {
    const linked = read('renderer/src/stores/linked-incidents.ts');
    expect(linked).toContain('api().linked.postToAll(');
    expect(linked).toContain('api().linked.createOnAll(');
    expect(linked).not.toMatch(/api\(\)\.linked\.(record|addMembers|saveMapping)\(|\bqueueOn\(/);
    for (const file of ['renderer/src/stores/admin-list.ts', 'renderer/src/components/admin/export-source.ts']) {
      expect(read(file), file).toContain('api().admin.list(');
      expect(read(file), file).not.toMatch(/\breadStatusPageList\b/);
    }
  });
});

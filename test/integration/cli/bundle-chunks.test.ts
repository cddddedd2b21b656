import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../support/paths';

/*
 * What a start evaluates, read from the built bundle (built by the integration setup): the entry's static
 * imports are loaded before anything runs, so they must hold no command; a command's chunk holds what that
 * command needs and not the other commands' services. Each chunk's source map names the sources it holds.
 */

const outDir = path.join(repoRoot, 'out/cli');
const STATIC_IMPORT = /(?:^|[;}\n])\s*import\s*(?:[\w$*{},\s]+from\s*)?"(\.{1,2}\/[^"]+\.mjs)"/g;

/** The files loaded with `file` before it runs: its static imports, theirs, and so on. */
function staticClosure(file: string): Set<string> {
  const seen = new Set<string>();
  const queue = [file];
  while (queue.length > 0) {
    const next = queue.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    for (const match of fs.readFileSync(next, 'utf8').matchAll(STATIC_IMPORT)) queue.push(path.resolve(path.dirname(next), match[1]!));
  }
  return seen;
}

function sourcesOf(files: Iterable<string>): string[] {
  return [...files].flatMap((file) =>
    (JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')) as { sources: string[] }).sources.map((s) => path.resolve(path.dirname(file), s)),
  );
}

const relative = (sources: string[]) => sources.map((source) => path.relative(repoRoot, source).split(path.sep).join('/'));

/** The chunk whose map holds this source. */
function chunkOf(source: string): string {
  const chunks = fs.readdirSync(path.join(outDir, 'chunks')).filter((name) => name.endsWith('.mjs'));
  const found = chunks.map((name) => path.join(outDir, 'chunks', name)).find((file) => relative(sourcesOf([file])).includes(source));
  if (!found) throw new Error(`no chunk holds ${source}`);
  return found;
}

describe('the command-line bundle', () => {
  it('starts (--version, --help) without any command module, zod or the services', () => {
    const loaded = relative(sourcesOf(staticClosure(path.join(outDir, 'statusdesk.mjs'))));
    expect(loaded).toContain('electron/cli/program.ts');
    expect(loaded).toContain('electron/cli/command-table.ts');
    expect(loaded.filter((source) => /electron\/cli\/commands\/|electron\/services\/|node_modules\/zod\//.test(source))).toEqual([]);
  });

  it("loads for status only its own chunk's needs: no outbox, alerts, translation, operations or provider readers", () => {
    const loaded = relative(
      sourcesOf(new Set([...staticClosure(chunkOf('electron/cli/commands/read.ts')), ...staticClosure(chunkOf('electron/cli/commands/status-last-known.ts'))])),
    );
    expect(loaded).toContain('electron/cli/commands/read.ts');
    const others =
      /electron\/services\/(outbox|alerts|translation|operations)\/|electron\/cli\/commands\/(?!read\.ts|status-last-known\.ts)|read-provider-once|google-auth-library|node_modules\/zod\/v4\/locales\/(?!en\.js)/;
    expect(loaded.filter((source) => others.test(source))).toEqual([]);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import { describe, expect, it } from 'vitest';
import { importsOf, isLocal, sourceFiles, target } from '../../support/import-graph';
import { repoRoot } from '../../support/paths';

/** The feature folder a file belongs to: a `../` may move inside it, never out of it. */
function featureFolder(relativeFile: string): string {
  const parts = relativeFile.split(path.sep);
  if (parts[0] === 'electron' && parts[1] === 'core') return parts.slice(0, parts.length > 3 ? 3 : 2).join(path.sep);
  if (parts[0] === 'electron') return parts.slice(0, 2).join(path.sep);
  return parts.slice(0, parts.length > 2 ? 2 : 1).join(path.sep);
}

/** Requests a file makes by itself: the global fetch, XMLHttpRequest, or node:http(s)' request and get (comments aside). */
function requestsOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  return [...code.matchAll(/(?<![\w.#$])fetch\s*\(|\bglobalThis\.fetch\b|\bXMLHttpRequest\b|\bhttps?\)?\.(?:request|get)\s*\(/g)].map((match) => match[0]);
}

const nodeBuiltins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
const isElectron = (s: string) => s === 'electron' || s.startsWith('electron/');
const isNodeBuiltin = (s: string) => nodeBuiltins.has(s) || s.startsWith('node:');

describe('layering (docs/architecture.md)', () => {
  it('sees the source tree', () => {
    expect(sourceFiles('shared').length).toBeGreaterThan(3);
    expect(sourceFiles('electron/core').length).toBeGreaterThan(3);
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

  it('the core and the command line never import electron, main or preload', () => {
    for (const file of [...sourceFiles('electron/core'), ...sourceFiles('electron/cli')]) {
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

  it('domain types live in shared/<domain>/: neither the core, the command line nor a domain imports an IPC channel file', () => {
    const channels = path.join('shared', 'ipc', 'channels') + path.sep;
    const outsideTheContract = [...sourceFiles('shared'), ...sourceFiles('electron/core'), ...sourceFiles('electron/cli')].filter(
      (file) => !path.relative(repoRoot, file).startsWith(path.join('shared', 'ipc') + path.sep),
    );
    for (const file of outsideTheContract) {
      for (const specifier of importsOf(fs.readFileSync(file, 'utf8')).filter(isLocal)) {
        expect(target(file, specifier).startsWith(channels), `${path.relative(repoRoot, file)} imports ${specifier}`).toBe(false);
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

  it('the renderer keeps its composables (use-*.ts) in one folder, renderer/src/composables/', () => {
    const composables = sourceFiles('renderer/src').filter((file) => /^use-.*\.ts$/.test(path.basename(file)));
    expect(composables.length).toBeGreaterThan(3);
    for (const file of composables)
      expect(path.relative(repoRoot, path.dirname(file)), path.relative(repoRoot, file)).toBe(path.join('renderer', 'src', 'composables'));
  });

  it('simulators import only shared/, Node, npm packages and themselves: never a service', () => {
    expect(sourceFiles('simulators').length).toBeGreaterThan(3);
    for (const file of sourceFiles('simulators')) {
      for (const specifier of importsOf(fs.readFileSync(file, 'utf8'))) {
        const resolved = target(file, specifier);
        expect(isElectron(specifier), `${path.relative(repoRoot, file)} imports ${specifier}`).toBe(false);
        if (isLocal(specifier)) {
          expect(resolved.startsWith('shared') || resolved.startsWith('simulators'), `${path.relative(repoRoot, file)} imports ${specifier}`).toBe(true);
        }
      }
    }
  });

  it('no ../ leaves its feature folder in electron/ and simulators/ (other folders go through an alias)', () => {
    const files = [...sourceFiles('electron'), ...sourceFiles('simulators')];
    for (const file of files) {
      const relativeFile = path.relative(repoRoot, file);
      const feature = featureFolder(relativeFile);
      for (const specifier of importsOf(fs.readFileSync(file, 'utf8')).filter((s) => s.startsWith('../'))) {
        const resolved = target(file, specifier);
        expect(resolved === feature || resolved.startsWith(feature + path.sep), `${relativeFile} imports ${specifier}`).toBe(true);
      }
    }
  });

  it('knows the feature folders', () => {
    expect(featureFolder(path.join('electron', 'core', 'outbox', 'statuspal', 'x.ts'))).toBe(path.join('electron', 'core', 'outbox'));
    expect(featureFolder(path.join('electron', 'core', 'app-core.ts'))).toBe(path.join('electron', 'core'));
    expect(featureFolder(path.join('electron', 'cli', 'commands', 'watch.ts'))).toBe(path.join('electron', 'cli'));
    expect(featureFolder(path.join('simulators', 'statuspal', 'resources', 'x.ts'))).toBe(path.join('simulators', 'statuspal'));
  });

  it('the preload imports only electron and the shared contract', () => {
    for (const file of sourceFiles('electron/preload')) {
      for (const specifier of importsOf(fs.readFileSync(file, 'utf8'))) {
        const ok = specifier === 'electron' || target(file, specifier).startsWith('shared');
        expect(ok, `${path.relative(repoRoot, file)} imports ${specifier}`).toBe(true);
      }
    }
  });

  it('every request leaves through electron/core/http/: no bare fetch or http(s).request elsewhere', () => {
    const outbound = path.join('electron', 'core', 'http') + path.sep;
    const files = [...sourceFiles('electron'), ...sourceFiles('renderer/src'), ...sourceFiles('shared')].filter(
      (file) => !path.relative(repoRoot, file).startsWith(outbound),
    );
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      const found = requestsOf(fs.readFileSync(file, 'utf8'));
      expect(found, `${path.relative(repoRoot, file)} makes a request of its own`).toEqual([]);
    }
  });

  it('the request scanner finds each way out', () => {
    expect(
      requestsOf(`await fetch(url); globalThis.fetch(u); new XMLHttpRequest(); https.request(t); http.get(u); (tls ? https : http).request(t);`),
    ).toHaveLength(6);
    expect(requestsOf(`const f = options.fetch ?? outboundFetch; this.#fetch(url); client.fetch(x); prefetch(a); // fetch(x)`)).toEqual([]);
  });

  it('the scanner itself finds each kind of import', () => {
    expect(
      importsOf(`import a from 'x1'; import type { B } from "x2"; export { c } from './x3'; const d = await import('x4'); require('x5'); import 'x6';`),
    ).toEqual(expect.arrayContaining(['x1', 'x2', './x3', 'x4', 'x5', 'x6']));
  });

  it('an aliased import is checked as the layer it leads to', () => {
    expect(target('electron/core/x.ts', '@/stores/outbox')).toBe(path.join('renderer', 'src', 'stores', 'outbox'));
    expect(target('renderer/src/stores/x.ts', '@shared/outbox/status')).toBe(path.join('shared', 'outbox', 'status'));
    expect(target('electron/cli/x.ts', '@core/outbox/entry')).toBe(path.join('electron', 'core', 'outbox', 'entry'));
    expect(target('electron/core/demo/x.ts', '@simulators/provider')).toBe(path.join('simulators', 'provider'));
    expect(isLocal('@tanstack/vue-virtual')).toBe(false);
  });
});

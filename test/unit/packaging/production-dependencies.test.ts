import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import { AppInfo } from 'app-builder-lib/out/appInfo';
import { load } from 'js-yaml';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../support/paths';

/*
 * What an installed app carries. electron-builder copies the production dependency closure (package.json's
 * `dependencies` and everything they need) into the asar, whatever the bundles already hold, so that closure must be
 * what the main process and the command line load from node_modules at run time, and nothing the window needs:
 * Vite bundles the window's libraries (Vue, Pinia, the icons, the virtual list, DOMPurify) into out/renderer, and
 * a copy in the asar is about 50 MB of dead weight. The closure is computed from package-lock.json the way Node
 * resolves packages; the run-time imports from the sources the way TypeScript reads them (type-only imports are
 * erased and do not count).
 *
 * And the package metadata a build needs outside this repository's git remote: electron-builder takes the .deb's
 * homepage from `homepage` (else from `git remote`, and fails without one) and its maintainer from `author`.
 */

interface LockEntry {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  dev?: boolean;
  devOptional?: boolean;
  optional?: boolean;
}
interface PackageJson {
  name: string;
  description: string;
  license: string;
  homepage?: string;
  author?: string | { name?: string; email?: string; url?: string };
  repository?: string | { type?: string; url?: string };
  bugs?: { url?: string };
  allowScripts?: Record<string, boolean>;
  engines?: { node?: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as PackageJson;
const lock = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as { lockfileVersion: number; packages: Record<string, LockEntry> };
const builder = load(fs.readFileSync(path.join(repoRoot, 'electron-builder.yml'), 'utf8')) as {
  publish?: { provider: string; owner: string; repo: string };
  linux?: Record<string, unknown>;
  deb?: Record<string, unknown>;
};

/** The libraries only the window uses; Vite bundles them, so none may be a production dependency. */
const WINDOW_LIBRARIES = ['vue', 'pinia', 'lucide-vue-next', '@tanstack/vue-virtual', 'dompurify'];
/** Their own parts (Vue's compiler and runtime packages, TanStack's core, DOMPurify's types). */
const isWindowPackage = (name: string) => WINDOW_LIBRARIES.includes(name) || /^@vue\/|^@tanstack\/|^@types\/trusted-types$/.test(name);

const nameOf = (lockPath: string) => lockPath.slice(lockPath.lastIndexOf('node_modules/') + 'node_modules/'.length);

/** Where Node finds `name` from the package installed at `from` ('' is the project): its node_modules, then each parent's. */
function resolveInLock(from: string, name: string): string | null {
  let base = from;
  for (;;) {
    const candidate = `${base === '' ? '' : `${base}/`}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (base === '') return null;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent === -1 ? '' : base.slice(0, parent);
  }
}

/** The installed packages production needs: dependencies, optional ones that are installed, required peers, all the way down. */
function productionClosure(): { closure: Set<string>; missing: string[] } {
  const closure = new Set<string>();
  const missing: string[] = [];
  const visit = (from: string, entry: LockEntry) => {
    const wanted: Array<[string, boolean]> = [
      ...Object.keys(entry.dependencies ?? {}).map((name): [string, boolean] => [name, false]),
      ...Object.keys(entry.optionalDependencies ?? {}).map((name): [string, boolean] => [name, true]),
      ...Object.keys(entry.peerDependencies ?? {}).map((name): [string, boolean] => [name, entry.peerDependenciesMeta?.[name]?.optional === true]),
    ];
    for (const [name, optional] of wanted) {
      const found = resolveInLock(from, name);
      if (found === null) {
        if (!optional) missing.push(`${from || 'the project'} → ${name}`);
        continue;
      }
      if (closure.has(found)) continue;
      closure.add(found);
      visit(found, lock.packages[found]!);
    }
  };
  const root = lock.packages['']!;
  visit('', { dependencies: root.dependencies, optionalDependencies: root.optionalDependencies });
  return { closure, missing };
}

const nodeBuiltins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The specifiers a file loads at run time: imports and re-exports that are not type-only, `import()` and `require()` of literals. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const literal = (node: ts.Node | undefined) => (node && ts.isStringLiteralLike(node) ? node.text : null);
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const erased =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            bindings !== undefined &&
            ts.isNamedImports(bindings) &&
            bindings.elements.length > 0 &&
            bindings.elements.every((e) => e.isTypeOnly)));
      const specifier = literal(node.moduleSpecifier);
      if (!erased && specifier) found.push(specifier);
    } else if (ts.isExportDeclaration(node)) {
      const clause = node.exportClause;
      const erased =
        node.isTypeOnly || (clause !== undefined && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly));
      const specifier = literal(node.moduleSpecifier);
      if (!erased && specifier) found.push(specifier);
    } else if (ts.isCallExpression(node)) {
      const dynamicImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const requireCall = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      const specifier = literal(node.arguments[0]);
      if ((dynamicImport || requireCall) && specifier) found.push(specifier);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** tsconfig.base.json's `paths` (`@shared/*` → `./shared/*`): the aliases the bundlers resolve like relative imports. */
const ALIASES: Array<[prefix: string, folder: string]> = Object.entries(
  (ts.readConfigFile(path.join(repoRoot, 'tsconfig.base.json'), ts.sys.readFile).config as { compilerOptions: { paths: Record<string, string[]> } })
    .compilerOptions.paths,
).map(([pattern, [target]]) => [pattern.replace(/\*$/, ''), path.join(repoRoot, target!.replace(/\*$/, ''))]);
const aliasOf = (specifier: string) => ALIASES.find(([prefix]) => specifier.startsWith(prefix));

function resolveLocal(from: string, specifier: string): string {
  const alias = aliasOf(specifier);
  const base = alias ? path.join(alias[1], specifier.slice(alias[0].length)) : path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.js`, `${base}.mjs`, path.join(base, 'index.ts'), path.join(base, 'index.js'), base.replace(/\.js$/, '.ts')];
  const hit = candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
  if (!hit) throw new Error(`${path.relative(repoRoot, from)} imports ${specifier}, which is not there`);
  return hit;
}

/** Every package the files reachable from `entries` load at run time (Node built-ins left out), and the files themselves. */
function packagesLoadedFrom(entries: string[]): { packages: Map<string, string>; files: Set<string> } {
  const packages = new Map<string, string>();
  const files = new Set<string>();
  const queue = entries.map((entry) => path.join(repoRoot, entry));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const specifier of runtimeImports(file)) {
      if (specifier.startsWith('.') || aliasOf(specifier)) queue.push(resolveLocal(file, specifier));
      else if (!nodeBuiltins.has(specifier)) packages.set(packageOf(specifier), path.relative(repoRoot, file));
    }
  }
  return { packages, files };
}

const MAIN = packagesLoadedFrom(['electron/main/index.ts']);
const CLI = packagesLoadedFrom(['electron/cli/index.ts']);
const PRELOAD = packagesLoadedFrom(['electron/preload/index.ts']);
const BIN = packagesLoadedFrom(['bin/statusdesk.js', 'scripts/build-cli.ts']);

describe('the production dependency closure (package-lock.json)', () => {
  const { closure, missing } = productionClosure();
  const names = new Set([...closure].map(nameOf));

  it('is complete and is what npm itself marks as production', () => {
    expect(lock.lockfileVersion).toBeGreaterThanOrEqual(2);
    expect(missing).toEqual([]);
    const npmProduction = Object.entries(lock.packages)
      .filter(([where, entry]) => where !== '' && !entry.dev && !entry.devOptional)
      .map(([where]) => where);
    expect([...closure].sort()).toEqual(npmProduction.sort());
    expect(names).toContain('electron-updater');
    expect(names).toContain('@napi-rs/keyring');
  });

  it('holds none of the window libraries, nor their parts', () => {
    expect([...names].filter(isWindowPackage)).toEqual([]);
    for (const library of WINDOW_LIBRARIES) {
      expect(pkg.dependencies[library], library).toBeUndefined();
      // Still installed for the build: Vite bundles them from devDependencies.
      expect(pkg.devDependencies[library], library).toBeDefined();
    }
  });

  it('nor Electron, electron-builder or any other build tool', () => {
    for (const tool of ['electron', 'electron-builder', 'electron-vite', 'vite', 'esbuild', 'typescript', 'tsx', 'vitest', '@playwright/test'])
      expect(names.has(tool), tool).toBe(false);
  });

  it('stays small: well under the 116 packages it had with the window libraries', () => {
    expect(closure.size).toBeLessThanOrEqual(90);
  });
});

describe('what runs in Node loads at run time', () => {
  it('sees the sources (main, preload, command line, the bin and the bundle script)', () => {
    expect(MAIN.files.size).toBeGreaterThan(50);
    expect(CLI.files.size).toBeGreaterThan(30);
    expect(PRELOAD.files.size).toBeGreaterThan(1);
    expect(BIN.files.size).toBeGreaterThanOrEqual(2);
  });

  it('none of the window libraries: not the main process, the preload, the command line, its bin or its bundle script', () => {
    for (const [what, loaded] of Object.entries({ main: MAIN, preload: PRELOAD, cli: CLI, bin: BIN }))
      expect([...loaded.packages.keys()].filter(isWindowPackage), what).toEqual([]);
  });

  it("package.json's dependencies are exactly what the main process and the command line import from node_modules", () => {
    const needed = new Set([...MAIN.packages.keys(), ...CLI.packages.keys()].filter((name) => name !== 'electron'));
    expect(Object.keys(pkg.dependencies).sort()).toEqual([...needed].sort());
    // The main process's own: electron-vite leaves `dependencies` outside the bundle, so each must be installed.
    for (const name of ['electron-updater', 'conf', 'zod', '@napi-rs/keyring']) expect(MAIN.packages.has(name), name).toBe(true);
  });

  it('the preload is one bundled file: nothing but electron is loaded from node_modules', () => {
    expect([...PRELOAD.packages.keys()]).toEqual(['electron']);
  });
});

describe('package.json for a build outside this repository', () => {
  it('names its homepage, author with an email, repository and issue tracker', () => {
    expect(pkg.homepage).toMatch(/^https:\/\/\S+$/);
    expect(typeof pkg.author).toBe('object');
    const author = pkg.author as { name?: string; email?: string };
    expect(author.name).toBeTruthy();
    expect(author.email).toMatch(/^[^\s@]+@[^\s@]+\.[^\s@]+$/);
    expect(pkg.repository).toMatchObject({ type: 'git', url: expect.stringMatching(/^git\+https:\/\/\S+\.git$/) });
    expect(pkg.bugs?.url).toMatch(/^https:\/\//);
  });

  it('points at the same GitHub project electron-updater reads its releases from', () => {
    const feed = builder.publish!;
    const project = `https://github.com/${feed.owner}/${feed.repo}`;
    expect(pkg.homepage).toBe(project);
    expect((pkg.repository as { url: string }).url).toBe(`git+${project}.git`);
  });

  it("electron-builder's .deb metadata step accepts it without a git remote to fall back on", async () => {
    const FpmTarget = ((await import('app-builder-lib/out/targets/FpmTarget')) as unknown as { default: { default?: unknown; prototype?: unknown } }).default;
    const fpm = (FpmTarget.prototype === undefined ? FpmTarget.default : FpmTarget) as { prototype: unknown };
    const computeMeta = (fpm.prototype as { computeFpmMetaInfoOptions(this: unknown): Promise<{ url: string; maintainer: string }> }).computeFpmMetaInfoOptions;
    const buildWith = (metadata: Partial<PackageJson>, maintainer?: unknown) => {
      // No repository info: as in a copy of the sources without this git remote.
      const info = { metadata, repositoryInfo: Promise.resolve(null) };
      const appInfo = { info, notNullDevMetadata: metadata, linuxPackageName: 'statusdesk' } as unknown as AppInfo;
      (appInfo as unknown as { computePackageUrl: () => Promise<string | null> }).computePackageUrl = AppInfo.prototype.computePackageUrl.bind(appInfo);
      return computeMeta.call({ packager: { appInfo, info }, options: { ...builder.linux, ...builder.deb, maintainer } });
    };
    await expect(buildWith(pkg)).resolves.toMatchObject({ url: pkg.homepage, maintainer: 'Statusdesk <team@statusdesk.invalid>' });
    // The check bites: without a homepage or an author's email the .deb is refused.
    await expect(buildWith({ ...pkg, homepage: undefined })).rejects.toThrow(/homepage/);
    await expect(buildWith({ ...pkg, author: { name: 'Statusdesk' } })).rejects.toThrow(/email/i);
  });

  it("lets electron's own install script run (npm's allowScripts)", () => {
    expect(pkg.allowScripts?.electron).toBe(true);
  });
});

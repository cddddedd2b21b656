import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/*
 * npm run screenshots: the README's pictures, taken again from the current build through the e2e harness.
 * Builds the app, empties docs/screenshots, runs the e2e files that take the README's pictures (found by the
 * pictures' names in their source) with STATUSDESK_SCREENSHOTS=1 (screenshotPath then writes into
 * docs/screenshots, and the window shows the app's own version), and fails when an image the README shows was
 * not made by this run. docs/screenshots then holds exactly what those files take.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SCREENSHOTS_DIR = path.join(repoRoot, 'docs/screenshots');
export const README_PATH = path.join(repoRoot, 'README.md');

const E2E_DIR = path.join(repoRoot, 'test/e2e');

/**
 * Whether an e2e file's source takes a picture: it names it (`screenshotPath('dashboard.png')`), or takes
 * `dark-${file}.png` of a list of screens that holds its name (theme.e2e.ts: `dark-dashboard.png`).
 */
export function takes(source: string, name: string): boolean {
  if (source.includes(`'${name}'`) || source.includes(`\`${name}\``)) return true;
  const dark = /^dark-(.+)\.png$/.exec(name);
  return dark !== null && source.includes('`dark-${file}.png`') && source.includes(`'${dark[1]}']`);
}

/** The e2e files that take the pictures named, relative to the repository, in name order. */
export function specsTaking(names: readonly string[]): string[] {
  return fs
    .readdirSync(E2E_DIR)
    .filter((file) => file.endsWith('.e2e.ts'))
    .sort()
    .filter((file) => {
      const source = fs.readFileSync(path.join(E2E_DIR, file), 'utf8');
      return names.some((name) => takes(source, name));
    })
    .map((file) => `test/e2e/${file}`);
}

/** The file names of the images the README shows from docs/screenshots, in order, each once. */
export function readmeImages(readme: string): string[] {
  const names = [...readme.matchAll(/!\[[^\]]*\]\(docs\/screenshots\/([^)\s]+)\)/g)].map((match) => match[1]!);
  return [...new Set(names)];
}

/** Every image the README shows, whatever folder it is in (none may come from anywhere but docs/screenshots). */
export function allReadmeImagePaths(readme: string): string[] {
  return [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', env });
  return result.status ?? 1;
}

function main(): number {
  const wanted = readmeImages(fs.readFileSync(README_PATH, 'utf8'));
  const specs = specsTaking(wanted);
  console.log(`screenshots: building the app, then taking ${wanted.length} README pictures with ${specs.length} e2e files`);
  if (run('npx', ['electron-vite', 'build']) !== 0) return 1;
  // Only what this run takes is left: a picture of an older app cannot linger.
  for (const file of fs.readdirSync(SCREENSHOTS_DIR)) if (file.endsWith('.png')) fs.rmSync(path.join(SCREENSHOTS_DIR, file));
  const tests = run('bash', ['scripts/with-keyring.sh', 'npx', 'playwright', 'test', ...specs], { ...process.env, STATUSDESK_SCREENSHOTS: '1' });
  const missing = wanted.filter((name) => !fs.existsSync(path.join(SCREENSHOTS_DIR, name)));
  if (missing.length > 0) console.error(`screenshots: the README shows pictures this run did not take: ${missing.join(', ')}`);
  if (tests !== 0) console.error('screenshots: some e2e tests failed; their pictures may be missing or wrong');
  if (missing.length > 0 || tests !== 0) return 1;
  const taken = fs.readdirSync(SCREENSHOTS_DIR).filter((file) => file.endsWith('.png'));
  console.log(`screenshots: ${taken.length} pictures in docs/screenshots, the ${wanted.length} the README shows among them`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main();

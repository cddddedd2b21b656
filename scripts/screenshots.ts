import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/*
 * npm run screenshots: the README's pictures, taken again from the current build through the e2e harness.
 * Builds the app, empties docs/screenshots, runs the e2e files that take the README's pictures with
 * STATUSDESK_SCREENSHOTS=1 (screenshotPath then writes into docs/screenshots, and the window shows the app's
 * own version), and fails when an image the README shows was not made by this run. docs/screenshots then
 * holds exactly what those files take.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SCREENSHOTS_DIR = path.join(repoRoot, 'docs/screenshots');
export const README_PATH = path.join(repoRoot, 'README.md');

/** The e2e files that take the README's pictures (test/unit/docs/readme-screenshots.test.ts checks the list). */
export const SCREENSHOT_SPECS = [
  'test/e2e/dashboard.e2e.ts',
  'test/e2e/dashboard-compact.e2e.ts',
  'test/e2e/stale-last-known.e2e.ts',
  'test/e2e/provider-draft.e2e.ts',
  'test/e2e/incidents.e2e.ts',
  'test/e2e/incidents-search.e2e.ts',
  'test/e2e/incidents-templates.e2e.ts',
  'test/e2e/dashboard-history-filters.e2e.ts',
  'test/e2e/tray-states.e2e.ts',
  'test/e2e/translation.e2e.ts',
  'test/e2e/theme.e2e.ts',
  'test/e2e/settings.e2e.ts',
  'test/e2e/command-palette.e2e.ts',
  'test/e2e/snooze.e2e.ts',
  'test/e2e/updates.e2e.ts',
] as const;

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
  console.log(`screenshots: building the app, then taking ${wanted.length} README pictures with ${SCREENSHOT_SPECS.length} e2e files`);
  if (run('npx', ['electron-vite', 'build']) !== 0) return 1;
  // Only what this run takes is left: a picture of an older app cannot linger.
  for (const file of fs.readdirSync(SCREENSHOTS_DIR)) if (file.endsWith('.png')) fs.rmSync(path.join(SCREENSHOTS_DIR, file));
  const tests = run('bash', ['scripts/with-keyring.sh', 'npx', 'playwright', 'test', ...SCREENSHOT_SPECS], { ...process.env, STATUSDESK_SCREENSHOTS: '1' });
  const missing = wanted.filter((name) => !fs.existsSync(path.join(SCREENSHOTS_DIR, name)));
  if (missing.length > 0) console.error(`screenshots: the README shows pictures this run did not take: ${missing.join(', ')}`);
  if (tests !== 0) console.error('screenshots: some e2e tests failed; their pictures may be missing or wrong');
  if (missing.length > 0 || tests !== 0) return 1;
  const taken = fs.readdirSync(SCREENSHOTS_DIR).filter((file) => file.endsWith('.png'));
  console.log(`screenshots: ${taken.length} pictures in docs/screenshots, the ${wanted.length} the README shows among them`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main();

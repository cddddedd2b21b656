import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SettingsStore } from '../../../electron/core/settings/settings-store';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { repoRoot } from '../../support/paths';
import { makeTempDir } from '../../support/temp-dir';

/*
 * What `statusdesk status <subdomain>` loads, from the built bundle (built by the integration setup), as a user
 * runs it: the page's account found in the settings, its server asked once. Not the settings writer (conf with
 * ajv), which a read does not need, nor undici, which Node loads the first time anything touches its fetch,
 * Headers or Response. Recorded in the child itself: a module hook notes every file the bundle loads, whose
 * source maps name the sources they hold, and Node's own list of the built-in modules it loaded.
 */

/** Runs in the loader's thread: notes each file loaded. */
const HOOKS = `
import { appendFileSync } from 'node:fs';
let log;
export function initialize(data) { log = data.log; }
export async function load(url, context, next) {
  if (url.startsWith('file:')) appendFileSync(log, url + '\\n');
  return next(url, context);
}`;

/** Given to the child with --import: registers the hooks, and writes the built-in modules loaded at exit. */
const preload = (log: string) => `
import { register } from 'node:module';
import { writeFileSync } from 'node:fs';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOKS)}), import.meta.url, { data: { log: ${JSON.stringify(log)} } });
process.on('exit', () => writeFileSync(${JSON.stringify(`${log}.builtins`)}, JSON.stringify(process.moduleLoadList)));
`;

let sim: StatusPageSimulator;
const temp = makeTempDir('statusdesk-status-start-');

beforeAll(async () => {
  sim = await startStatusPageSimulator({ seed: 'demo' });
});
afterAll(async () => {
  await sim.close();
  temp.remove();
});

/** The sources held by the files the bundle loaded, relative to the repository. */
function sourcesOf(files: string[]): string[] {
  return files
    .filter((file) => file.startsWith(path.join(repoRoot, 'out/cli')))
    .flatMap((file) =>
      (JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')) as { sources: string[] }).sources.map((source) =>
        path
          .relative(repoRoot, path.resolve(path.dirname(file), source))
          .split(path.sep)
          .join('/'),
      ),
    );
}

describe('statusdesk status <subdomain>', () => {
  it('loads neither the settings writer (conf, ajv) nor undici', async () => {
    const home = path.join(temp.dir, 'home');
    new SettingsStore(home).update((settings) => {
      settings.accounts.push({
        id: randomUUID(),
        name: 'Acme',
        region: 'custom',
        baseUrl: sim.baseUrl,
        subdomain: 'acme',
        createdAt: new Date().toISOString(),
      });
    });
    const log = path.join(temp.dir, 'loaded.txt');
    const preloadFile = path.join(temp.dir, 'preload.mjs');
    fs.writeFileSync(preloadFile, preload(log));

    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', pathToFileURL(preloadFile).href, path.join(repoRoot, 'bin/statusdesk.js'), '--json', 'status', 'acme'],
      { env: { ...process.env, STATUSDESK_HOME: home } },
    );
    expect(JSON.parse(stdout)).toMatchObject({ subdomain: 'acme' });

    const files = fs
      .readFileSync(log, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((url) => new URL(url).pathname);
    const sources = sourcesOf(files);
    // The record is whole: the command, its settings read and zod are in it.
    expect(sources).toEqual(expect.arrayContaining(['electron/cli/commands/read.ts', 'electron/core/settings/settings-file.ts']));
    expect(sources.some((source) => source.includes('node_modules/zod/'))).toBe(true);
    expect(sources.filter((source) => /node_modules\/(conf|ajv|ajv-formats|atomically)\//.test(source))).toEqual([]);

    const builtins = JSON.parse(fs.readFileSync(`${log}.builtins`, 'utf8')) as string[];
    expect(builtins).toEqual(expect.arrayContaining(['NativeModule http']));
    expect(builtins.filter((name) => /undici/.test(name))).toEqual([]);
  });
});

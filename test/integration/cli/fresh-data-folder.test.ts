import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../support/temp-dir';
import { repoRoot } from '../../support/paths';
import { runCliIn } from './support/run-cli';

/*
 * On a fresh install `accounts add` failed ("The outbox lock …/outbox.lock could not be
 * created: ENOENT") until another command had made the data folder, and `outbox list` made it readable by
 * everyone (0755). Whichever command comes first now makes it, readable by this user only (0700). (The app,
 * and commands that read the settings first, already made it 0700: the settings store does.)
 */

let parent: ReturnType<typeof makeTempDir> | undefined;

afterEach(() => {
  parent?.remove();
  parent = undefined;
});

/** The account's server: none of these commands asks it anything. */
const BASE_URL = 'http://127.0.0.1:9/api/v2';

/** A data folder that does not exist yet, in a folder of its own. */
function freshHome(): string {
  parent = makeTempDir('statusdesk-fresh-');
  return path.join(parent.dir, 'Statusdesk');
}

const modeOf = (dir: string) => fs.statSync(dir).mode & 0o777;

describe('the first command on a fresh install', () => {
  it('accounts add (from the installed binary) makes the data folder, 0700, and saves the account', async () => {
    const home = freshHome();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(repoRoot, 'bin/statusdesk.js'), '--base-url', BASE_URL, 'accounts', 'add', 'Acme', '--subdomain', 'acme', '--no-key', '--no-check'],
      { env: { ...process.env, STATUSDESK_HOME: home } },
    );
    expect(stdout).toMatch(/^added Acme: page acme/);
    expect(modeOf(home)).toBe(0o700);
    expect(fs.existsSync(path.join(home, 'outbox.lock'))).toBe(false);
    expect((await runCliIn(home, ['accounts', 'list'])).stdout).toMatch(/Acme\s+acme/);
  });

  it.each([
    ['accounts add', ['accounts', 'add', 'Acme', '--subdomain', 'acme', '--no-key', '--no-check']],
    ['outbox list', ['outbox', 'list']],
    ['outbox flush', ['outbox', 'flush']],
  ])('%s makes it 0700 and succeeds', async (_name, args) => {
    const home = freshHome();
    const result = await runCliIn(home, ['--base-url', BASE_URL, ...args]);
    expect(result.code, result.stderr).toBe(0);
    expect(modeOf(home)).toBe(0o700);
  });
});

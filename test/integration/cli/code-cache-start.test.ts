import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { copyCliInstall } from '../../support/cli-evaluation';
import { makeTempDir } from '../../support/temp-dir';

/*
 * The launcher keeps V8's code cache of each command beside the bundle (electron/cli/launch.ts): made after a
 * first successful run, used by the next, made again after a rebuild or when V8 refuses it, never made by a
 * command that failed. Each test runs its own copy of the built install.
 */

let sim: StatusPageSimulator;
const temps: Array<ReturnType<typeof makeTempDir>> = [];

beforeAll(async () => {
  sim = await startStatusPageSimulator({ seed: 'demo' });
});
afterAll(async () => {
  await sim.close();
  for (const t of temps) t.remove();
});

function install() {
  const t = makeTempDir('statusdesk-code-cache-start-');
  temps.push(t);
  const bin = copyCliInstall(t.dir);
  const cacheDir = path.join(t.dir, 'out/cli/code-cache');
  const env = { ...process.env, STATUSDESK_HOME: path.join(t.dir, 'home') };
  const run = (args: string[]) =>
    promisify(execFile)(process.execPath, [bin, ...args], { env }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );
  const cache = (word: string) => path.join(cacheDir, `${word}.bin`);
  /** The file's identity: a cache made again is a new file (written aside and renamed). */
  const identity = (word: string) => fs.statSync(cache(word)).ino;
  return { dir: t.dir, run, cache, identity, cacheDir };
}

const status = () => ['--base-url', sim.baseUrl, '--json', 'status', 'acme'];

describe('the command line code cache', () => {
  it('is made by a first run of a command and used, unchanged, by the next', async () => {
    const cli = install();
    const first = await cli.run(status());
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(first.stdout)).toMatchObject({ subdomain: 'acme' });
    const made = cli.identity('status');

    const second = await cli.run(status());
    expect(second).toMatchObject({ code: 0, stdout: first.stdout, stderr: '' });
    expect(cli.identity('status')).toBe(made);

    expect((await cli.run(['--version'])).stdout.trim()).toBe('0.1.0');
    expect(fs.readdirSync(cli.cacheDir).sort()).toEqual(['none.bin', 'status.bin']);
  });

  it('is not made by a command that failed', async () => {
    const cli = install();
    const refused = await cli.run(['--base-url', 'http://127.0.0.1:9/api/v2', 'hello']);
    expect(refused.code).not.toBe(0);
    expect(fs.existsSync(cli.cache('hello'))).toBe(false);
  });

  it('is made again after a rebuild of the bundle, and when V8 refuses what the file holds', async () => {
    const cli = install();
    await cli.run(status());
    const bundle = path.join(cli.dir, 'out/cli/statusdesk.cjs');
    const before = cli.identity('status');

    // A rebuild: the same text, another modification time. The old cache names the old bundle and is not used.
    const later = new Date(fs.statSync(bundle).mtimeMs + 60_000);
    fs.utimesSync(bundle, later, later);
    const afterRebuild = await cli.run(status());
    expect(afterRebuild).toMatchObject({ code: 0, stderr: '' });
    const remade = cli.identity('status');
    expect(remade).not.toBe(before);

    // The header is right, what follows is not V8's: refused by V8, the command runs all the same, and a good one replaces it.
    const bytes = fs.readFileSync(cli.cache('status'));
    const headerEnd = bytes.indexOf(10) + 1;
    fs.writeFileSync(cli.cache('status'), Buffer.concat([bytes.subarray(0, headerEnd), Buffer.alloc(bytes.length - headerEnd, 7)]));
    const garbled = cli.identity('status');
    const afterGarbage = await cli.run(status());
    expect(afterGarbage).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(afterGarbage.stdout)).toMatchObject({ subdomain: 'acme' });
    expect(cli.identity('status')).not.toBe(garbled);
    expect(fs.readFileSync(cli.cache('status')).subarray(headerEnd, headerEnd + 16)).not.toEqual(Buffer.alloc(16, 7));
  });
});

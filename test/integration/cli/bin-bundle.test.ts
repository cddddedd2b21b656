import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { makeTempDir } from '../../support/temp-dir';
import { repoRoot } from '../../support/paths';

/*
 * bin/statusdesk.js runs the prebuilt bundle (built by the integration setup, as by every app build): plain
 * Node, no tsx. Without the bundle it falls back to tsx only where the sources are, and
 * elsewhere says how to build it.
 */

const run = promisify(execFile);
const outDir = path.join(repoRoot, 'out/cli');
let sim: StatusPageSimulator;
const temps: Array<ReturnType<typeof makeTempDir>> = [];

beforeAll(async () => {
  sim = await startStatusPageSimulator({ seed: 'demo' });
});
afterAll(async () => {
  await sim.close();
  for (const t of temps) t.remove();
});

function temp(prefix: string): string {
  const t = makeTempDir(prefix);
  temps.push(t);
  return t.dir;
}

describe('the statusdesk bin', () => {
  it('runs the bundle, which keeps the native keychain module and Electron out', () => {
    const files = fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.cjs'));
    expect(files.sort()).toEqual(['launch.cjs', 'statusdesk.cjs', 'vendor/conf.cjs', 'vendor/google-auth-library.cjs']);
    const code = files.map((name) => fs.readFileSync(path.join(outDir, name), 'utf8')).join('\n');
    expect(code).toMatch(/require\("@napi-rs\/keyring"\)/);
    // The bundle runs as a script, whose import() would need Node's experimental loader hook.
    expect(fs.readFileSync(path.join(outDir, 'statusdesk.cjs'), 'utf8')).not.toMatch(/\bimport\(/);
    expect(code).not.toMatch(/require\("electron"\)|from"electron"/);
    expect(code).not.toMatch(/tsx\/esm/);
  });

  it('keeps the libraries only some commands use in files of their own, which load as the commands import them', async () => {
    const require = createRequire(import.meta.url);
    const conf = require(path.join(outDir, 'vendor/conf.cjs')) as { default: unknown };
    const auth = require(path.join(outDir, 'vendor/google-auth-library.cjs')) as { OAuth2Client: unknown; GoogleAuth: unknown };
    expect(typeof conf.default).toBe('function');
    expect([typeof auth.OAuth2Client, typeof auth.GoogleAuth]).toEqual(['function', 'function']);
    // A command that writes the settings, through the bundle's own import of the settings writer.
    const home = temp('statusdesk-bin-home-');
    const args = ['--base-url', sim.baseUrl, '--json', 'accounts', 'add', 'Acme', '--subdomain', 'acme', '--no-key'];
    const { stdout } = await run(process.execPath, [path.join(repoRoot, 'bin/statusdesk.js'), ...args], { env: { ...process.env, STATUSDESK_HOME: home } });
    expect(JSON.parse(stdout)).toMatchObject({ account: { name: 'Acme' } });
    expect(fs.readFileSync(path.join(home, 'settings.json'), 'utf8')).toContain('"acme"');
  });

  it('answers status against the simulator from the bundle', async () => {
    const env = { ...process.env, STATUSDESK_HOME: temp('statusdesk-bin-home-') };
    const args = [path.join(repoRoot, 'bin/statusdesk.js'), '--base-url', sim.baseUrl, '--json', 'status', 'acme'];
    const { stdout, stderr } = await run(process.execPath, args, { env });
    expect(JSON.parse(stdout)).toMatchObject({ subdomain: 'acme', name: 'Acme' });
    expect(stderr).toBe('');
  });

  it('without the bundle and without the sources, says how to build it and exits 1', async () => {
    const install = temp('statusdesk-bin-install-');
    fs.cpSync(path.join(repoRoot, 'bin'), path.join(install, 'bin'), { recursive: true });
    fs.writeFileSync(path.join(install, 'package.json'), '{"type":"module"}');
    const result = await run(process.execPath, [path.join(install, 'bin/statusdesk.js'), '--version']).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/out\/cli\/statusdesk\.cjs is missing: run `npm run build`/);
  });

  it('STATUSDESK_FROM_SOURCE=1 runs the TypeScript sources through tsx (development)', async () => {
    const { stdout, stderr } = await run(process.execPath, [path.join(repoRoot, 'bin/statusdesk.js'), '--version'], {
      env: { ...process.env, STATUSDESK_FROM_SOURCE: '1' },
    });
    expect(stdout.trim()).toBe('0.1.0');
    expect(stderr).toBe('');
  });
});

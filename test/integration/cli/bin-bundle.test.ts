import { execFile } from 'node:child_process';
import fs from 'node:fs';
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
const bundle = path.join(repoRoot, 'out/cli/statusdesk.mjs');
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
    const chunks = fs.readdirSync(path.join(repoRoot, 'out/cli/chunks')).filter((name) => name.endsWith('.mjs'));
    const code = [fs.readFileSync(bundle, 'utf8'), ...chunks.map((name) => fs.readFileSync(path.join(repoRoot, 'out/cli/chunks', name), 'utf8'))].join('\n');
    expect(code).toMatch(/import\("@napi-rs\/keyring"\)/);
    expect(code).not.toMatch(/require\("electron"\)|from"electron"/);
    expect(code).not.toMatch(/tsx\/esm/);
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
    expect(result.stderr).toMatch(/out\/cli\/statusdesk\.mjs is missing: run `npm run build`/);
  });

  it('STATUSDESK_FROM_SOURCE=1 runs the TypeScript sources through tsx (development)', async () => {
    const { stdout, stderr } = await run(process.execPath, [path.join(repoRoot, 'bin/statusdesk.js'), '--version'], {
      env: { ...process.env, STATUSDESK_FROM_SOURCE: '1' },
    });
    expect(stdout.trim()).toBe('0.1.0');
    expect(stderr).toBe('');
  });
});

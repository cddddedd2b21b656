import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspage';
import { makeTempDir } from '../../support/temp-dir';
import { repoRoot } from '../../support/paths';

/*
 * bin/statusdesk.js runs the prebuilt bundle (built by the integration setup, as by every app build): plain
 * Node with a code cache, no tsx. Without the bundle it falls back to tsx only where the sources are, and
 * elsewhere says how to build it.
 */

const run = promisify(execFile);
const bundle = path.join(repoRoot, 'out/cli/statusdesk.cjs');
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
    const code = fs.readFileSync(bundle, 'utf8');
    expect(code).toMatch(/require\("@napi-rs\/keyring"\)/);
    expect(code).not.toMatch(/require\("electron"\)|from"electron"/);
    expect(code).not.toMatch(/tsx\/esm/);
  });

  it('answers status against the simulator from the bundle, and keeps a code cache for the next start', async () => {
    const tmp = temp('statusdesk-bin-tmp-');
    const env = { ...process.env, TMPDIR: tmp, STATUSDESK_HOME: temp('statusdesk-bin-home-') };
    const args = [path.join(repoRoot, 'bin/statusdesk.js'), '--base-url', sim.baseUrl, '--json', 'status', 'acme'];
    const first = await run(process.execPath, args, { env });
    expect(JSON.parse(first.stdout)).toMatchObject({ subdomain: 'acme', name: 'Acme' });
    expect(first.stderr).toBe('');
    const [cacheDir] = fs.readdirSync(tmp).filter((n) => n.startsWith('statusdesk-code-cache-'));
    expect(cacheDir).toBeDefined();
    const caches = fs.readdirSync(path.join(tmp, cacheDir!));
    expect(caches).toHaveLength(1);
    expect(caches[0]).toMatch(new RegExp(`^${process.version.replace(/\./g, '\\.')}-\\d+-\\d+\\.v8$`));
    // The second start reads it (and so does not write it again).
    const before = fs.statSync(path.join(tmp, cacheDir!, caches[0]!)).mtimeMs;
    const second = await run(process.execPath, args, { env });
    expect(JSON.parse(second.stdout)).toMatchObject({ subdomain: 'acme' });
    expect(fs.statSync(path.join(tmp, cacheDir!, caches[0]!)).mtimeMs).toBe(before);
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

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findElectronBinary, MISSING_ELECTRON_MESSAGE } from '../../electron/electron-binary';
import { repoRoot } from '../../support/paths';
import { makeTempDir } from '../../support/temp-dir';

// npm run test:electron where Electron's binary is missing: one clear line and exit 1, never a silent skip.
describe('the smoke suite without an Electron binary', () => {
  const notInstalled = (): string => {
    throw new Error('Electron failed to install correctly, please delete node_modules/electron and try installing again');
  };
  const rows: Array<[string, () => string, (file: string) => boolean, boolean]> = [
    ['the electron package says it was not installed', notInstalled, () => true, false],
    ['the path it names does not exist', () => '/nowhere/electron', () => false, false],
    ['the binary is there', () => '/opt/electron/electron', () => true, true],
  ];
  it.each(rows)('%s', (_name, resolve, exists, ok) => {
    const found = findElectronBinary(resolve, exists);
    expect(found).toEqual(ok ? { ok: true, executablePath: '/opt/electron/electron' } : { ok: false, message: MISSING_ELECTRON_MESSAGE });
  });

  it('the message is one line that says how to install it', () => {
    expect(MISSING_ELECTRON_MESSAGE).not.toContain('\n');
    expect(MISSING_ELECTRON_MESSAGE).toContain('node node_modules/electron/install.js');
    expect(MISSING_ELECTRON_MESSAGE).toContain('ELECTRON_OVERRIDE_DIST_PATH');
  });

  it('the first step of npm run test:electron prints that line and exits 1', () => {
    // An empty Electron folder: missing whatever is installed on this machine.
    const empty = makeTempDir('statusdesk-no-electron-');
    try {
      const run = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'test/electron/check-binary.ts'], {
        cwd: repoRoot,
        env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: empty.dir },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr.trim()).toBe(MISSING_ELECTRON_MESSAGE);
      expect(run.stdout).toBe('');
    } finally {
      empty.remove();
    }
  });

  it('npm run test:electron runs that check before anything else', async () => {
    const { readFileSync } = await import('node:fs');
    const scripts = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['test:electron']).toMatch(/^tsx test\/electron\/check-binary\.ts && /);
    expect(scripts['test:electron']).toContain('playwright test -c test/electron/playwright.config.ts');
    // Not part of npm test: machines without the binary must still pass npm test.
    const { PLAN } = (await import(pathToFileURL(path.join(repoRoot, 'scripts/run-tests.mjs')).href)) as { PLAN: Array<[string, string]> };
    expect(PLAN.map(([, script]) => script)).not.toContain('test:electron');
    expect(PLAN.map(([, script]) => scripts[script] ?? '').join(' ')).not.toContain('test:electron');
  });
});

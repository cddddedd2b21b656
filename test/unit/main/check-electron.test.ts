import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../support/paths';
import { makeTempDir } from '../../support/temp-dir';

/* npm start, demo and dev check for Electron's binary first and say how to get it. */

const run = (command: string, distPath: string) =>
  spawnSync(process.execPath, [path.join(repoRoot, 'scripts/check-electron.mjs'), command], {
    cwd: repoRoot,
    env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: distPath },
    encoding: 'utf8',
  });

describe('the Electron check before npm start', () => {
  it('without the binary: exit 1 and one line saying what is missing and how to get it', () => {
    const home = makeTempDir('statusdesk-noelectron-');
    try {
      const result = run('demo', home.dir);
      expect(result.status).toBe(1);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(/^npm run demo needs Electron's binary, which is not installed: run `npm install`/);
      expect(result.stderr).not.toMatch(/uninstall/i);
    } finally {
      home.remove();
    }
  });

  it('with the binary: silent, exit 0', () => {
    const home = makeTempDir('statusdesk-electron-');
    try {
      const pathTxt = path.join(repoRoot, 'node_modules/electron/path.txt');
      const name = fs.existsSync(pathTxt) ? fs.readFileSync(pathTxt, 'utf8') : 'electron';
      fs.mkdirSync(path.dirname(path.join(home.dir, name)), { recursive: true });
      fs.writeFileSync(path.join(home.dir, name), '');
      const result = run('start', home.dir);
      expect(result.status).toBe(0);
      expect(result.stderr).toBe('');
    } finally {
      home.remove();
    }
  });

  it('without the binary it asks Electron’s installer first; a failed fetch is one line with its reason, never a stack', () => {
    // A copy of the script beside an electron package whose installer fails as a download without network does.
    const home = makeTempDir('statusdesk-electron-fetch-');
    try {
      const scripts = path.join(home.dir, 'scripts');
      const electron = path.join(home.dir, 'node_modules/electron');
      fs.mkdirSync(scripts, { recursive: true });
      fs.mkdirSync(electron, { recursive: true });
      fs.copyFileSync(path.join(repoRoot, 'scripts/check-electron.mjs'), path.join(scripts, 'check-electron.mjs'));
      fs.writeFileSync(path.join(electron, 'package.json'), JSON.stringify({ name: 'electron', version: '0.0.0' }));
      const installer = (body: string) => fs.writeFileSync(path.join(electron, 'install.js'), body);
      const start = () =>
        spawnSync(process.execPath, [path.join(scripts, 'check-electron.mjs'), 'start'], {
          cwd: home.dir,
          env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: '' },
          encoding: 'utf8',
        });
      installer(
        "console.error('TypeError: fetch failed\\n    at node:internal/deps/undici/undici:14976:13\\n    at async FetchDownloader.download');\nprocess.exit(1);\n",
      );
      const failed = start();
      expect(failed.status).toBe(1);
      expect(failed.stderr.trim().split('\n')).toHaveLength(1);
      expect(failed.stderr).toMatch(
        /^npm start needs Electron's binary, which is not installed and could not be fetched \(TypeError: fetch failed\): run `npm install`/,
      );
      expect(failed.stderr + failed.stdout).not.toMatch(/^\s+at /m);
      // A fetch that works: the binary is there afterwards, and npm start goes on.
      installer(
        "const fs = require('fs'); const path = require('path');\nfs.mkdirSync(path.join(__dirname, 'dist'), { recursive: true });\nfs.writeFileSync(path.join(__dirname, 'dist', 'electron'), '');\nfs.writeFileSync(path.join(__dirname, 'path.txt'), 'electron');\n",
      );
      const fetched = start();
      expect(fetched.status).toBe(0);
      expect(fetched.stderr).toBe('');
      expect(fetched.stdout).toMatch(/fetching Electron's binary/);
    } finally {
      home.remove();
    }
  });

  it('npm start, demo and dev run it first', () => {
    const scripts = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toMatch(/^node scripts\/check-electron\.mjs start && /);
    expect(scripts.demo).toMatch(/^node scripts\/check-electron\.mjs demo && /);
    expect(scripts.dev).toMatch(/^node scripts\/check-electron\.mjs dev && /);
  });

  it("npm install's last step fetches the binary, unless told not to (CI), and never fails the install", () => {
    const result = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/fetch-electron.mjs')], {
      cwd: repoRoot,
      env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toMatch(/^statusdesk: Electron's binary not fetched \(ELECTRON_SKIP_BINARY_DOWNLOAD\)/);
    expect(JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).scripts.postinstall).toBe('node scripts/fetch-electron.mjs');
  });
});

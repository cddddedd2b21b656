#!/usr/bin/env node
// npm install's last step (postinstall): fetch Electron's binary now, so `npm start` works offline afterwards.
// Electron 45's package no longer downloads it at install time (it would on first launch); this does it here.
// ELECTRON_SKIP_BINARY_DOWNLOAD=1 skips it (CI, machines without GitHub); a failed download never fails the
// install, since the command line and the tests need no binary: it says so in one line.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD === '1' || process.env.ELECTRON_SKIP_BINARY_DOWNLOAD === 'true') {
  console.log("statusdesk: Electron's binary not fetched (ELECTRON_SKIP_BINARY_DOWNLOAD); npm start will fetch it on first run.");
  process.exit(0);
}
let installer;
try {
  installer = path.join(path.dirname(createRequire(import.meta.url).resolve('electron/package.json')), 'install.js');
} catch {
  process.exit(0); // installed without dev dependencies: nothing to fetch
}
if (!existsSync(installer)) process.exit(0);
const result = spawnSync(process.execPath, [installer], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
if (result.status === 0) console.log("statusdesk: Electron's binary is installed.");
else
  console.warn(
    `statusdesk: Electron's binary could not be downloaded (${(result.stderr ?? '').trim().split('\n')[0] || 'no reason given'}); npm start will try again. The command line works without it.`,
  );

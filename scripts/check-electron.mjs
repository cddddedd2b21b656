#!/usr/bin/env node
// First step of `npm start`, `npm run demo` and `npm run dev`: Electron's binary, fetched now if it is missing,
// or one line saying what is missing and how to get it. Electron's own package would fetch it on first use too,
// but prints a raw stack when the download fails; this asks its installer quietly and words the failure.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const command = process.argv[2] ?? 'start';
const npmCommand = command === 'start' ? 'npm start' : `npm run ${command}`;

let electronDir = null;
try {
  electronDir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
} catch {
  // not installed: said below
}

/** The binary's path as the electron package finds it (path.txt, ELECTRON_OVERRIDE_DIST_PATH), when it is there. */
function binary() {
  if (electronDir === null) return null;
  const pathFile = path.join(electronDir, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8') : null;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const full = override ? path.join(override, relative ?? 'electron') : relative ? path.join(electronDir, 'dist', relative) : null;
  return full !== null && existsSync(full) ? full : null;
}

if (binary() === null) {
  let reason = electronDir === null ? 'the electron package is not installed' : null;
  const installer = electronDir === null ? null : path.join(electronDir, 'install.js');
  if (installer !== null && existsSync(installer) && !process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    console.log("statusdesk: fetching Electron's binary (once)…");
    const fetched = spawnSync(process.execPath, [installer], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    const said = (fetched.stderr ?? '').split('\n').find((line) => /\S/.test(line) && !/^\s+at /.test(line));
    reason = said ? said.trim() : null;
  }
  if (binary() === null) {
    console.error(
      `${npmCommand} needs Electron's binary, which is not installed${reason ? ` and could not be fetched (${reason})` : ''}: run \`npm install\` ` +
        '(its last step fetches it) or `npx install-electron` with access to GitHub, where the binary is downloaded from. ' +
        'The command line works without it: npx statusdesk --help.',
    );
    process.exit(1);
  }
}

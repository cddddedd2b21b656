#!/usr/bin/env node
// First step of `npm start`, `npm run demo` and `npm run dev`: without Electron's binary, say in one line what is
// missing and how to get it, instead of electron-vite's "Electron uninstall".
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const command = process.argv[2] ?? 'start';
let executable;
try {
  // The electron package answers with its binary's path (path.txt or ELECTRON_OVERRIDE_DIST_PATH); it throws when not installed.
  executable = createRequire(import.meta.url)('electron');
} catch {
  executable = null;
}
if (typeof executable !== 'string' || !existsSync(executable)) {
  console.error(
    `npm ${command === 'start' ? 'start' : `run ${command}`} needs Electron's binary, which is not installed: run \`npm install\` (its last step fetches it) or \`npx install-electron\` ` +
      'with access to GitHub, where the binary is downloaded from. The command line works without it: npx statusdesk --help.',
  );
  process.exit(1);
}

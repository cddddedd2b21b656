#!/usr/bin/env node
// The `statusdesk` command. It runs the prebuilt bundle out/cli/statusdesk.mjs (with its chunks, loaded as a
// command needs them), which every `electron-vite build` (npm run build, npm start, npm test's e2e step) and
// `npm run build:cli` write. Without the bundle, a development checkout falls back to the TypeScript sources
// through tsx (slow, said on stderr); anywhere else it says how to build it. STATUSDESK_FROM_SOURCE=1 forces
// the sources, for working on the command line without rebuilding after each edit.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundle = path.join(root, 'out/cli/statusdesk.mjs');
const sources = path.join(root, 'electron/cli/index.ts');

async function fromSources(note) {
  let register;
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch {
    return false;
  }
  if (note) process.stderr.write(`statusdesk: ${note}\n`);
  register();
  const { main } = await import(sources);
  await main(process.argv.slice(2));
  return true;
}

if (process.env.STATUSDESK_FROM_SOURCE !== '1' && fs.existsSync(bundle)) {
  await import(pathToFileURL(bundle).href);
} else if (
  fs.existsSync(sources) &&
  (await fromSources(
    process.env.STATUSDESK_FROM_SOURCE === '1'
      ? null
      : 'out/cli/statusdesk.mjs is not built: running the sources through tsx (slow start; `npm run build:cli` builds it)',
  ))
) {
  // Ran from the sources.
} else {
  process.stderr.write(
    'statusdesk: the command-line bundle out/cli/statusdesk.mjs is missing: run `npm run build` (or `npm run build:cli`) in the Statusdesk folder first\n',
  );
  process.exitCode = 1;
}

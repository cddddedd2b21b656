#!/usr/bin/env node
// The `statusdesk` command. It runs the prebuilt bundle out/cli/statusdesk.cjs through out/cli/launch.cjs,
// which keeps V8's code cache of each command beside it, so a second start does not parse the bundle again.
// Every `electron-vite build` (npm run build, npm start, npm test's e2e step) and `npm run build:cli` write
// them. Without the bundle, a development checkout falls back to the TypeScript sources
// through tsx (slow, said on stderr); anywhere else it says how to build it. STATUSDESK_FROM_SOURCE=1 forces
// the sources, for working on the command line without rebuilding after each edit. CommonJS (bin/package.json):
// an ES module entry would start Node's ES module loader, a tenth of a command's start, for nothing.
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const root = path.resolve(__dirname, '..');
const bundle = path.join(root, 'out/cli/statusdesk.cjs');
const launcher = path.join(root, 'out/cli/launch.cjs');
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
  const { main } = await import(pathToFileURL(sources).href);
  await main(process.argv.slice(2));
  return true;
}

const missing = () => {
  process.stderr.write(
    'statusdesk: the command-line bundle out/cli/statusdesk.cjs is missing: run `npm run build` (or `npm run build:cli`) in the Statusdesk folder first\n',
  );
  process.exitCode = 1;
};

if (process.env.STATUSDESK_FROM_SOURCE !== '1' && fs.existsSync(bundle) && fs.existsSync(launcher)) {
  require(launcher).runBundle(bundle, process.argv.slice(2));
} else if (!fs.existsSync(sources)) {
  missing();
} else {
  const note =
    process.env.STATUSDESK_FROM_SOURCE === '1'
      ? null
      : 'out/cli/statusdesk.cjs is not built: running the sources through tsx (slow start; `npm run build:cli` builds it)';
  fromSources(note).then((ran) => ran || missing());
}

#!/usr/bin/env node
// The `statusdesk` command: runs the TypeScript command line through tsx, so `npx statusdesk` works
// straight after `npm install`, with no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../electron/cli/index.ts');
await main(process.argv.slice(2));

import { buildCli } from '../../scripts/build-cli';

const BUILD = Symbol.for('statusdesk.test.cli-build');
type WithBuild = typeof globalThis & { [BUILD]?: Promise<void> };

/*
 * Integration projects' global setup: the command-line suites run the real bin/statusdesk.js, which runs the
 * prebuilt bundle. Built here from the current sources, so a test never runs yesterday's bundle. Both
 * integration projects name this setup and vitest runs each in the same process: the first one builds, the
 * second awaits that build instead of writing the bundle again under a running suite.
 */
export default async function setup(): Promise<void> {
  const shared = globalThis as WithBuild;
  shared[BUILD] ??= buildCli();
  await shared[BUILD];
}

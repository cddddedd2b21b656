import { buildTestChildren } from './test-children';

const BUILD = Symbol.for('statusdesk.test.children-build');
type WithBuild = typeof globalThis & { [BUILD]?: Promise<void> };

/*
 * Global setup of the integration and reliability suites: the children their tests spawn, bundled from the
 * current sources (test-children.ts says why). Every integration project names this setup and vitest runs each
 * in the same process: the first builds, the others await that build.
 */
export default async function setup(): Promise<void> {
  const shared = globalThis as WithBuild;
  shared[BUILD] ??= buildTestChildren();
  await shared[BUILD];
}

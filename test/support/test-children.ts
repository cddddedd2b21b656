import path from 'node:path';
import { build } from 'esbuild';
import { writeBuildOutputs } from '../../scripts/build-cli';
import { repoRoot } from './paths';

/*
 * The processes a test spawns and kills many times (the outbox's flush child, killed 50 times by the crash
 * soak): bundled once per run, so each start is plain Node loading one file (0.3 s of CPU), not tsx
 * transpiling and resolving the sources again (1.3 s each on two cores). Built from the current sources by the
 * integration and reliability suites' global setup, never committed.
 */

const TEST_CHILDREN = {
  /** Opens the outbox in OUTBOX_DIR and flushes it (test/integration/outbox/support/flush-child.ts). */
  flush: 'test/integration/outbox/support/flush-child.ts',
  /** Queues batches of metric points into OUTBOX_DIR (test/integration/outbox/support/batch-child.ts). */
  batch: 'test/integration/outbox/support/batch-child.ts',
  /** Sends the alert queue in ALERTS_DIR to the simulator at ALERTS_SIM_URL (test/integration/alerts/support/delivery-child.ts). */
  alerts: 'test/integration/alerts/support/delivery-child.ts',
  /** Holds the alert queue in ALERTS_DIR as `statusdesk serve` until killed (test/integration/alerts/support/owner-child.ts). */
  alertsOwner: 'test/integration/alerts/support/owner-child.ts',
  /** Routes a burst of polls into ALERTS_DIR's team alerts, or resumes them (test/integration/alerts/support/flood-child.ts). */
  alertsFlood: 'test/integration/alerts/support/flood-child.ts',
} as const;

type TestChild = keyof typeof TEST_CHILDREN;

/** Where a child's bundle is: run it with `node <path>`. */
export function testChildBundle(child: TestChild): string {
  return path.join(repoRoot, 'out/test-children', `${child}-child.mjs`);
}

export async function buildTestChildren(): Promise<void> {
  for (const [child, entry] of Object.entries(TEST_CHILDREN) as Array<[TestChild, string]>) {
    const outfile = testChildBundle(child);
    const result = await build({
      entryPoints: [path.join(repoRoot, entry)],
      outfile,
      write: false,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // npm packages load from node_modules as the app's do; the keychain binding is a native addon.
      packages: 'external',
      logLevel: 'warning',
    });
    writeBuildOutputs(outfile, result.outputFiles);
  }
}

import { describe, expect, it } from 'vitest';
import { openStatusPageOutbox } from '../../../electron/core/outbox/create-statuspal-outbox';
import { envAccountId } from '../../../electron/core/outbox/statuspal/targets';
import { type makeTempDir } from '../../support/temp-dir';
import { runCliIn } from './support/run-cli';
import { simulatorPerFile } from './support/simulator-per-file';

/*
 * A month of a metric's points queued together printed one line each (8,932 lines for 8,928 points), and took
 * seconds. `outbox list` sums such a run up in one line with its count; `--all` lists every write.
 */

const POINTS = 40;

const world = simulatorPerFile();
let home: ReturnType<typeof makeTempDir> | undefined;

const key = world.key;

/** An incident create, then POINTS data points of metric 7 in one call, as the window queues a metric file. */
async function queue(dataDir: string): Promise<void> {
  const { outbox } = await openStatusPageOutbox({ dataDir, env: key() });
  const target = { accountId: envAccountId(world.sim.baseUrl), server: { baseUrl: world.sim.baseUrl, keyFrom: 'env' as const } };
  await outbox.enqueue({ ...target, operation: 'createIncident', input: { subdomain: 'acme', incident: { type: 'minor', title: 'Alone' } } });
  await outbox.enqueueMany(
    Array.from({ length: POINTS }, (_, i) => ({
      ...target,
      operation: 'addMetricEntry',
      input: { subdomain: 'acme', metricId: 7, entry: { time: 1717200000 + i * 300, value: i } },
    })),
  );
  await outbox.stop();
}

describe('outbox list with many writes queued together', () => {
  it('sums them up in one line with their count; --all lists every one', async () => {
    home = world.newHome('statusdesk-cli-list-summary-');
    await queue(home.dir);

    const listed = await runCliIn(home.dir, ['outbox', 'list'], key());
    expect(listed.code, listed.stderr).toBe(0);
    const rows = listed.stdout.trimEnd().split('\n');
    expect(
      rows.filter((row) => row.includes('Data point')),
      listed.stdout,
    ).toHaveLength(1);
    expect(rows.length, listed.stdout).toBeLessThan(6);
    expect(listed.stdout).toContain(`Data points for metric #7: ${POINTS} waiting (queued together)`);
    expect(listed.stdout).toContain('New incident “Alone”');
    expect(listed.stdout).toContain('statusdesk outbox list --all lists every write');

    const all = await runCliIn(home.dir, ['outbox', 'list', '--all'], key());
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout.split('\n').filter((row) => row.includes('Data point for metric #7'))).toHaveLength(POINTS);
    expect(all.stdout).not.toContain('--all lists every write');
  });
});

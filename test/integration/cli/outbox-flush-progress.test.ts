import { describe, expect, it } from 'vitest';
import { openStatusPageOutbox } from '../../../electron/core/outbox/create-statuspal-outbox';
import { envAccountId } from '../../../electron/core/outbox/statuspal/targets';
import { type makeTempDir } from '../../support/temp-dir';
import { simulatorPerFile } from './support/simulator-per-file';
import { runCliIn } from './support/run-cli';

/*
 * `outbox flush` printed nothing for minutes while it sent a long queue one write at a time. In a pipe it now
 * prints a line at least every tenth of the writes on stderr (with the time left, while some are), and the report as ever.
 */

const WRITES = 30;

const world = simulatorPerFile();
let home: ReturnType<typeof makeTempDir> | undefined;

const key = world.key;

describe('a long outbox flush', () => {
  it('says how far it is on stderr, a line every tenth of the writes', async () => {
    home = world.newHome('statusdesk-cli-flush-progress-');
    const { outbox } = await openStatusPageOutbox({ dataDir: home.dir, env: key() });
    const target = { accountId: envAccountId(world.sim.baseUrl), server: { baseUrl: world.sim.baseUrl, keyFrom: 'env' as const } };
    // One incident's updates: sent one at a time, in order, as a metric's points are.
    for (let i = 1; i <= WRITES; i++) {
      await outbox.enqueue({
        ...target,
        operation: 'addIncidentUpdate',
        input: { subdomain: 'acme', incidentId: 1, update: { type: 'monitoring', description: `Step ${i}` } },
      });
    }
    await outbox.stop();

    const flushed = await runCliIn(home.dir, ['outbox', 'flush'], key());
    expect(flushed.code, flushed.stderr).toBe(0);
    expect(flushed.stdout).toBe(`sent ${WRITES}; nothing left\n`);
    // At least a line every tenth (a slow machine adds one every few seconds between), counting up to the end.
    const lines = flushed.stderr.trimEnd().split('\n');
    expect(lines.length, flushed.stderr).toBeGreaterThanOrEqual(10);
    const counts = lines.map((line) => Number(/^sent (\d+) of 30(?:, about (?:\d+ s|\d+ min(?: 30 s)?) left)?$/.exec(line)?.[1]));
    counts.forEach((count, i) => expect(count, flushed.stderr).toBeGreaterThan(i === 0 ? 0 : counts[i - 1]!));
    expect(lines.at(-1)).toBe(`sent ${WRITES} of ${WRITES}`);
  });
});

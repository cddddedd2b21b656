import { afterEach, describe, expect, it } from 'vitest';
import type { StatusPageSimulator } from '../../../simulators/statuspal';
import { REFUSED_API_BASE_URL } from '../../support/refused-address';
import { makeTempDir } from '../../support/temp-dir';
import { openTestOutbox, simAccounts, until } from '../outbox/support/harness';
import { shareSimulator } from '../outbox/support/shared-simulator';
import { runCliIn } from './support/run-cli';

/*
 * A metric data point cannot be looked up after a lost answer (the API lists no points), so it is sent again and
 * may be stored twice: `outbox list` says so on that write, and only there.
 */

let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir>;

shareSimulator((started) => (sim = started));
afterEach(() => home.remove());

describe('statusdesk outbox list and the promise of each write', () => {
  it('marks a metric point at least once, and an incident create not', async () => {
    home = makeTempDir('statusdesk-promise-');
    const { accountId, accounts } = simAccounts(sim);
    await sim.goOffline();
    const outbox = await openTestOutbox(home.dir, accounts);
    outbox.start();
    const point = await outbox.enqueue({
      kind: 'statuspal',
      accountId,
      operation: 'addMetricEntry',
      input: { subdomain: 'acme', metricId: 1, entry: { time: 1717243200, value: 120 } },
    });
    const incident = await outbox.enqueue({
      kind: 'statuspal',
      accountId,
      operation: 'createIncident',
      input: { subdomain: 'acme', incident: { type: 'minor', title: 'Slow checkout' } },
    });
    await until(() => (outbox.get(point.id)?.attempts ?? 0) >= 1, 'the first attempt');
    await outbox.stop();

    const table = await runCliIn(home.dir, ['outbox', 'list']);
    expect(table.code, table.stderr).toBe(0);
    const lineOf = (id: string) => table.stdout.split('\n').find((line) => line.startsWith(id.slice(0, 8)))!;
    expect(lineOf(point.id)).toMatch(/at least once/);
    expect(lineOf(incident.id)).not.toMatch(/at least once/);
    expect(table.stdout).toMatch(/at least once: .*cannot be looked up/);
    // Why a write waits is said in words, as the window says it, never by the plan's name for it ("concurrency").

    const json = JSON.parse((await runCliIn(home.dir, ['--json', 'outbox', 'list'])).stdout) as { entries: { id: string; delivery: string }[] };
    expect(json.entries.map((e) => [e.id, e.delivery])).toEqual([
      [point.id, 'at_least_once'],
      [incident.id, 'exactly_once'],
    ]);
  });

  it('says why a write waits in words, as the window does, never by the plan’s name for it', async () => {
    home = makeTempDir('statusdesk-wait-words-');
    // Nothing listens there: each create is queued after its one try, the second behind the first.
    const refused = REFUSED_API_BASE_URL;
    const env = { STATUSDESK_API_KEY: 'sim-wait-words-key' };
    for (const title of ['First', 'Second']) {
      const created = await runCliIn(home.dir, ['--base-url', refused, 'incidents', 'create', 'acme', '--title', title, '--type', 'minor'], env);
      expect(created.code, created.stderr).toBe(0);
    }
    const table = await runCliIn(home.dir, ['outbox', 'list'], env);
    expect(table.code, table.stderr).toBe(0);
    const second = table.stdout.split('\n').find((line) => line.includes('“Second”'))!;
    expect(second).toMatch(/waiting for an earlier write to get an answer/);
    expect(table.stdout).not.toMatch(/\((offline|backoff|rate_limited|order|dependency|no_key|concurrency)\)/);
  });
});

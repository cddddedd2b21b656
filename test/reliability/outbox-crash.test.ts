import { afterAll, beforeAll, describe, it } from 'vitest';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../simulators/statuspal';
import { runCrashScenario } from '../integration/outbox/support/crash-scenario';
import { reportFigures } from '../support/report-figures';
import { makeTempDir } from '../support/temp-dir';
import { MODE, SIZES } from './support/mode';

/*
 * Crash: 1,000 queued writes (100 incidents, each created then updated 9 times, every update naming its
 * incident by temporary id) flushed by a child process that is killed with SIGKILL 50 times (10 quick) —
 * by progress, while requests are in flight, and by time, during start-up, loading and recovery. Then one
 * run to the end. Each write reaches the server exactly once, in order; after every kill nothing sent so
 * far is duplicated. The scenario is the outbox's own (test/integration/outbox/support/crash-scenario.ts),
 * with more kills.
 */

const INCIDENTS = 100;
const UPDATES = 9;
const TOTAL = INCIDENTS * (1 + UPDATES);
const KILLS = SIZES.kills;

let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir>;

beforeAll(async () => {
  sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false, randomSeed: 99 });
  // A little latency so kills land while requests are in flight.
  sim.setFaults({ method: ['POST', 'PUT', 'DELETE'], latencyMs: { min: 3, max: 15 } });
  home = makeTempDir('statusdesk-reliability-crash-');
});

afterAll(async () => {
  await sim.close();
  home.remove();
});

describe('outbox crash', () => {
  it(`${TOTAL.toLocaleString('en-US')} writes through ${KILLS} SIGKILLs during the flush: nothing lost, nothing duplicated, in order`, async ({ task }) => {
    const report = await runCrashScenario({ sim, dataDir: home.dir, incidents: INCIDENTS, updates: UPDATES, kills: KILLS, title: 'Reliability incident' });
    reportFigures(task, { mode: MODE, writes: report.total, kills: report.killed, killsMidFlush: report.killedMidway });
    console.log(`outbox crash: ${report.killed} SIGKILLs (${report.killedMidway} with writes still queued), ${report.total} writes, ${report.ms} ms`);
  }, 600_000);
});

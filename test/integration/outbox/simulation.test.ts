import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { repoRoot } from '../../support/paths';
import { reportFigures } from '../../support/report-figures';
import { simulate } from '../../simulation/write-path-simulation';
import { SOAK_MS } from '../../support/time-outs';

/*
 * The seeded write-path simulation's quick budget, in every `npm test`: a new seed each run (printed, with the
 * path fast-check gives a failure), so the suite explores new schedules over time. Replay a failure with
 * SIM_SEED=<seed> SIM_PATH=<path>; the long budget is `npm run test:simulation`. The figures go to the suite's
 * JSON report (the test's meta, for docs/reliability-results.md) and to test-results/reports/simulation-quick.json.
 */

const QUICK_SCHEDULES = Number(process.env.SIM_RUNS ?? 500);
let sim: StatusPageSimulator;

beforeAll(async () => {
  sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
});
afterAll(async () => {
  await sim.close();
});

describe('seeded simulation of the write path', () => {
  it(
    `${QUICK_SCHEDULES} schedules of writes, faults, server clocks off, network loss and crashes: every accepted write applied once, in order`,
    async ({ task }) => {
      const seed = process.env.SIM_SEED === undefined ? undefined : Number(process.env.SIM_SEED);
      const result = await simulate(sim, {
        runs: QUICK_SCHEDULES,
        timeLimitMs: 60_000,
        ...(seed === undefined ? {} : { seed }),
        ...(process.env.SIM_PATH ? { path: process.env.SIM_PATH } : {}),
      });
      console.log(`write-path simulation (seed ${result.seed}): ${result.schedules} schedules in ${result.durationMs} ms, ${result.violations} violations`);
      reportFigures(task, { budget: 'quick', schedules: result.schedules, violations: result.violations, seed: result.seed, writes: result.figures.writes });
      const out = path.join(repoRoot, 'test-results', 'reports');
      fs.mkdirSync(out, { recursive: true });
      fs.writeFileSync(path.join(out, 'simulation-quick.json'), `${JSON.stringify({ ...result, budget: 'quick' }, null, 2)}\n`);
      expect(result.failure).toBeNull();
      expect(result.schedules).toBeGreaterThan(0);
    },
    SOAK_MS,
  );

  it(
    'finds a deliberately broken outbox (a 500 after the commit resent without a look-up) and shrinks it to that fault',
    async ({ task }) => {
      const result = await simulate(sim, { runs: 2_000, timeLimitMs: 60_000, seed: 1, mutation: 'a 500 is resent without a look-up' });
      reportFigures(task, { schedulesBeforeFound: result.schedules });
      expect(result.violations).toBe(1);
      expect(result.failure).toMatch(/created 2 times/);
      expect(result.failure).toContain('500 after commit');
    },
    SOAK_MS,
  );
});

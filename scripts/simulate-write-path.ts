import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startStatusPageSimulator } from '../simulators/statuspal';
import { simulateInWorkers } from '../test/simulation/parallel-simulation';
import { simulate, type SimulationResult } from '../test/simulation/write-path-simulation';

/*
 * `npm run test:simulation`: the seeded write-path simulation with the long budget (test/simulation/).
 *
 *   npm run test:simulation                         # up to 100,000 schedules or 10 minutes, a new seed, one worker a core
 *   npm run test:simulation -- --runs 500            # fewer
 *   npm run test:simulation -- --workers 1           # on one core
 *   npm run test:simulation -- --seed 42 --path 7:1:0  # replay a failure as printed (its worker's seed; one worker)
 *
 * Prints the count, the time and the first violation (shrunk to a minimal schedule, with the seed and path
 * that replay it); writes the figures to bench/results/simulation.json; exits 1 on a violation.
 */

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '100000' },
    minutes: { type: 'string', default: '10' },
    seed: { type: 'string' },
    path: { type: 'string' },
    workers: { type: 'string' },
  },
  strict: true,
});

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(values.runs);
const timeLimitMs = Number(values.minutes) * 60_000;
const seed = values.seed === undefined ? Date.now() % 2_147_483_647 : Number(values.seed);
// A replay follows one worker's seed and path.
const workers = values.path === undefined ? Number(values.workers ?? os.availableParallelism()) : 1;

// CPU time is the figure that does not depend on what else the machine runs meanwhile.
const cpuBefore = process.cpuUsage();
let result: SimulationResult;
if (workers > 1) {
  result = await simulateInWorkers({ runs, timeLimitMs, seed, workers });
} else {
  const sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
  try {
    result = await simulate(sim, { runs, timeLimitMs, seed, ...(values.path === undefined ? {} : { path: values.path }) });
  } finally {
    await sim.close();
  }
}
const cpu = process.cpuUsage(cpuBefore);
const cpuMsPerSchedule = Math.round(((cpu.user + cpu.system) / 1000 / Math.max(1, result.schedules)) * 100) / 100;
const perSecond = result.schedules / (result.durationMs / 1000);
const load = os.loadavg().map((l) => l.toFixed(1));
console.log(
  `write-path simulation (seed ${result.seed}, ${workers} worker${workers === 1 ? '' : 's'}): ${result.schedules} schedules in ${(result.durationMs / 1000).toFixed(1)} s (${perSecond.toFixed(1)} a second, ${cpuMsPerSchedule} ms of CPU each; load average ${load.join(' ')}), ${result.violations} violations`,
);
// The run stops at its first violation: these say which invariant it broke (0 and 0 when none).
const duplicates = result.failure !== null && /was created (?:[2-9]|\d{2,}) times/.test(result.failure) ? 1 : 0;
const lost = result.failure !== null && /lost|created 0 times|not sent after/.test(result.failure) ? 1 : 0;
const looks = result.figures.lookups;
console.log(
  `writes accepted and applied once: ${result.figures.writes}; duplicated: ${duplicates}; lost: ${lost}; held as "needs a look": ${looks.asked} (a colleague's look-alike among the candidates: ${looks.withColleague}, only our own: ${looks.ownOnly}; answered It is mine ${looks.itIsMine}, Send mine ${looks.sendMine})`,
);
if (result.failure) console.log(result.failure);
const out = path.join(root, 'bench', 'results');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(
  path.join(out, 'simulation.json'),
  `${JSON.stringify({ ...result, duplicates, lost, budget: 'long', finishedAt: new Date().toISOString(), workers, schedulesPerSecond: Math.round(perSecond * 10) / 10, cpuMsPerSchedule, machine: { cores: os.cpus().length, node: process.version, loadAverage: os.loadavg() } }, null, 2)}\n`,
);
process.exitCode = result.violations > 0 ? 1 : 0;

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startStatusPageSimulator } from '../electron/services/simulators/statuspage';
import { simulate } from '../test/simulation/write-path-simulation';

/*
 * `npm run test:simulation`: the seeded write-path simulation with the long budget (test/simulation/).
 *
 *   npm run test:simulation                         # up to 100,000 schedules or 10 minutes, a new seed
 *   npm run test:simulation -- --runs 500            # fewer
 *   npm run test:simulation -- --seed 42 --path 7:1:0  # replay a failure as printed
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
  },
  strict: true,
});

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
try {
  const result = await simulate(sim, {
    runs: Number(values.runs),
    timeLimitMs: Number(values.minutes) * 60_000,
    ...(values.seed === undefined ? {} : { seed: Number(values.seed) }),
    ...(values.path === undefined ? {} : { path: values.path }),
  });
  const perSecond = result.schedules / (result.durationMs / 1000);
  console.log(
    `write-path simulation (seed ${result.seed}): ${result.schedules} schedules in ${(result.durationMs / 1000).toFixed(1)} s (${perSecond.toFixed(1)} a second), ${result.violations} violations`,
  );
  if (result.failure) console.log(result.failure);
  const out = path.join(root, 'bench', 'results');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(
    path.join(out, 'simulation.json'),
    `${JSON.stringify({ ...result, budget: 'long', schedulesPerSecond: Math.round(perSecond * 10) / 10, machine: { cores: (await import('node:os')).cpus().length, node: process.version } }, null, 2)}\n`,
  );
  process.exitCode = result.violations > 0 ? 1 : 0;
} finally {
  await sim.close();
}

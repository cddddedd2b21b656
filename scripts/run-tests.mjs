#!/usr/bin/env node
/*
 * `npm test`'s order, in one place:
 *
 *   1. the checks side by side (types, lint, unused exports, format, the provider catalogue) with the build, which the end-to-end
 *      and reliability suites run;
 *   2. two lanes side by side until both end: the end-to-end suite, and the unit, integration and reliability
 *      suites one after the other;
 *   3. the closing summary over every suite's report (scripts/test-summary.mjs).
 *
 * Every part is bound by the CPU on two cores, so the layout moves little: starting the end-to-end suite beside
 * the checks was measured at the same length (12 min 14 s against 11 min 35 s on one machine), and this order
 * lets a failed check stop the run before any suite.
 * A failed check or build stops the run before any suite (a suite's verdict on code that does not type-check
 * means nothing). A failed suite stops nothing: every suite runs to its end, so one run shows every failure.
 * When each step started and ended goes to test-results/reports/steps.json, for the summary's table of costs.
 *
 * `node scripts/run-tests.mjs checks` runs the checks and the build alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { concurrently } from 'concurrently';

const REPORTS = 'test-results/reports';
export const CHECKS = [
  ['typecheck', 'typecheck'],
  ['lint', 'lint'],
  ['format', 'format:check'],
  ['unused', 'lint:unused'],
  ['catalogue', 'check:catalogue'],
];
const BUILD = ['build', 'build'];
const E2E = ['e2e', 'test:e2e:built'];
export const NODE_SUITES = [
  ['unit', 'test:unit'],
  ['integration', 'test:integration'],
  ['reliability', 'test:reliability:built'],
];

/** @type {Array<{ name: string; startMs: number; endMs: number; exitCode: number | string }>} */
const steps = [];

/** npm scripts run under their names, side by side (or `maxProcesses` at a time); resolves once all have ended. */
async function run(scripts, options = {}) {
  const { result } = concurrently(
    scripts.map(([name, script]) => ({ name, command: `npm run ${script}` })),
    { prefix: 'name', padPrefix: true, ...options },
  );
  const outcome = await result.then(
    (events) => ({ ok: true, events }),
    (events) => ({ ok: false, events }),
  );
  for (const event of outcome.events) {
    const { startDate, endDate } = event.timings ?? {};
    if (startDate && endDate) steps.push({ name: event.command.name, startMs: startDate.getTime(), endMs: endDate.getTime(), exitCode: event.exitCode });
  }
  return outcome;
}

function writeSteps() {
  fs.mkdirSync(REPORTS, { recursive: true });
  fs.writeFileSync(path.join(REPORTS, 'steps.json'), `${JSON.stringify(steps, null, 2)}\n`);
}

function failedNames() {
  return steps.filter((step) => step.exitCode !== 0).map((step) => step.name);
}

async function main() {
  const checksOnly = process.argv[2] === 'checks';
  fs.rmSync(REPORTS, { recursive: true, force: true });

  const checks = await run([...CHECKS, BUILD], { group: true, killOthersOn: ['failure'] });
  if (!checks.ok) {
    writeSteps();
    console.error(`npm test: ${failedNames().join(', ')} failed; no suite ran.`);
    return 1;
  }
  if (checksOnly) {
    writeSteps();
    return 0;
  }

  const [endToEnd, node] = await Promise.all([run([E2E]), run(NODE_SUITES, { maxProcesses: 1 })]);
  writeSteps();
  const summary = spawnSync(process.execPath, ['scripts/test-summary.mjs'], { stdio: 'inherit' });
  return node.ok && endToEnd.ok && summary.status === 0 ? 0 : 1;
}

/** The npm scripts npm test runs, in order. */
export const PLAN = [...CHECKS, BUILD, E2E, ...NODE_SUITES];

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) process.exitCode = await main();

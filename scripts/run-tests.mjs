#!/usr/bin/env node
/*
 * `npm test`'s order, in one place:
 *
 *   1. the build (the end-to-end and reliability suites run what it writes);
 *   2. two lanes side by side until both end:
 *        e2e:   the end-to-end suite, which needs the build and nothing else;
 *        node:  the checks (types, lint, format, the provider catalogue) side by side, then the unit,
 *               integration and reliability suites one after the other;
 *   3. the closing summary over every suite's report (scripts/test-summary.mjs).
 *
 * The end-to-end suite is the long pole and spends much of its time waiting on its browser and its servers: it
 * starts as soon as the build is there rather than after the checks, which fill that waiting instead.
 * A failed check stops both lanes at once (code that does not type-check or lint is not worth a suite's verdict).
 * A failed suite stops nothing: every suite runs to its end, so one run shows every failure.
 * When each step started and ended goes to test-results/reports/steps.json, for the summary's table of costs.
 *
 * `node scripts/run-tests.mjs checks` runs the build and the checks alone.
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
  ['catalogue', 'check:catalogue'],
];
export const NODE_SUITES = [
  ['unit', 'test:unit'],
  ['integration', 'test:integration'],
  ['reliability', 'test:reliability:built'],
];

/** @type {Array<{ name: string; startMs: number; endMs: number; exitCode: number | string }>} */
const steps = [];

/** npm scripts run under their names, side by side (or `maxProcesses` at a time); resolves once all have ended. */
function start(scripts, options = {}) {
  const { result, commands } = concurrently(
    scripts.map(([name, script]) => ({ name, command: `npm run ${script}` })),
    { prefix: 'name', padPrefix: true, ...options },
  );
  const done = result.then(
    (events) => ({ ok: true, events }),
    (events) => ({ ok: false, events }),
  );
  return {
    commands,
    done: done.then((outcome) => {
      for (const event of outcome.events) {
        const { startDate, endDate } = event.timings ?? {};
        if (startDate && endDate) steps.push({ name: event.command.name, startMs: startDate.getTime(), endMs: endDate.getTime(), exitCode: event.exitCode });
      }
      return outcome;
    }),
  };
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

  const build = await start([['build', 'build']]).done;
  if (!build.ok) {
    writeSteps();
    console.error('npm test: the build failed; no check or suite ran.');
    return 1;
  }

  const e2e = checksOnly ? null : start([['e2e', 'test:e2e:built']]);
  const checks = await start(CHECKS, { group: true }).done;
  if (!checks.ok) {
    for (const command of e2e?.commands ?? []) command.kill();
    await e2e?.done;
    writeSteps();
    console.error(`npm test: a check failed (${failedNames().join(', ')}); the suites were stopped.`);
    return 1;
  }
  if (checksOnly) {
    writeSteps();
    return 0;
  }

  const node = await start(NODE_SUITES, { maxProcesses: 1 }).done;
  const endToEnd = await e2e.done;
  writeSteps();
  const summary = spawnSync(process.execPath, ['scripts/test-summary.mjs'], { stdio: 'inherit' });
  return node.ok && endToEnd.ok && summary.status === 0 ? 0 : 1;
}

/** The npm scripts npm test runs, in order. */
export const PLAN = [['build', 'build'], ['e2e', 'test:e2e:built'], ...CHECKS, ...NODE_SUITES];

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) process.exitCode = await main();

#!/usr/bin/env node
// The closing summary of `npm test`, over every suite's reports:
//   - one line a suite and one closing line: "tests: N passed, N failed, N skipped";
//   - every test that failed or passed only on a retry, by name and with its first error (a flake is seen and
//     explained, never hidden: CI keeps only the end of the output);
//   - the ten tests closest to their time-out (duration ÷ time-out), so the next one that drifts is seen before
//     it fails.
//   - when each step (the build, each check, each suite) ran and how long it took, side by side (`--write docs/test-times.md` keeps that table as
//     the page the README links to, so the costs it gives are a run's, never copied by hand).
// Exits non-zero when a report is missing or counted no test, so a suite that silently ran nothing fails CI.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const args = process.argv.slice(2);
const writeAt = args.indexOf('--write');
const pageFile = writeAt >= 0 ? args[writeAt + 1] : undefined;
// The commit the reports are of, when they come from another checkout (a clean clone's run).
const commitAt = args.indexOf('--commit');
const commitGiven = commitAt >= 0 ? args[commitAt + 1] : undefined;
const optionValueAt = new Set([writeAt, commitAt].filter((at) => at >= 0).map((at) => at + 1));
const dir = path.resolve(args.find((arg, i) => !arg.startsWith('--') && !optionValueAt.has(i)) ?? 'test-results/reports');
const suites = ['unit', 'integration', 'e2e', 'reliability'];
const MARGIN_ROWS = 10;
/** Lines of a failed try's error in the summary (the timing reporter keeps as many for vitest's suites). */
const ERROR_LINES = 12;
let passed = 0;
let failed = 0;
let skipped = 0;
let problems = 0;
/** @type {Array<{ suite: string; name: string; file: string; state: string; durationMs: number; timeoutMs: number; retries: number; firstError?: string }>} */
const timings = [];
/** When each suite started and ended (epoch ms), and its counts. */
/** @type {Array<{ suite: string; startMs: number; endMs: number; passed: number; failed: number; skipped: number }>} */
const spans = [];

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** A Playwright error as the few lines that say what failed and where. */
function playwrightErrorText(error) {
  // Playwright's messages carry terminal colours.
  const message = stripVTControlCharacters(error.message ?? '')
    .split('\n')
    .slice(0, ERROR_LINES);
  const at = error.location ? [`at ${path.relative(process.cwd(), error.location.file)}:${error.location.line}`] : [];
  return [...message, ...at].join('\n');
}

/** Playwright's JSON report as timings: a test's time-out and each try's duration (the last try counts). */
function e2eTimings(report) {
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const last = test.results?.at(-1);
        if (!last) continue;
        const firstError = test.results.find((result) => result.error)?.error;
        out.push({
          suite: 'e2e',
          name: [...titles, spec.title].filter(Boolean).join(' › '),
          file: path.join('test/e2e', spec.file),
          state: test.status === 'unexpected' ? 'failed' : test.status === 'skipped' ? 'skipped' : 'passed',
          durationMs: last.duration,
          timeoutMs: test.timeout,
          retries: test.results.length - 1,
          ...(firstError ? { firstError: playwrightErrorText(firstError) } : {}),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return out;
}

for (const suite of suites) {
  const file = path.join(dir, `${suite}.json`);
  if (!fs.existsSync(file)) {
    console.error(`test summary: no report for ${suite} (${file})`);
    problems += 1;
    continue;
  }
  const report = readJson(file);
  let p, f, s;
  if (suite === 'e2e') {
    // Playwright's JSON reporter
    p = (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0);
    f = report.stats?.unexpected ?? 0;
    s = report.stats?.skipped ?? 0;
    timings.push(...e2eTimings(report));
    const startMs = Date.parse(report.stats?.startTime ?? '');
    if (Number.isFinite(startMs)) spans.push({ suite, startMs, endMs: startMs + (report.stats?.duration ?? 0) });
  } else {
    // Vitest's JSON reporter (Jest-compatible); durations, time-outs and retries come from the timing reporter.
    p = report.numPassedTests ?? 0;
    f = report.numFailedTests ?? 0;
    s = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    const ends = (report.testResults ?? []).map((result) => result.endTime).filter(Number.isFinite);
    if (Number.isFinite(report.startTime) && ends.length > 0) spans.push({ suite, startMs: report.startTime, endMs: Math.max(...ends) });
    const timingFile = path.join(dir, `timings-${suite}.json`);
    if (fs.existsSync(timingFile)) timings.push(...readJson(timingFile));
    else {
      console.error(`test summary: no timings for ${suite} (${timingFile})`);
      problems += 1;
    }
  }
  console.log(`${suite}: ${p} passed, ${f} failed, ${s} skipped`);
  const span = spans.find((x) => x.suite === suite);
  if (span) Object.assign(span, { passed: p, failed: f, skipped: s });
  if (p === 0) {
    console.error(`test summary: the ${suite} suite ran no test`);
    problems += 1;
  }
  passed += p;
  failed += f;
  skipped += s;
}

// The steps that are not suites (the build, each check), as scripts/run-tests.mjs timed them.
const stepsFile = path.join(dir, 'steps.json');
const otherSteps = fs.existsSync(stepsFile) ? readJson(stepsFile).filter((step) => !suites.includes(step.name)) : [];
for (const step of otherSteps) spans.push({ suite: step.name, startMs: step.startMs, endMs: step.endMs, step: true });

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

const retried = timings.filter((t) => t.retries > 0);
const indented = (text) =>
  text
    .split('\n')
    .map((line) => `      ${line}`)
    .join('\n');
console.log(`retried: ${retried.length === 0 ? 'none' : retried.length}`);
for (const t of retried) {
  console.log(
    `  ${t.suite}  ${t.file} › ${t.name}  (${t.retries} ${t.retries === 1 ? 'retry' : 'retries'}, ${t.state === 'passed' ? 'passed on retry' : t.state})`,
  );
  if (t.firstError) console.log(`    first error:\n${indented(t.firstError)}`);
}
// A test that failed without a retry (retries are off for unit tests) says why here too.
const failedOnce = timings.filter((t) => t.state === 'failed' && t.retries === 0);
if (failedOnce.length > 0) console.log(`failed: ${failedOnce.length}`);
for (const t of failedOnce) {
  console.log(`  ${t.suite}  ${t.file} › ${t.name}`);
  if (t.firstError) console.log(`    error:\n${indented(t.firstError)}`);
}

const margins = timings
  .filter((t) => t.state !== 'skipped' && t.timeoutMs > 0)
  .map((t) => ({ ...t, ratio: t.durationMs / t.timeoutMs }))
  .sort((a, b) => b.ratio - a.ratio)
  .slice(0, MARGIN_ROWS);
console.log(`closest to their time-out (duration ÷ time-out), of ${timings.length} timed tests:`);
for (const t of margins) {
  console.log(
    `  ${(t.ratio * 100).toFixed(0).padStart(3)} %  ${seconds(t.durationMs).padStart(7)} of ${seconds(t.timeoutMs).padStart(7)}  ${t.suite}  ${t.file} › ${t.name}`,
  );
}

const clock = (ms) => `${Math.floor(ms / 60_000)} min ${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')} s`;
if (spans.length > 0) {
  const first = Math.min(...spans.map((x) => x.startMs));
  const last = Math.max(...spans.map((x) => x.endMs));
  console.log(`time: ${clock(last - first)} from the first step to the last, side by side:`);
  spans.sort((a, b) => a.startMs - b.startMs);
  for (const x of spans) console.log(`  ${x.suite.padEnd(12)} from +${clock(x.startMs - first)}  for ${clock(x.endMs - x.startMs)}`);
  if (pageFile) writePage(pageFile, first, last);
}

/** The page of what each part of the last run cost: generated here from that run's reports. */
function writePage(file, first, last) {
  let commit = commitGiven ?? 'unknown';
  try {
    commit = commitGiven ?? execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    // Not a checkout: the page says so.
  }
  const rows = spans.map((x) => `| ${x.suite} | ${x.step ? '' : x.passed} | +${clock(x.startMs - first)} | ${clock(x.endMs - x.startMs)} |`);
  const page = [
    '# What each part of `npm test` costs',
    '',
    `Written by \`node scripts/test-summary.mjs --write ${file}\` from the reports of one \`npm test\` run: commit ${commit},`,
    `${new Date(first).toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.availableParallelism()} cores, Node ${process.versions.node}.`,
    'The checks (types, lint, format, the provider catalogue) and the build run first, side by side; then the end-to-end',
    'suite beside the unit, integration and reliability suites one after the other (scripts/run-tests.mjs).',
    '',
    '| step | tests | started | took |',
    '| --- | --: | --: | --: |',
    ...rows,
    `| npm test | ${passed} | | ${clock(last - first)} |`,
    '',
    `Retried: ${retried.length === 0 ? 'none' : retried.map((t) => `${t.suite} ${t.file} › ${t.name} (${t.state === 'passed' ? 'passed on retry' : t.state})`).join('; ')}.`,
    '',
  ].join('\n');
  fs.writeFileSync(file, page);
  console.log(`test summary: wrote ${file}`);
}

console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || problems > 0 ? 1 : 0);

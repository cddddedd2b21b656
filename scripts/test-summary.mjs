#!/usr/bin/env node
// Prints one closing line over every suite's JSON report: "tests: N passed, N failed, N skipped".
// Exits non-zero when a report is missing or counted no test, so a suite that silently ran nothing fails CI.
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve('test-results/reports');
const suites = ['unit', 'integration', 'e2e', 'reliability'];
let passed = 0;
let failed = 0;
let skipped = 0;
let problems = 0;

for (const suite of suites) {
  const file = path.join(dir, `${suite}.json`);
  if (!fs.existsSync(file)) {
    console.error(`test summary: no report for ${suite} (${file})`);
    problems += 1;
    continue;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  let p, f, s;
  if (suite === 'e2e') {
    // Playwright's JSON reporter
    p = (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0);
    f = report.stats?.unexpected ?? 0;
    s = report.stats?.skipped ?? 0;
    if (report.stats?.flaky) console.log(`e2e: ${report.stats.flaky} passed only on retry (flaky)`);
  } else {
    // Vitest's JSON reporter (Jest-compatible)
    p = report.numPassedTests ?? 0;
    f = report.numFailedTests ?? 0;
    s = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
  console.log(`${suite}: ${p} passed, ${f} failed, ${s} skipped`);
  if (p === 0) {
    console.error(`test summary: the ${suite} suite ran no test`);
    problems += 1;
  }
  passed += p;
  failed += f;
  skipped += s;
}

console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || problems > 0 ? 1 : 0);

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../support/temp-dir';
import { errorText, type TestTiming } from '../../support/timing-reporter';

/*
 * CI keeps only the end of `npm test`'s output, so the closing summary must say why a test failed or was retried,
 * not only which: the first error of each, a few lines, with where it was thrown.
 */

const repoRoot = path.resolve(__dirname, '../../..');
let reports: ReturnType<typeof makeTempDir>;
afterEach(() => reports.remove());

function vitestReport(passed: number, failed: number): object {
  return { numPassedTests: passed, numFailedTests: failed, numPendingTests: 0, numTodoTests: 0, startTime: 1, testResults: [{ endTime: 2 }] };
}

function writeReports(dir: string, integration: TestTiming[]): void {
  const timing = (suite: string): TestTiming => ({
    suite,
    name: 'passes',
    file: `test/${suite}/a.test.ts`,
    state: 'passed',
    durationMs: 10,
    timeoutMs: 5000,
    retries: 0,
  });
  for (const suite of ['unit', 'reliability']) {
    fs.writeFileSync(path.join(dir, `${suite}.json`), JSON.stringify(vitestReport(1, 0)));
    fs.writeFileSync(path.join(dir, `timings-${suite}.json`), JSON.stringify([timing(suite)]));
  }
  fs.writeFileSync(path.join(dir, 'integration.json'), JSON.stringify(vitestReport(2, 1)));
  fs.writeFileSync(path.join(dir, 'timings-integration.json'), JSON.stringify(integration));
  const e2eTest = (title: string, results: object[]) => ({ title, file: 'x.e2e.ts', tests: [{ status: 'flaky', timeout: 60000, results }] });
  fs.writeFileSync(
    path.join(dir, 'e2e.json'),
    JSON.stringify({
      stats: { expected: 0, flaky: 1, unexpected: 0, skipped: 0, startTime: new Date(1).toISOString(), duration: 1 },
      suites: [
        {
          specs: [
            e2eTest('a flaky screen', [
              {
                duration: 5,
                error: {
                  message: '\u001b[31mExpected: "Saved"\u001b[39m\nReceived: "Saving…"',
                  location: { file: path.join(repoRoot, 'test/e2e/x.e2e.ts'), line: 12 },
                },
              },
              { duration: 4 },
            ]),
          ],
        },
      ],
    }),
  );
}

function summary(dir: string): { code: number; out: string } {
  try {
    return { code: 0, out: execFileSync(process.execPath, [path.join(repoRoot, 'scripts/test-summary.mjs'), dir], { cwd: repoRoot, encoding: 'utf8' }) };
  } catch (error) {
    const failed = error as { status: number; stdout: string };
    return { code: failed.status, out: failed.stdout };
  }
}

describe('the closing summary of npm test', () => {
  it('gives the first error of every test retried or failed, and of a flaky screen, under its name', () => {
    reports = makeTempDir('statusdesk-summary-');
    const base = { suite: 'integration', file: 'test/integration/b.test.ts', durationMs: 100, timeoutMs: 90000 };
    writeReports(reports.dir, [
      {
        ...base,
        name: 'lists the outbox',
        state: 'failed',
        retries: 1,
        firstError: "expected 'queued' to match /at least once/\nat test/integration/b.test.ts:44:30",
      },
      { ...base, name: 'passed on its retry', state: 'passed', retries: 1, firstError: 'ECONNRESET' },
      { ...base, name: 'passes', state: 'passed', retries: 0 },
    ]);
    const { code, out } = summary(reports.dir);
    expect(code).toBe(1);
    expect(out).toContain('retried: 3');
    expect(out).toMatch(
      /lists the outbox {2}\(1 retry, failed\)\n {4}first error:\n {6}expected 'queued' to match \/at least once\/\n {6}at test\/integration\/b\.test\.ts:44:30/,
    );
    expect(out).toMatch(/passed on its retry {2}\(1 retry, passed on retry\)\n {4}first error:\n {6}ECONNRESET/);
    expect(out).toMatch(
      /a flaky screen {2}\(1 retry, passed on retry\)\n {4}first error:\n {6}Expected: "Saved"\n {6}Received: "Saving…"\n {6}at test\/e2e\/x\.e2e\.ts:12/,
    );
    expect(out).toContain('tests: 5 passed, 1 failed, 0 skipped');
  });

  it('names a test that failed without a retry with its error', () => {
    reports = makeTempDir('statusdesk-summary-');
    writeReports(reports.dir, [
      {
        suite: 'integration',
        name: 'fails at once',
        file: 'test/integration/c.test.ts',
        state: 'failed',
        durationMs: 1,
        timeoutMs: 5000,
        retries: 0,
        firstError: 'boom',
      },
    ]);
    expect(summary(reports.dir).out).toMatch(/failed: 1\n {2}integration {2}test\/integration\/c\.test\.ts › fails at once\n {4}error:\n {6}boom/);
  });
});

describe('a try’s error as the timing reporter keeps it', () => {
  it('keeps the message’s first lines and the first frame in the repository, not in node_modules', () => {
    const stack = [
      'Error: expected 1 to be 2',
      `    at Object.check (${process.cwd()}/node_modules/chai/index.js:1:1)`,
      `    at ${process.cwd()}/test/integration/b.test.ts:44:30`,
      `    at ${process.cwd()}/test/integration/b.test.ts:50:1`,
    ].join('\n');
    const long = Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\n');
    expect(errorText({ message: 'expected 1 to be 2', stack })).toBe('expected 1 to be 2\nat test/integration/b.test.ts:44:30');
    expect(errorText({ message: long }).split('\n')).toHaveLength(12);
  });
});

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** One test as the closing summary reads it: how long it ran against how long it was allowed, and its retries. */
export interface TestTiming {
  suite: string;
  name: string;
  file: string;
  state: string;
  durationMs: number;
  timeoutMs: number;
  retries: number;
  /** A failed or retried test's first error: its message and where in the repository it was thrown. */
  firstError?: string;
}

/** How many lines of an error the closing summary keeps: enough to say what was expected and where. */
const ERROR_LINES = 12;

/** An error as a few lines: its message, then the first frame in the repository's own code. */
export function errorText(error: { message?: string; stack?: string; diff?: string }): string {
  const message = (error.message ?? String(error)).split('\n').slice(0, ERROR_LINES);
  const ownFrame = (error.stack ?? '').split('\n').find((line) => /^\s*at /.test(line) && line.includes(process.cwd()) && !line.includes('node_modules'));
  return [...message, ...(ownFrame ? [ownFrame.trim().replace(`${process.cwd()}/`, '')] : [])].join('\n');
}

/**
 * Writes `test-results/reports/timings-<suite>.json` beside the JSON report: per test its duration, the time-out it
 * ran under, how often it was retried and, if a try failed, its first error. Vitest's JSON report has neither the
 * time-out nor the retries, nor the error of a try that a retry followed, and the closing summary needs them to
 * name every retried test, say why, and list the tests closest to their time-out.
 */
export default class TimingReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const timings: TestTiming[] = [];
    const suites = new Set<string>();
    for (const testModule of testModules) {
      const suite = (testModule.project.name || 'vitest').replace(/-(isolated|waiting|keychain)$/, '');
      suites.add(suite);
      for (const test of testModule.children.allTests()) {
        const diagnostic = test.diagnostic();
        if (!diagnostic) continue;
        // A try that failed keeps its errors even when a retry passed: the first says why it was retried.
        const firstError = test.result().errors?.[0];
        timings.push({
          suite,
          name: test.fullName,
          file: path.relative(process.cwd(), testModule.moduleId),
          state: test.result().state,
          durationMs: Math.round(diagnostic.duration),
          timeoutMs: test.options.timeout ?? 0,
          retries: diagnostic.retryCount,
          ...(firstError ? { firstError: errorText(firstError) } : {}),
        });
      }
    }
    if (suites.size === 0) return;
    const dir = path.resolve('test-results/reports');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `timings-${[...suites].sort().join('+')}.json`), JSON.stringify(timings));
  }
}

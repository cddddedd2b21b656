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
}

/**
 * Writes `test-results/reports/timings-<suite>.json` beside the JSON report: per test its duration, the time-out it
 * ran under and how often it was retried. Vitest's JSON report has neither the time-out nor the retries, and the
 * closing summary needs both to name every retried test and the tests closest to their time-out.
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
        timings.push({
          suite,
          name: test.fullName,
          file: path.relative(process.cwd(), testModule.moduleId),
          state: test.result().state,
          durationMs: Math.round(diagnostic.duration),
          timeoutMs: test.options.timeout ?? 0,
          retries: diagnostic.retryCount,
        });
      }
    }
    if (suites.size === 0) return;
    const dir = path.resolve('test-results/reports');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `timings-${[...suites].sort().join('+')}.json`), JSON.stringify(timings));
  }
}

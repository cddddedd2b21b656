import { describe, expect, it } from 'vitest';
import { benchDoc } from '../../../bench/report/bench-docs';
import type { BenchRow } from '../../../bench/report/row';

const row = (benchmark: string, pass: boolean | null): BenchRow => ({
  benchmark,
  result: 12,
  unit: 'ms',
  floor: 10,
  floorLabel: 'the floor',
  ratio: 1.2,
  budget: '≤ 1.5×',
  budgetSource: 'architecture',
  pass,
});

describe('the benchmark results page', () => {
  it("says which run it is of (commit, time, machine, load) and how many budgets held, from the run's report", () => {
    const text = benchDoc({
      startedAt: '2026-12-03T15:01:02.000Z',
      wallSeconds: 1036.4,
      quick: false,
      only: null,
      commit: 'abc1234',
      uncommitted: false,
      machine: { cpus: 2, cpuModel: 'AMD EPYC', node: 'v20.20.2', platform: 'linux 6.1', loadAverage: { atStart: [0.5, 0.6, 0.7], atEnd: [1.5, 1, 0.8] } },
      rows: [row('Poll cost', true), row('Outbox flush', false), row('A figure for context', null)],
      unavailable: [{ name: 'render', reason: 'Chromium is missing' }],
      pass: false,
    });
    expect(text).toContain('commit abc1234, 2026-12-03 15:01 UTC,');
    expect(text).toContain('1036 s on 2 cores (AMD EPYC), Node 20.20.2');
    expect(text).toContain('Load average (1, 5, 15 min) 0.5, 0.6, 0.7 at the start and 1.5, 1, 0.8 at the end');
    expect(text).toContain('1 of 2 budgets held; 1 did not (FAIL below).');
    expect(text).toMatch(/\| Outbox flush \| 12 ms \| 10 ms \(the floor\) \| 1\.2× \| ≤ 1\.5× \| FAIL \|/);
    expect(text).toContain('- render: Chromium is missing');
  });

  it('names a partial run and figures measured with uncommitted changes', () => {
    const text = benchDoc({
      startedAt: '2026-12-03T15:01:02.000Z',
      wallSeconds: 60,
      quick: true,
      only: ['outbox-offline'],
      commit: 'abc1234',
      uncommitted: true,
      machine: { cpus: 2, cpuModel: 'x', node: 'v20.20.2', platform: 'linux', loadAverage: { atStart: [1, 1, 1], atEnd: [1, 1, 1] } },
      rows: [row('Queueing offline', true)],
      unavailable: [],
      pass: true,
    });
    expect(text).toContain('`npm run bench -- --quick --only outbox-offline`: commit abc1234 with uncommitted changes');
    expect(text).toContain('1 of 1 budgets held.');
  });
});

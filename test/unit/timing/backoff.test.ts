import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../../electron/core/timing/backoff';

const at = (r: number) => () => r;

describe('the one exponential backoff', () => {
  it('doubles from the base, capped at the maximum', () => {
    const policy = { baseMs: 100, maxMs: 1_000, jitter: 0 } as const;
    expect([0, 1, 2, 3, 4, 10, 1_000].map((i) => backoffDelay(i, policy))).toEqual([100, 200, 400, 800, 1_000, 1_000, 1_000]);
    expect(backoffDelay(-3, policy)).toBe(100);
  });

  it('full jitter spreads over the whole window; equal jitter never goes below half; ±f stays near the step', () => {
    const base = { baseMs: 100, maxMs: 10_000 };
    expect(backoffDelay(2, { ...base, jitter: 'full', random: at(0) })).toBe(0);
    expect(backoffDelay(2, { ...base, jitter: 'full', random: at(0.999) })).toBe(399);
    expect(backoffDelay(2, { ...base, jitter: 'equal', random: at(0) })).toBe(200);
    expect(backoffDelay(2, { ...base, jitter: 'equal', random: at(0.5) })).toBe(300);
    expect(backoffDelay(2, { ...base, jitter: 0.2, random: at(0) })).toBe(320);
    expect(backoffDelay(2, { ...base, jitter: 0.2, random: at(1) })).toBe(480);
  });
});

import { describe, expect, it } from 'vitest';
import { retryDelayMs } from '../../../electron/core/timing/retry-policy';

const policy = (random: number) => ({ baseDelayMs: 100, maxDelayMs: 1_000, random: () => random });

describe('the HTTP clients’ retry delay', () => {
  it('is uniform in [0, base · 2^retry), capped at the maximum', () => {
    expect([0, 1, 2, 3, 4, 10].map((i) => retryDelayMs(i, policy(0.999)))).toEqual([99, 199, 399, 799, 999, 999]);
    expect(retryDelayMs(3, policy(0.5))).toBe(400);
    expect(retryDelayMs(3, policy(0))).toBe(0);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { cliTime } from '../../../electron/cli/cli-time';

/* One rule for command-line times, ISO 8601 with the offset, or UTC (Z) with --utc. */

const original = process.env.TZ;
afterEach(() => {
  process.env.TZ = original;
});

describe('command-line times', () => {
  it("prints the computer's local time with its offset, from API datetimes (UTC), ISO strings and dates", () => {
    process.env.TZ = 'Europe/Zurich';
    expect(cliTime('2026-11-24T22:15:03', false)).toBe('2026-11-24T23:15:03+01:00');
    expect(cliTime('2026-07-01T10:00:00Z', false)).toBe('2026-07-01T12:00:00+02:00');
    expect(cliTime(new Date(Date.UTC(2026, 10, 24, 22, 15, 3)), false)).toBe('2026-11-24T23:15:03+01:00');
    process.env.TZ = 'America/St_Johns';
    expect(cliTime('2026-11-24T22:15:03', false)).toBe('2026-11-24T18:45:03-03:30');
  });

  it('--utc: UTC with Z, whatever the zone', () => {
    process.env.TZ = 'Asia/Kolkata';
    expect(cliTime('2026-11-24T22:15:03', true)).toBe('2026-11-24T22:15:03Z');
    expect(cliTime('2026-11-24T22:15:03.123Z', true)).toBe('2026-11-24T22:15:03Z');
  });

  it('an empty or unreadable value', () => {
    expect(cliTime(null, false)).toBe('');
    expect(cliTime('soon', false)).toBe('soon');
  });
});

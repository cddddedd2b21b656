import { describe, expect, it } from 'vitest';
import { instantOfWallTime, quietUntil } from '../../../electron/core/alerts/routing/quiet-hours';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const NIGHT = { from: '22:00', to: '07:00' };

describe('quietUntil', () => {
  it('spans midnight when from is after to, in the destination’s zone', () => {
    // 23:30 in New York (EDT, UTC-4) on 2025-06-01: quiet until 07:00 the next morning.
    expect(iso(quietUntil(NIGHT, 'America/New_York', at('2025-06-02T03:30:00Z')))).toBe('2025-06-02T11:00:00.000Z');
    // 05:00 the next morning, the same window.
    expect(iso(quietUntil(NIGHT, 'America/New_York', at('2025-06-02T09:00:00Z')))).toBe('2025-06-02T11:00:00.000Z');
    // 07:00 sharp and 21:59 are outside.
    expect(quietUntil(NIGHT, 'America/New_York', at('2025-06-02T11:00:00Z'))).toBeNull();
    expect(quietUntil(NIGHT, 'America/New_York', at('2025-06-02T01:59:00Z'))).toBeNull();
    // The same instant is daytime in Berlin.
    expect(quietUntil(NIGHT, 'Europe/Berlin', at('2025-06-02T09:00:00Z'))).toBeNull();
  });

  it('a window within one day, and none when from equals to or there are no hours', () => {
    const lunch = { from: '12:00', to: '13:30' };
    expect(iso(quietUntil(lunch, 'Europe/Berlin', at('2025-06-02T10:15:00Z')))).toBe('2025-06-02T11:30:00.000Z');
    expect(quietUntil(lunch, 'Europe/Berlin', at('2025-06-02T11:30:00Z'))).toBeNull();
    expect(quietUntil({ from: '08:00', to: '08:00' }, 'Europe/Berlin', at('2025-06-02T06:00:00Z'))).toBeNull();
    expect(quietUntil(null, 'Europe/Berlin', at('2025-06-02T06:00:00Z'))).toBeNull();
  });

  it('New York: the night the clocks spring forward ends at 07:00 EDT, an hour earlier in UTC', () => {
    // 23:00 EST on 2025-03-08; DST starts 2025-03-09 02:00 → 03:00.
    expect(iso(quietUntil(NIGHT, 'America/New_York', at('2025-03-09T04:00:00Z')))).toBe('2025-03-09T11:00:00.000Z');
    // The night before, still standard time.
    expect(iso(quietUntil(NIGHT, 'America/New_York', at('2025-03-08T04:00:00Z')))).toBe('2025-03-08T12:00:00.000Z');
  });

  it('New York: the night the clocks fall back ends at 07:00 EST', () => {
    // 23:00 EDT on 2025-11-01; DST ends 2025-11-02 02:00 → 01:00.
    expect(iso(quietUntil(NIGHT, 'America/New_York', at('2025-11-02T03:00:00Z')))).toBe('2025-11-02T12:00:00.000Z');
  });

  it('Berlin: both changes, and an end inside the skipped hour or the repeated one', () => {
    // 2025-03-30 02:00 CET → 03:00 CEST.
    expect(iso(quietUntil(NIGHT, 'Europe/Berlin', at('2025-03-29T22:00:00Z')))).toBe('2025-03-30T05:00:00.000Z');
    // 2025-10-26 03:00 CEST → 02:00 CET.
    expect(iso(quietUntil(NIGHT, 'Europe/Berlin', at('2025-10-25T21:00:00Z')))).toBe('2025-10-26T06:00:00.000Z');
    // 02:30 does not exist on 2025-03-30: the hours end when the clock jumps to 03:00 (01:00 UTC).
    expect(iso(quietUntil({ from: '23:00', to: '02:30' }, 'Europe/Berlin', at('2025-03-29T22:30:00Z')))).toBe('2025-03-30T01:00:00.000Z');
    // 02:30 happens twice on 2025-10-26: the first one (CEST, 00:30 UTC).
    expect(iso(quietUntil({ from: '23:00', to: '02:30' }, 'Europe/Berlin', at('2025-10-25T21:30:00Z')))).toBe('2025-10-26T00:30:00.000Z');
  });

  it('instantOfWallTime round-trips an ordinary time', () => {
    expect(iso(instantOfWallTime({ year: 2025, month: 1, day: 15, minutes: 9 * 60 }, 'America/New_York'))).toBe('2025-01-15T14:00:00.000Z');
  });
});

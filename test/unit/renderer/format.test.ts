import { afterEach, describe, expect, it } from 'vitest';
import { zonedTime } from '../../../renderer/src/format';

/* Issue 16 item 7: every time in the window has its zone on hover: local time, zone name, offset from UTC. */

const original = process.env.TZ;
afterEach(() => {
  process.env.TZ = original;
});

describe('times with their zone', () => {
  it.each([
    ['America/New_York', '2026-11-24T15:04:05Z', /Eastern Standard Time \(UTC-05:00\)$/],
    ['Europe/Zurich', '2026-07-01T10:00:00Z', /Central European Summer Time \(UTC\+02:00\)$/],
    ['Asia/Kolkata', '2026-11-24T15:04:05Z', /India Standard Time \(UTC\+05:30\)$/],
    ['UTC', '2026-11-24T15:04:05Z', /\(UTC\+00:00\)$/],
  ])('in %s', (zone, iso, expected) => {
    process.env.TZ = zone;
    const text = zonedTime(iso);
    expect(text).toMatch(expected);
    expect(text).toMatch(/\d{1,2}:\d{2}:\d{2}/);
  });

  it('says nothing for no time or a broken one', () => {
    expect(zonedTime(null)).toBe('');
    expect(zonedTime('yesterday-ish')).toBe('');
  });
});

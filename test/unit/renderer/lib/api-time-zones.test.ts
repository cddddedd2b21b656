import { afterEach, describe, expect, it } from 'vitest';
import { localTime, relativeTime, setTimeZoneMode, zonedTime } from '../../../../renderer/src/lib/api-time';

/*
 * Every time in the window is read by one parser (the API's naive UTC
 * and ISO alike) and shown with its zone, in the zone the user chose: their own, the page's own, or UTC.
 */

const original = process.env.TZ;
afterEach(() => {
  process.env.TZ = original;
  setTimeZoneMode('local');
});

describe('times with their zone', () => {
  it.each([
    ['America/New_York', '2026-11-24T15:04:05Z', /Eastern Standard Time \(UTC-05:00\)$/],
    ['Europe/Zurich', '2026-07-01T10:00:00Z', /Central European Summer Time \(UTC\+02:00\)$/],
    ['Asia/Kolkata', '2026-11-24T15:04:05Z', /India Standard Time \(UTC\+05:30\)$/],
    ['Pacific/Chatham', '2026-11-24T15:04:05Z', /\(UTC\+13:45\)$/],
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
    expect(localTime(undefined)).toBe('');
  });
});

describe("the API's naive datetimes are UTC in every zone", () => {
  const now = Date.UTC(2026, 10, 27, 14, 0, 0);
  it.each(['America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'Europe/Berlin', 'UTC'])('an update posted just now reads "just now" in %s', (zone) => {
    process.env.TZ = zone;
    expect(relativeTime('2026-11-27T14:00:00', now)).toBe('just now');
    expect(relativeTime('2026-11-27T13:55:00', now)).toBe('5 min ago');
    expect(relativeTime('2026-11-27T13:55:00Z', now)).toBe('5 min ago');
    expect(relativeTime('2026-11-27T16:00:00', now)).toBe('in 2 h');
  });

  it('across a DST change: the same instant on either side of New York’s switch', () => {
    process.env.TZ = 'America/New_York';
    // 1 November 2026, 02:00 EDT becomes 01:00 EST: 05:30 and 06:30 UTC are both 01:30 on the wall clock.
    expect(zonedTime('2026-11-01T05:30:00')).toMatch(/1:30:00.*Eastern Daylight Time \(UTC-04:00\)$/);
    expect(zonedTime('2026-11-01T06:30:00')).toMatch(/1:30:00.*Eastern Standard Time \(UTC-05:00\)$/);
    expect(relativeTime('2026-11-01T05:30:00', Date.UTC(2026, 10, 1, 6, 30))).toBe('1 h ago');
    // 8 March 2026: 02:00 EST jumps to 03:00 EDT.
    expect(localTime('2026-03-08T06:59:00')).toMatch(/1:59.*EST$/);
    expect(localTime('2026-03-08T07:00:00')).toMatch(/3:00.*EDT$/);
  });
});

describe('the zone the user chose', () => {
  it('UTC shows UTC whatever the computer says', () => {
    process.env.TZ = 'Asia/Kolkata';
    setTimeZoneMode('utc');
    expect(localTime('2026-11-27T14:00:00')).toMatch(/2:00.*UTC$/);
    expect(zonedTime('2026-11-27T14:00:00')).toMatch(/\(UTC\+00:00\)$/);
  });

  it("a page's own zone when it has one, else the computer's", () => {
    process.env.TZ = 'Europe/Berlin';
    setTimeZoneMode('page');
    expect(zonedTime('2026-11-27T14:00:00', 'Asia/Kolkata')).toMatch(/7:30:00.*\(UTC\+05:30\)$/);
    expect(zonedTime('2026-11-27T14:00:00', 'Pacific/Chatham')).toMatch(/\(UTC\+13:45\)$/);
    expect(zonedTime('2026-11-27T14:00:00', null)).toMatch(/\(UTC\+01:00\)$/);
    expect(zonedTime('2026-11-27T14:00:00', 'Not/AZone')).toMatch(/\(UTC\+01:00\)$/);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { dayBuckets } from '@shared/history/day-buckets';
import type { HistorySegment } from '@shared/history/page-history';
import { dayZone, localTime, setTimeZoneMode } from '../../../../renderer/src/lib/api-time';

/*
 * With "each page's own time zone" chosen, a page's history is cut into the page's
 * days (its summary's time_zone), not the computer's, and the dialog says which zone its days are in.
 */

const original = process.env.TZ;
afterEach(() => {
  process.env.TZ = original;
  setTimeZoneMode('local');
});

const at = (iso: string) => Date.parse(iso);
const days = (segments: HistorySegment[], now: number, zone: string) => dayBuckets(segments, now, 3, zone).map((b) => [b.day, b.worst]);

describe('the zone a page history is cut in', () => {
  it("is the page's own zone when the user reads each page in its own, else the computer's or UTC", () => {
    process.env.TZ = 'America/New_York';
    setTimeZoneMode('page');
    expect(dayZone('Asia/Kolkata')).toEqual({ zone: 'Asia/Kolkata', label: "Asia/Kolkata, the page's own time zone" });
    expect(dayZone(null)).toEqual({ zone: 'America/New_York', label: "America/New_York, this computer's time zone (the page names no zone of its own)" });
    expect(dayZone('Not/AZone').zone).toBe('America/New_York');
    setTimeZoneMode('local');
    expect(dayZone('Asia/Kolkata')).toEqual({ zone: 'America/New_York', label: "America/New_York, this computer's time zone" });
    setTimeZoneMode('utc');
    expect(dayZone('Asia/Kolkata')).toEqual({ zone: 'UTC', label: 'UTC' });
  });

  it('puts a minor stretch just after midnight in Kolkata (UTC+05:30) on the Kolkata day, not the computer’s', () => {
    process.env.TZ = 'America/New_York';
    setTimeZoneMode('page');
    const now = at('2026-11-27T12:00:00Z');
    // 00:30–01:30 on 27 Nov in Kolkata is 19:00–20:00 UTC and 14:00–15:00 in New York on the 26th.
    const segments: HistorySegment[] = [
      { start: at('2026-11-25T00:00:00Z'), end: at('2026-11-26T19:00:00Z'), level: 'operational' },
      { start: at('2026-11-26T19:00:00Z'), end: at('2026-11-26T20:00:00Z'), level: 'minor' },
      { start: at('2026-11-26T20:00:00Z'), end: now, level: 'operational' },
    ];
    expect(days(segments, now, dayZone('Asia/Kolkata').zone)).toEqual([
      ['2026-11-25', 'operational'],
      ['2026-11-26', 'operational'],
      ['2026-11-27', 'minor'],
    ]);
    setTimeZoneMode('local');
    expect(days(segments, now, dayZone('Asia/Kolkata').zone)).toEqual([
      ['2026-11-25', 'operational'],
      ['2026-11-26', 'minor'],
      ['2026-11-27', 'operational'],
    ]);
  });

  it('cuts days at midnight in Pacific/Chatham (UTC+13:45 in its summer), and labels times there', () => {
    process.env.TZ = 'UTC';
    setTimeZoneMode('page');
    const zone = dayZone('Pacific/Chatham').zone;
    const now = at('2026-11-27T00:00:00Z'); // 13:45 on 27 Nov in Chatham
    const buckets = dayBuckets([], now, 2, zone);
    expect(buckets.map((b) => b.day)).toEqual(['2026-11-26', '2026-11-27']);
    // Chatham's midnight of the 27th is 10:15 UTC on the 26th.
    expect(new Date(buckets[1]!.start).toISOString()).toBe('2026-11-26T10:15:00.000Z');
    const major: HistorySegment[] = [{ start: at('2026-11-26T10:00:00Z'), end: at('2026-11-26T10:30:00Z'), level: 'major' }];
    expect(dayBuckets(major, now, 2, zone).map((b) => [b.day, b.worst, b.observedMs])).toEqual([
      ['2026-11-26', 'major', 15 * 60_000],
      ['2026-11-27', 'major', 15 * 60_000],
    ]);
    expect(localTime('2026-11-26T10:15:00Z', 'Pacific/Chatham')).toMatch(/27 Nov 2026, 00:00|Nov 27, 2026, 12:00\sAM/);
    expect(localTime('2026-11-26T10:15:00Z', 'Pacific/Chatham')).toMatch(/UTC\+13:45$/);
  });
});

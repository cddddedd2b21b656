import type { BaseLevel } from '../statuspal/levels';
import type { HistorySegment } from './page-history';
import { worseLevel } from './history-levels';
import { wallClock } from '../time/wall-clock';

/*
 * The 90-day bar: one bucket per calendar day in the user's time zone (a day of a DST change is 23 or 25
 * hours long), coloured by the worst level seen that day; a day with no observed time is `null` (hatched).
 */

interface DayBucket {
  /** YYYY-MM-DD in the time zone. */
  day: string;
  start: number;
  end: number;
  /** Null when nothing of the day was observed. */
  worst: BaseLevel | null;
  observedMs: number;
}

/** How far the zone's wall clock is ahead of UTC at `ms`. */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.mi, w.s) - Math.floor(ms / 1000) * 1000;
}

/** The instant a local calendar day begins (the first instant of that date where midnight is skipped). */
function localDayStart(y: number, m: number, d: number, timeZone: string): number {
  const wall = Date.UTC(y, m - 1, d);
  let guess = wall - zoneOffsetMs(wall, timeZone);
  guess = wall - zoneOffsetMs(guess, timeZone);
  // A zone that skips midnight (DST at 00:00) starts the day an hour later: step forward until the date is right.
  const w = wallClock(guess, timeZone);
  if (Date.UTC(w.y, w.m - 1, w.d) < wall) guess += 3_600_000;
  return guess;
}

function isoDay(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The local days from the one holding `from` to the one holding `to - 1`, in order. */
export function localDays(from: number, to: number, timeZone: string): Array<{ day: string; start: number; end: number }> {
  const first = wallClock(from, timeZone);
  const out: Array<{ day: string; start: number; end: number }> = [];
  let cursor = Date.UTC(first.y, first.m - 1, first.d);
  let start = localDayStart(first.y, first.m, first.d, timeZone);
  while (start < to) {
    const date = new Date(cursor);
    const next = new Date(cursor + 86_400_000);
    const end = localDayStart(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone);
    out.push({ day: isoDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()), start, end });
    cursor = next.getTime();
    start = end;
  }
  return out;
}

/** The last `days` local days up to and including today's, each with its worst observed level. */
export function dayBuckets(segments: readonly HistorySegment[], now: number, days: number, timeZone: string): DayBucket[] {
  const today = wallClock(now, timeZone);
  const firstDate = new Date(Date.UTC(today.y, today.m - 1, today.d) - (days - 1) * 86_400_000);
  const from = localDayStart(firstDate.getUTCFullYear(), firstDate.getUTCMonth() + 1, firstDate.getUTCDate(), timeZone);
  const buckets: DayBucket[] = localDays(from, now, timeZone).map((d) => ({ ...d, worst: null, observedMs: 0 }));
  // Segments are in time order: walk both lists once.
  let i = 0;
  for (const segment of segments) {
    while (i < buckets.length && buckets[i]!.end <= segment.start) i++;
    for (let j = i; j < buckets.length && buckets[j]!.start < segment.end; j++) {
      const bucket = buckets[j]!;
      const ms = Math.min(segment.end, bucket.end) - Math.max(segment.start, bucket.start);
      if (ms <= 0) continue;
      bucket.observedMs += ms;
      bucket.worst = bucket.worst === null ? segment.level : worseLevel(bucket.worst, segment.level);
    }
  }
  return buckets;
}

import type { AlertRule } from '@shared/alerts/alert-rule';

/*
 * Quiet hours are a wall-clock window in the destination's own IANA zone ("22:00 to 07:00 in New York"),
 * so they follow its daylight-saving changes: they end at 07:00 local time whatever the UTC offset that day.
 * `from` after `to` spans midnight; equal times are no window at all.
 */

type QuietHours = NonNullable<AlertRule['quietHours']>;

interface WallTime {
  year: number;
  month: number;
  day: number;
  minutes: number;
}

const MINUTE_MS = 60_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the zone is one the runtime knows (checked when a destination is saved). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

function wallTimeAt(epochMs: number, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(epochMs)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, minutes: parts.hour! * 60 + parts.minute! };
}

/** A wall time as if it were UTC: comparable, and the offset is its distance from the real instant. */
function wallAsUtc(wall: WallTime): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day) + wall.minutes * MINUTE_MS;
}

function offsetAt(epochMs: number, timeZone: string): number {
  const floored = Math.floor(epochMs / MINUTE_MS) * MINUTE_MS;
  return wallAsUtc(wallTimeAt(floored, timeZone)) - floored;
}

/**
 * The first instant whose wall time in the zone is `wall` or later: the earlier of two when the clock goes
 * back over it, the moment the clock jumps when it skips it (02:30 on a spring-forward night).
 */
export function instantOfWallTime(wall: WallTime, timeZone: string): number {
  const target = wallAsUtc(wall);
  const offsets = new Set([-86_400_000, 0, 86_400_000].map((shift) => offsetAt(target + shift, timeZone)));
  const candidates = [...offsets].map((offset) => target - offset);
  const exact = candidates.filter((at) => wallAsUtc(wallTimeAt(at, timeZone)) === target);
  if (exact.length > 0) return Math.min(...exact);
  // Skipped: search, by the minute, for the jump between the candidates.
  let low = Math.min(...candidates);
  let high = Math.max(...candidates);
  while (high - low > MINUTE_MS) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
    if (wallAsUtc(wallTimeAt(middle, timeZone)) >= target) high = middle;
    else low = middle;
  }
  return high;
}

const minutesOf = (clock: string): number => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** When the quiet hours around `nowMs` end, or null when `nowMs` is outside them. */
export function quietUntil(quiet: QuietHours | null, timeZone: string, nowMs: number): number | null {
  if (!quiet) return null;
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  if (from === to) return null;
  const now = wallTimeAt(nowMs, timeZone);
  const spansMidnight = from > to;
  const inside = spansMidnight ? now.minutes >= from || now.minutes < to : now.minutes >= from && now.minutes < to;
  if (!inside) return null;
  // After midnight's side of the window, it ends tomorrow.
  const endsTomorrow = spansMidnight && now.minutes >= from;
  const day = new Date(Date.UTC(now.year, now.month - 1, now.day + (endsTomorrow ? 1 : 0)));
  const end = instantOfWallTime({ year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), minutes: to }, timeZone);
  // In the hour a clock repeats, the end may already have passed once: the window is over.
  return end > nowMs ? end : null;
}

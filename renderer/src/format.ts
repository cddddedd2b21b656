import type { BaseLevel } from '@shared/statuspage/levels';

/** A short "3 min ago" for times the user scans, with the exact time in the title attribute. */
export function relativeTime(iso: string | null | undefined, nowMs = Date.now()): string {
  if (!iso) return 'never';
  const ms = nowMs - Date.parse(iso);
  if (!Number.isFinite(ms)) return 'unknown';
  const future = ms < 0;
  const seconds = Math.round(Math.abs(ms) / 1000);
  const text =
    seconds < 45
      ? `${seconds} s`
      : seconds < 3600
        ? `${Math.round(seconds / 60)} min`
        : seconds < 86_400
          ? `${Math.round(seconds / 3600)} h`
          : `${Math.round(seconds / 86_400)} d`;
  if (seconds < 5) return 'just now';
  return future ? `in ${text}` : `${text} ago`;
}

/** The user's local time, for reading; the API's datetimes are UTC. */
export function localTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * The exact moment with the user's time zone and its offset from UTC, for the hover text of every time the
 * window shows ("24 Nov 2026, 22:15:03 Central European Standard Time (UTC+01:00)").
 */
export function zonedTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
  const zone = new Intl.DateTimeFormat(undefined, { timeZoneName: 'long' }).formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? '';
  const offsetMinutes = -date.getTimezoneOffset();
  const sign = offsetMinutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, '0');
  return `${local} ${zone} (UTC${sign}${hours}:${minutes})`.replace(/\s+/g, ' ').trim();
}

export const LEVEL_TEXT: Record<BaseLevel, string> = {
  operational: 'Operational',
  scheduled: 'Maintenance',
  minor: 'Minor incident',
  major: 'Major outage',
};

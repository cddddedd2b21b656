import { apiDateTimeToEpochMs } from '@shared/statuspal/datetime';

/**
 * The one rule for times on the command line: ISO 8601 with the computer's offset (2026-11-24T23:15:03+01:00),
 * or UTC with Z under --utc. Accepts the API's naive datetimes (UTC), ISO strings and dates; a value it cannot
 * read is printed as it came.
 */
export function cliTime(value: string | Date | null | undefined, utc: boolean): string {
  if (value === null || value === undefined || value === '') return '';
  const ms = value instanceof Date ? value.getTime() : (apiDateTimeToEpochMs(value) ?? Date.parse(value));
  if (!Number.isFinite(ms)) return String(value);
  const date = new Date(ms);
  if (utc) return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const offset = -date.getTimezoneOffset();
  const local = new Date(ms + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${local}${sign}${hours}:${minutes}`;
}

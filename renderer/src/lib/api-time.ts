import { formatApiDateTime, tryParseApiDateTime } from '@shared/statuspage/datetime';

/*
 * The API's datetimes are naive UTC (`YYYY-MM-DDThh:mm:ss`); people read and type local time. These are the
 * only conversions the console uses, so `new Date(naive)` (which would read UTC as local) never appears.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** The value of an `<input type="datetime-local">` (local wall time) for an API datetime; '' when none. */
export function apiToLocalInput(value: string | null | undefined): string {
  const date = tryParseApiDateTime(value);
  if (!date) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The API datetime (UTC) of a datetime-local value, or null when the field is empty or not a time. */
export function localInputToApi(value: string): string | null {
  // `YYYY-MM-DDThh:mm[:ss]` without a zone is local time for the Date parser, which is what the field means.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : formatApiDateTime(date);
}

/** An API datetime as the user reads it, in their time zone; '' when absent or invalid. */
export function apiTimeText(value: string | null | undefined): string {
  const date = tryParseApiDateTime(value);
  return date ? date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '';
}

/** Epoch ms of an API datetime, or null. */
export function apiTimeMs(value: string | null | undefined): number | null {
  return tryParseApiDateTime(value)?.getTime() ?? null;
}

/** The user's time zone name, shown next to the time fields so nobody wonders which zone they are typing. */
export function localZoneName(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time';
  } catch {
    return 'local time';
  }
}

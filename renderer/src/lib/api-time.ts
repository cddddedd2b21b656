import { ref } from 'vue';
import { formatApiDateTime, tryParseApiDateTime } from '@shared/statuspal/datetime';
import type { TimeZoneMode } from '@shared/appearance/appearance-prefs';

/*
 * Every time the window shows goes through here. The API's datetimes are naive UTC (`YYYY-MM-DDThh:mm:ss`),
 * the app's own are ISO with Z; one parser reads both (`new Date(naive)` would read UTC as local time and
 * put a New York user's "just now" five hours in the future). People read times in the zone they chose in
 * Settings: their own (default), each page's own (the API's `time_zone`), or UTC; the zone is always shown.
 */

const displayMode = ref<TimeZoneMode>('local');

/** Set from the saved appearance preferences; every time on screen follows it (reactively). */
export function setTimeZoneMode(mode: TimeZoneMode): void {
  displayMode.value = mode;
}

export function timeZoneMode(): TimeZoneMode {
  return displayMode.value;
}

/** The IANA zone to show times in (undefined: the computer's own), for a time that belongs to a page with `pageZone`. */
export function displayZone(pageZone?: string | null): string | undefined {
  const mode = displayMode.value;
  if (mode === 'utc') return 'UTC';
  if (mode === 'page' && pageZone && isTimeZone(pageZone)) return pageZone;
  return undefined;
}

/**
 * The zone a page's days are cut in (the history's day bars) and how to say it: the page's own when the user
 * reads each page in its own zone and the page names one, UTC, else this computer's.
 */
export function dayZone(pageZone?: string | null): { zone: string; label: string } {
  const zone = displayZone(pageZone);
  if (zone === 'UTC') return { zone, label: 'UTC' };
  if (zone) return { zone, label: `${zone}, the page's own time zone` };
  const own = localZoneName();
  const missing = displayMode.value === 'page' ? ' (the page names no zone of its own)' : '';
  return { zone: own, label: `${own}, this computer's time zone${missing}` };
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Epoch ms of an API datetime (naive UTC) or an ISO time, or null. */
export function apiTimeMs(value: string | null | undefined): number | null {
  return tryParseApiDateTime(value)?.getTime() ?? null;
}

/** A short "3 min ago" / "in 2 h" for times the user scans; the exact time belongs in the hover text (zonedTime). */
export function relativeTime(value: string | null | undefined, nowMs = Date.now()): string {
  if (!value) return 'never';
  const at = apiTimeMs(value);
  if (at === null) return 'unknown';
  const ms = nowMs - at;
  const seconds = Math.round(Math.abs(ms) / 1000);
  if (seconds < 5) return 'just now';
  const text =
    seconds < 45
      ? `${seconds} s`
      : seconds < 3600
        ? `${Math.round(seconds / 60)} min`
        : seconds < 86_400
          ? `${Math.round(seconds / 3600)} h`
          : `${Math.round(seconds / 86_400)} d`;
  return ms < 0 ? `in ${text}` : `${text} ago`;
}

/** The one format for an absolute time: date, hour and minute, and the zone ("27 Nov 2026, 09:15 EST"). */
export function localTime(value: string | null | undefined, pageZone?: string | null): string {
  const at = apiTimeMs(value);
  if (at === null) return '';
  return (
    new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: displayZone(pageZone) }).format(at) +
    ` ${zoneAbbreviation(at, pageZone)}`
  );
}

/**
 * A time of the day as "14:02 CET" when it is today (in the zone shown), with its date when it is not
 * ("26 Nov, 14:02 CET"): for "last known at …", where the whole date would crowd a badge.
 */
export function clockTime(value: string | null | undefined, pageZone?: string | null, nowMs = Date.now()): string {
  const at = apiTimeMs(value);
  if (at === null) return '';
  const timeZone = displayZone(pageZone);
  const day = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
  const options: Intl.DateTimeFormatOptions =
    day(at) === day(nowMs) ? { timeStyle: 'short', timeZone } : { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone };
  return `${new Intl.DateTimeFormat(undefined, options).format(at)} ${zoneAbbreviation(at, pageZone)}`;
}

/**
 * The exact moment with its zone's name and offset from UTC, for hover text
 * ("24 Nov 2026, 22:15:03 Central European Standard Time (UTC+01:00)").
 */
export function zonedTime(value: string | null | undefined, pageZone?: string | null): string {
  const at = apiTimeMs(value);
  if (at === null) return '';
  const timeZone = displayZone(pageZone);
  const local = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium', timeZone }).format(at);
  const name = zonePart(at, 'long', timeZone);
  return `${local} ${name} (${utcOffset(at, timeZone)})`.replace(/\s+/g, ' ').trim();
}

function zonePart(at: number, style: 'long' | 'short' | 'longOffset', timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-US', { timeZoneName: style, timeZone }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/** "UTC+05:30": from Intl's "GMT+05:30" ("GMT" alone for UTC itself). */
function utcOffset(at: number, timeZone: string | undefined): string {
  const gmt = zonePart(at, 'longOffset', timeZone);
  const offset = gmt.replace(/^GMT/, '');
  return `UTC${offset === '' ? '+00:00' : offset}`;
}

/** A short zone name (EST, CET) where the locale has one, else the UTC offset ("UTC+05:30"). */
function zoneAbbreviation(at: number, pageZone?: string | null): string {
  const timeZone = displayZone(pageZone);
  const short = zonePart(at, 'short', timeZone);
  if (short === 'UTC' || /^[A-Z]{2,5}$/.test(short)) return short;
  return utcOffset(at, timeZone);
}

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

/** The user's time zone name, shown next to the time fields so nobody wonders which zone they are typing. */
export function localZoneName(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time';
  } catch {
    return 'local time';
  }
}

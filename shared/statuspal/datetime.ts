import { z } from 'zod';

/**
 * The API sends `YYYY-MM-DDThh:mm:ss` without a zone; the values are UTC. `new Date(naive)`
 * would read them as local time, so never use it on API datetimes: use these functions.
 * A zone suffix (`Z`, `+02:00`, `+0200`) and fractional seconds are accepted too.
 */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:?\d{2})?$/i;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Milliseconds since the epoch, or null when `value` is not a valid API datetime. */
export function apiDateTimeToEpochMs(value: string): number | null {
  const m = DATE_TIME.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const ms = frac ? Math.floor(Number(`0.${frac}`) * 1000) : 0;
  let epoch = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  // Date.UTC maps years 0..99 to 1900..1999; set the year explicitly.
  if (year < 100) {
    const date = new Date(epoch);
    date.setUTCFullYear(year);
    epoch = date.getTime();
  }
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offH = Number(digits.slice(0, 2));
    const offM = Number(digits.slice(2, 4));
    if (offH > 23 || offM > 59) return null;
    epoch -= sign * (offH * 60 + offM) * 60_000;
  }
  return epoch;
}

/** Parses an API datetime as UTC (or at its explicit zone). Throws RangeError when invalid. */
export function parseApiDateTime(value: string): Date {
  const epoch = apiDateTimeToEpochMs(value);
  if (epoch === null) throw new RangeError(`Not an API datetime (YYYY-MM-DDThh:mm:ss): ${JSON.stringify(value)}`);
  return new Date(epoch);
}

/** Like parseApiDateTime, but null for null, undefined or an invalid value (tolerant reads). */
export function tryParseApiDateTime(value: string | null | undefined): Date | null {
  if (typeof value !== 'string') return null;
  const epoch = apiDateTimeToEpochMs(value);
  return epoch === null ? null : new Date(epoch);
}

/** The wire form the API uses: naive UTC, whole seconds. */
export function formatApiDateTime(date: Date | number): string {
  const d = typeof date === 'number' ? new Date(date) : date;
  if (Number.isNaN(d.getTime())) throw new RangeError('Invalid date');
  return d.toISOString().slice(0, 19);
}

/** A string the API accepts as a datetime; used to validate write bodies before sending. */
export const apiDateTimeStringSchema = z
  .string()
  .refine((value) => apiDateTimeToEpochMs(value) !== null, { message: 'expected a datetime like 2024-05-01T12:00:00 (UTC)' });

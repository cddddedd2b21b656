import { apiDateTimeToEpochMs } from '../statuspal/datetime';

/** Unix seconds from now on this side of 1e11 are seconds; larger integers are almost surely milliseconds. */
const MAX_UNIX_SECONDS = 99_999_999_999;

type MetricTime = { ok: true; seconds: number } | { ok: false; message: string };

/**
 * The time of a data point as typed or pasted: unix seconds (`1717243200`) or an ISO 8601 time
 * (`2024-06-01T12:00:00Z`, an offset, or no zone = UTC as everywhere in the API; a space may replace the T).
 * The API takes whole unix seconds; fractions are cut.
 */
export function parseMetricTime(raw: string): MetricTime {
  const text = raw.trim();
  if (text === '') return { ok: false, message: 'the time is empty' };
  if (/^\d+$/.test(text)) {
    const seconds = Number(text);
    if (seconds > MAX_UNIX_SECONDS) return { ok: false, message: `"${text}" looks like milliseconds; use unix seconds` };
    return { ok: true, seconds };
  }
  const iso = /^\d{4}-\d{2}-\d{2} \d/.test(text) ? text.replace(' ', 'T') : text;
  const withSeconds = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?:Z|[+-]\d{2}:?\d{2})?$/i.test(iso) ? iso.replace(/^(.{16})/, '$1:00') : iso;
  const ms = apiDateTimeToEpochMs(withSeconds);
  if (ms === null || ms < 0) {
    return { ok: false, message: `"${shorten(text)}" is not a time: use unix seconds or ISO 8601, such as 2025-06-01T12:00:00Z` };
  }
  return { ok: true, seconds: Math.floor(ms / 1000) };
}

/** A data point's value: a plain decimal number (no thousands separators, no units). */
export function parseMetricValue(raw: string): { ok: true; value: number } | { ok: false; message: string } {
  const text = raw.trim();
  if (!/^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/.test(text)) {
    return { ok: false, message: text === '' ? 'the value is empty' : `"${shorten(text)}" is not a number` };
  }
  const value = Number(text);
  return Number.isFinite(value) ? { ok: true, value } : { ok: false, message: `"${shorten(text)}" is too large` };
}

function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

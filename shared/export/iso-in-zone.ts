import { wallClock } from '../time/wall-clock';

/**
 * An instant as ISO 8601 with the offset of `zone` at that instant ("2026-12-01T19:38:14-05:00"), or with `Z` for
 * UTC: a spreadsheet, a script and a person all read the same moment from it, whatever zone they are in.
 */
export function isoInZone(epochMs: number, zone: string): string {
  if (zone === 'UTC' || zone === 'Etc/UTC') return `${new Date(epochMs).toISOString().slice(0, 19)}Z`;
  const c = wallClock(epochMs, zone);
  const wall = Date.UTC(c.y, c.m - 1, c.d, c.h, c.mi, c.s);
  const offsetMin = Math.round((wall - Math.floor(epochMs / 1000) * 1000) / 60_000);
  if (offsetMin === 0) return `${new Date(epochMs).toISOString().slice(0, 19)}Z`;
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${c.y}-${two(c.m)}-${two(c.d)}T${two(c.h)}:${two(c.mi)}:${two(c.s)}${offset}`;
}

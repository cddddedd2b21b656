/**
 * An instant as ISO 8601 with the offset of `zone` at that instant ("2026-12-01T19:38:14-05:00"), or with `Z` for
 * UTC: a spreadsheet, a script and a person all read the same moment from it, whatever zone they are in.
 */
export function isoInZone(epochMs: number, zone: string): string {
  if (zone === 'UTC' || zone === 'Etc/UTC') return `${new Date(epochMs).toISOString().slice(0, 19)}Z`;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(epochMs)
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  const offsetMin = Math.round((wall - Math.floor(epochMs / 1000) * 1000) / 60_000);
  if (offsetMin === 0) return `${new Date(epochMs).toISOString().slice(0, 19)}Z`;
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

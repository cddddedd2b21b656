import { decodeEntities } from './feed-xml';

/*
 * The newest update of a feed entry's HTML body. A body holding a whole incident stamps each update with its time,
 * and publishers list them in different orders:
 * - Statuspage (history.rss / .atom): newest first, "<small>Oct 21, 17:39 UTC</small><br><strong>Resolved</strong> - …";
 * - Instatus (history.rss / .atom): "Type:", "Duration:" and "Affected Components:" paragraphs first, then updates
 *   stamped "<small>Sep 25, 16:01:05 GMT+0</small>": oldest first in Northflank's RSS, newest first in Perplexity's
 *   Atom, and an Atom entry's <updated> may be the first update's time, not the last's.
 * So the newest update is the one stamped latest, whatever its place; a body without stamps is read by its first
 * paragraph (feed-words.ts). A stamp has no year: it is the year that puts it nearest the entry's own date.
 */

interface NewestUpdate {
  /** The update's HTML, from its stamp to the next update's. */
  html: string;
  /** Its stamp's time, ISO. */
  at: string;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const STAMP =
  /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2}),\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(?:UTC|GMT(?:\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?)?)(?![\w+-])/gi;

/** Instatus writes its content:encoded updates entity-escaped inside CDATA; such a body is unescaped once. */
export function unescapedBody(html: string): string {
  return /&lt;\/?(p|small|strong|br)\b/i.test(html) ? decodeEntities(html) : html;
}

function stampTime(match: RegExpExecArray, reference: number): number {
  const [, month, day, hour, minute, second, sign, offsetHours, offsetMinutes] = match;
  const offset = (sign === '-' ? -1 : 1) * (Number(offsetHours ?? 0) * 60 + Number(offsetMinutes ?? 0)) * 60_000;
  const at = (year: number) =>
    Date.UTC(year, MONTHS.indexOf(month!.slice(0, 3).toLowerCase()), Number(day), Number(hour), Number(minute), Number(second ?? 0)) - offset;
  const year = new Date(reference).getUTCFullYear();
  return [year - 1, year, year + 1].map(at).reduce((best, t) => (Math.abs(t - reference) < Math.abs(best - reference) ? t : best));
}

/** The latest stamped update of `bodyHtml`, or null when it stamps none. `entryDate` (ISO) places the stamps' year. */
export function newestUpdate(bodyHtml: string, entryDate: string): NewestUpdate | null {
  const body = bodyHtml.replace(/<\/?var\b[^>]*>/gi, '');
  const reference = Date.parse(entryDate);
  if (!Number.isFinite(reference)) return null;
  const stamps = [...body.matchAll(STAMP)].map((match) => ({ index: match.index, time: stampTime(match, reference) }));
  if (stamps.length === 0) return null;
  const updates = stamps.map((stamp, i) => ({ html: body.slice(stamp.index, stamps[i + 1]?.index), time: stamp.time }));
  // Updates stamped alike: the one the document lists as newer (after, when it lists them oldest first).
  if (updates.length > 1 && updates[updates.length - 1]!.time > updates[0]!.time) updates.reverse();
  const newest = updates.reduce((best, update) => (update.time > best.time ? update : best));
  return { html: newest.html, at: new Date(newest.time).toISOString() };
}

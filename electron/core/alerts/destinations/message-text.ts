import type { AlertChange, AlertMessage } from '@shared/alerts/alert-message';

/*
 * The words every destination shares: a change on one line, the time it was seen in the destination's own
 * zone (the team reads its own clock, not this computer's), and a cap on long texts.
 */

/** "14:05 CET, 2 Dec" in `timeZone`; the ISO time when the zone is unknown. */
export function timeIn(at: string, timeZone: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  try {
    return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', day: 'numeric', month: 'short', timeZoneName: 'short' }).format(
      date,
    );
  } catch {
    return date.toISOString();
  }
}

/** "Acme Cloud: Major outage: Logins fail (API, Web)". */
export function changeLine(change: AlertChange): string {
  const services = change.services.length > 0 ? ` (${change.services.slice(0, 5).join(', ')}${change.services.length > 5 ? ', …' : ''})` : '';
  return `${change.pageName}: ${change.headline}${services}`;
}

/** The link people open for a change: the incident's, else the page's. */
export function changeLink(change: AlertChange): string | null {
  return change.subject?.url ?? change.pageUrl;
}

export function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** At most `max` changes are spelled out; the rest are counted. */
export function shownChanges(message: AlertMessage, max: number): { shown: AlertChange[]; more: number } {
  return { shown: message.changes.slice(0, max), more: Math.max(0, message.changes.length - max) };
}

export function testPrefix(message: AlertMessage): string {
  return message.test ? '[Test] ' : '';
}

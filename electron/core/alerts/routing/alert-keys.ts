import { stableId } from '@shared/monitor/event-id';
import type { AlertChange } from '@shared/alerts/alert-message';

/*
 * Keys two watchers agree on without talking to each other: made only of what both read from the page (its id
 * in the shared settings, the subject's id, the phase, the update's id or time), never of a poll time or a
 * random id. PagerDuty's dedup_key is the incident key, so a trigger and its resolve meet, and the second
 * watcher's trigger is folded into the first.
 */

/** Page-level changes (the page or its services changed level without an incident) share the page's key. */
export function incidentKeyOf(pageId: string, subject: AlertChange['subject']): string {
  if (subject === null) return pageId;
  // A maintenance is an incident of a scheduled type and may become one: one id space, one key.
  return subject.kind === 'notice' ? `${pageId}:notice:${subject.id}` : `${pageId}:${subject.id}`;
}

/** The key of one change: the same change read by two watchers gets the same key. */
export function messageKeyOf(pageId: string, subject: AlertChange['subject'], phase: AlertChange['phase'], version: string): string {
  return `alert-${stableId([pageId, subject?.kind ?? 'page', subject?.id ?? '', phase, version])}`;
}

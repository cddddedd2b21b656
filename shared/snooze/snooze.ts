import { z } from 'zod';
import type { MonitorEvent } from '../monitor/events';
import { isoTimeSchema } from '../monitor/iso-time';
import { serviceAncestorIndex } from '../monitor/refs';
import type { ServiceSnapshot } from '../monitor/snapshot';

/*
 * Snooze: quiet a page, one of its services or one incident for a chosen time. While it lasts its events are
 * not notified and it does not colour the tray (like a muted page, but it ends by itself: snooze-tray.ts). The
 * history and the dashboard still show everything: a snooze quiets the calls for attention, never the facts.
 */

export const SNOOZE_CHOICES_MIN = [15, 60, 240, 480, 1440] as const;

/** A snooze's length as a menu or a list says it: "15 minutes", "1 hour", "8 hours", "1 day". */
export function snoozeLengthWords(minutes: number): string {
  if (minutes < 60) return `${minutes} minutes`;
  if (minutes < 1440) return `${minutes / 60} hour${minutes === 60 ? '' : 's'}`;
  return `${minutes / 1440} day${minutes === 1440 ? '' : 's'}`;
}
/** A week at most: longer is a mute, which the user turns off on purpose. */
const MAX_SNOOZE_MIN = 7 * 24 * 60;

export const snoozeTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('page') }),
  z.object({ kind: z.literal('service'), serviceId: z.number().int() }),
  z.object({ kind: z.literal('incident'), incidentId: z.number().int() }),
]);
export type SnoozeTarget = z.infer<typeof snoozeTargetSchema>;

export const snoozeSchema = z.object({
  id: z.string().max(100),
  pageId: z.string().max(200),
  target: snoozeTargetSchema,
  /** What is snoozed, in words ("Acme", "Acme › Database", "Database unavailable"). */
  label: z.string().max(300),
  until: isoTimeSchema,
});
export type Snooze = z.infer<typeof snoozeSchema>;

export const snoozeRequestSchema = z.object({
  pageId: z.string().min(1).max(200),
  target: snoozeTargetSchema,
  label: z.string().min(1).max(300),
  minutes: z.number().int().min(1).max(MAX_SNOOZE_MIN),
});
export type SnoozeRequest = z.infer<typeof snoozeRequestSchema>;

export function activeSnoozes(snoozes: readonly Snooze[], nowMs: number): Snooze[] {
  return snoozes.filter((snooze) => Date.parse(snooze.until) > nowMs);
}

/** The snooze that covers this target now (the longest one), or null. */
export function snoozeOf(snoozes: readonly Snooze[], pageId: string, target: SnoozeTarget, nowMs: number): Snooze | null {
  const same = activeSnoozes(snoozes, nowMs).filter((snooze) => snooze.pageId === pageId && sameTarget(snooze.target, target));
  return same.sort((a, b) => Date.parse(b.until) - Date.parse(a.until))[0] ?? null;
}

function sameTarget(a: SnoozeTarget, b: SnoozeTarget): boolean {
  if (a.kind === 'service' && b.kind === 'service') return a.serviceId === b.serviceId;
  if (a.kind === 'incident' && b.kind === 'incident') return a.incidentId === b.incidentId;
  return a.kind === b.kind;
}

/**
 * Whether a service is covered by the service snoozes of its page: snoozed itself, or under a snoozed one (a
 * Statuspage component group: its incidents list only the child services, so a group's snooze must cover them).
 * `services` is the page's latest service tree; without it only the ids themselves are known.
 */
export function serviceSnoozeCover(snoozedIds: ReadonlySet<number>, services: readonly ServiceSnapshot[] = []): (serviceId: number) => boolean {
  if (snoozedIds.size === 0) return () => false;
  const ancestors = serviceAncestorIndex(services);
  return (serviceId) => snoozedIds.has(serviceId) || (ancestors.get(serviceId) ?? []).some((parent) => snoozedIds.has(parent));
}

/** The service ids snoozed by these snoozes (of one page). */
export function snoozedServiceIds(snoozes: readonly Snooze[]): Set<number> {
  return new Set(snoozes.flatMap((snooze) => (snooze.target.kind === 'service' ? [snooze.target.serviceId] : [])));
}

/**
 * Whether a snooze quiets this event: any event of a snoozed page; an incident, maintenance or notice that is
 * snoozed itself, or whose services are all snoozed (or under a snoozed group of `services`, the page's tree); a
 * service change of a snoozed service (or under one). Page level changes are left to the caller's rule that a
 * consequence of quieted events is quiet too.
 */
export function snoozeSilences(snoozes: readonly Snooze[], pageId: string, event: MonitorEvent, nowMs: number, services?: readonly ServiceSnapshot[]): boolean {
  const here = activeSnoozes(snoozes, nowMs).filter((snooze) => snooze.pageId === pageId);
  if (here.length === 0) return false;
  if (here.some((snooze) => snooze.target.kind === 'page')) return true;
  const serviceIds = snoozedServiceIds(here);
  const covered = serviceSnoozeCover(serviceIds, services);
  const incidents = new Set(here.flatMap((snooze) => (snooze.target.kind === 'incident' ? [snooze.target.incidentId] : [])));
  const allSnoozed = (ids: readonly number[]) => serviceIds.size > 0 && ids.length > 0 && ids.every(covered);
  if ('incident' in event) return incidents.has(event.incident.id) || allSnoozed(event.incident.serviceIds);
  if (event.type === 'service.level_changed') return covered(event.service.id) || event.service.ancestors.some((parent) => serviceIds.has(parent.id));
  if ('notice' in event) return allSnoozed(event.notice.serviceIds);
  return false;
}

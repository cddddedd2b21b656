import { z } from 'zod';
import type { MonitorEvent } from '../monitor/events';
import { isoTimeSchema } from '../monitor/iso-time';
import { worstIconState, type TrayModel } from '../monitor/tray';

/*
 * Snooze: quiet a page, one of its services or one incident for a chosen time. While it lasts its events are
 * not notified and a snoozed page does not colour the tray (like a muted page, but it ends by itself). The
 * history and the dashboard still show everything: a snooze quiets the calls for attention, never the facts.
 */

export const SNOOZE_CHOICES_MIN = [15, 60, 240, 480, 1440] as const;
/** A week at most: longer is a mute, which the user turns off on purpose. */
export const MAX_SNOOZE_MIN = 7 * 24 * 60;

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
 * Whether a snooze quiets this event: any event of a snoozed page; an incident, maintenance or notice that is
 * snoozed itself, or whose services are all snoozed; a service change of a snoozed service (or under one).
 * Page level changes are left to the caller's rule that a consequence of quieted events is quiet too.
 */
export function snoozeSilences(snoozes: readonly Snooze[], pageId: string, event: MonitorEvent, nowMs: number): boolean {
  const here = activeSnoozes(snoozes, nowMs).filter((snooze) => snooze.pageId === pageId);
  if (here.length === 0) return false;
  if (here.some((snooze) => snooze.target.kind === 'page')) return true;
  const services = new Set(here.flatMap((snooze) => (snooze.target.kind === 'service' ? [snooze.target.serviceId] : [])));
  const incidents = new Set(here.flatMap((snooze) => (snooze.target.kind === 'incident' ? [snooze.target.incidentId] : [])));
  const allSnoozed = (ids: readonly number[]) => services.size > 0 && ids.length > 0 && ids.every((id) => services.has(id));
  if ('incident' in event) return incidents.has(event.incident.id) || allSnoozed(event.incident.serviceIds);
  if (event.type === 'service.level_changed') return services.has(event.service.id) || event.service.ancestors.some((parent) => services.has(parent.id));
  if ('notice' in event) return allSnoozed(event.notice.serviceIds);
  return false;
}

/**
 * The tray with snoozed pages quiet: listed as snoozed until when, and not colouring the icon (the icon is the
 * worst of the pages neither muted nor snoozed, as for muted pages).
 */
export function trayWithSnoozes(
  model: TrayModel,
  snoozes: readonly Snooze[],
  nowMs: number,
  format: (epochMs: number) => string = (epochMs) => `${new Date(epochMs).toISOString().slice(11, 16)} UTC`,
): TrayModel {
  const pages = new Map(activeSnoozes(snoozes, nowMs).flatMap((snooze) => (snooze.target.kind === 'page' ? [[snooze.pageId, snooze] as const] : [])));
  if (pages.size === 0) return model;
  const menu = model.menu.map((item) => {
    const snooze = item.kind === 'page' ? pages.get(item.pageId) : undefined;
    if (item.kind !== 'page' || !snooze || item.muted) return item;
    return { ...item, muted: true, label: `${item.label} (snoozed until ${format(Date.parse(snooze.until))})` };
  });
  const icon = worstIconState(menu.flatMap((item) => (item.kind === 'page' && !item.muted ? [item.state] : [])));
  return { ...model, icon, menu };
}

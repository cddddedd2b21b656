import { stableId } from './event-id';
import type { IncidentChange, IncidentRef, LevelChange, MonitorEvent, PageRef } from './events';
import { incidentRef, indexServices, noticeRef, serviceRef, type IndexedService } from './refs';
import type { IncidentSnapshot, NoticeSnapshot, PageSnapshot, ServiceSnapshot } from './snapshot';

/*
 * Pure diff of two snapshots of the same page into monitor events. Items are matched by id within
 * each list (the API's own example reuses one id in all three incident lists), and moves between
 * lists are transitions: upcoming → active is maintenance.started, an incident that shows up as
 * a maintenance is incident.resolved (became_maintenance) + maintenance.started, and so on.
 * Not events: edits of an existing update's text, new or removed services, notice edits.
 */

interface DiffContext {
  page: PageRef;
  /** ISO instant of the poll that produced `next`. */
  at: string;
  /** Mark the events as detected after a stale period. */
  catchUp?: boolean;
}

/**
 * Lists of one summary hold a handful of items: a linear scan beats building maps. The first
 * item with an id wins (the API's own example lists one id twice).
 */
class ById<T extends { id: number }> {
  constructor(readonly items: readonly T[]) {}

  get(id: number): T | undefined {
    const items = this.items;
    for (let i = 0; i < items.length; i++) if (items[i]!.id === id) return items[i];
    return undefined;
  }

  has(id: number): boolean {
    return this.get(id) !== undefined;
  }

  /** Each id once, first occurrence. */
  *values(): IterableIterator<T> {
    const items = this.items;
    for (let i = 0; i < items.length; i++) {
      const item = items[i]!;
      if (this.get(item.id) === item) yield item;
    }
  }
}

type IncidentMap = ById<IncidentSnapshot>;

function byId<T extends { id: number }>(items: readonly T[]): ById<T> {
  return new ById(items);
}

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Updates of `next` whose id `prev` did not have. */
function countNewUpdates(prev: readonly number[], next: readonly number[]): number {
  if (sameIds(prev, next)) return 0;
  const seen = new Set(prev);
  let count = 0;
  for (const id of next) if (!seen.has(id)) count++;
  return count;
}

function changesOf(prev: IncidentSnapshot, next: IncidentSnapshot, withSchedule: boolean): { changes: IncidentChange[]; newUpdates: number } {
  const changes: IncidentChange[] = [];
  const newUpdates = countNewUpdates(prev.updateIds, next.updateIds);
  if (newUpdates > 0) changes.push('update');
  if (prev.type !== next.type) changes.push('type');
  if (prev.title !== next.title) changes.push('title');
  if (withSchedule && (prev.startsAt !== next.startsAt || prev.endsAt !== next.endsAt)) changes.push('schedule');
  return { changes, newUpdates };
}

interface ServiceChange {
  before: ServiceSnapshot;
  after: IndexedService;
}

/**
 * Services whose level changed. The tree almost never changes shape between polls, so it is
 * walked side by side without building maps; a different shape falls back to matching by id.
 */
function serviceLevelChanges(prev: readonly ServiceSnapshot[], next: readonly ServiceSnapshot[]): ServiceChange[] {
  const changes: ServiceChange[] = [];
  const ancestors: { id: number; name: string }[] = [];
  let seen: Set<number> | null = null;
  const walk = (a: readonly ServiceSnapshot[], b: readonly ServiceSnapshot[]): boolean => {
    if (a.length !== b.length) return false;
    for (let i = 0; i < b.length; i++) {
      const before = a[i]!;
      const after = b[i]!;
      if (before.id !== after.id) return false;
      if (after.id !== null && before.level !== after.level) {
        seen ??= new Set();
        if (!seen.has(after.id)) {
          seen.add(after.id);
          changes.push({ before, after: { node: after, ancestors: ancestors.slice() } });
        }
      }
      if (after.children.length > 0 || before.children.length > 0) {
        if (after.id !== null) ancestors.push({ id: after.id, name: after.name });
        const same = walk(before.children, after.children);
        if (after.id !== null) ancestors.pop();
        if (!same) return false;
      }
    }
    return true;
  };
  if (walk(prev, next)) return changes;
  const prevIndex = indexServices(prev);
  const out: ServiceChange[] = [];
  for (const entry of indexServices(next).values()) {
    const before = prevIndex.get(entry.node.id as number);
    if (before && before.node.level !== entry.node.level) out.push({ before: before.node, after: entry });
  }
  return out;
}

export function diffSnapshots(prev: PageSnapshot, next: PageSnapshot, context: DiffContext): MonitorEvent[] {
  const events: MonitorEvent[] = [];
  const { page, at } = context;
  const catchUp = context.catchUp === true ? { catchUp: true } : {};
  const pageLevel: LevelChange = { from: prev.level, to: next.level };
  const id = (...parts: Array<string | number | null>) => stableId([page.id, at, ...parts]);

  if (prev.level !== next.level) {
    events.push({
      type: 'page.level_changed',
      id: id('page.level_changed', prev.level, next.level),
      at,
      page,
      ...catchUp,
      from: prev.level,
      to: next.level,
      fromType: prev.currentType,
      toType: next.currentType,
    });
  }

  const prevInc: IncidentMap = byId(prev.incidents);
  const prevAct: IncidentMap = byId(prev.maintenances);
  const prevUp: IncidentMap = byId(prev.upcomingMaintenances);
  const nextInc: IncidentMap = byId(next.incidents);
  const nextAct: IncidentMap = byId(next.maintenances);
  const nextUp: IncidentMap = byId(next.upcomingMaintenances);

  const opened = (item: IncidentSnapshot) =>
    events.push({ type: 'incident.opened', id: id('incident.opened', item.id), at, page, ...catchUp, incident: incidentRef(item, 'incident'), pageLevel });
  const resolved = (item: IncidentSnapshot, reason: 'resolved' | 'disappeared' | 'became_maintenance') =>
    events.push({
      type: 'incident.resolved',
      id: id('incident.resolved', item.id, reason),
      at,
      page,
      ...catchUp,
      incident: incidentRef(item, 'incident'),
      reason,
      pageLevel,
    });
  const updated = (before: IncidentSnapshot, item: IncidentSnapshot, list: 'incidents' | 'maintenances' | 'upcoming') => {
    const kind: IncidentRef['kind'] = list === 'incidents' ? 'incident' : 'maintenance';
    const { changes, newUpdates } = changesOf(before, item, list !== 'incidents');
    if (changes.length === 0) return;
    events.push({
      type: 'incident.updated',
      id: id('incident.updated', list, item.id, item.latestUpdate?.id ?? null, changes.join(',')),
      at,
      page,
      ...catchUp,
      incident: incidentRef(item, kind),
      changes,
      newUpdates,
      previous: { type: before.type, level: before.level, title: before.title, startsAt: before.startsAt, endsAt: before.endsAt },
      pageLevel,
    });
  };
  const scheduled = (item: IncidentSnapshot) =>
    events.push({
      type: 'maintenance.scheduled',
      id: id('maintenance.scheduled', item.id),
      at,
      page,
      ...catchUp,
      incident: incidentRef(item, 'maintenance'),
      pageLevel,
    });
  const started = (item: IncidentSnapshot, previously: 'upcoming' | 'incident' | 'none') =>
    events.push({
      type: 'maintenance.started',
      id: id('maintenance.started', item.id, previously),
      at,
      page,
      ...catchUp,
      incident: incidentRef(item, 'maintenance'),
      previously,
      pageLevel,
    });
  const ended = (item: IncidentSnapshot, reason: 'ended' | 'completed' | 'cancelled' | 'became_incident' | 'rescheduled') =>
    events.push({
      type: 'maintenance.ended',
      id: id('maintenance.ended', item.id, reason),
      at,
      page,
      ...catchUp,
      incident: incidentRef(item, 'maintenance'),
      reason,
      pageLevel,
    });

  // Incidents.
  for (const item of nextInc.values()) {
    const before = prevInc.get(item.id);
    if (before) {
      if (!before.resolved && item.resolved) resolved(item, 'resolved');
      else if (before.resolved && !item.resolved)
        opened(item); // its resolving update was removed: open again
      else if (!item.resolved) updated(before, item, 'incidents');
    } else {
      opened(item);
      // Opened and resolved between two polls: the summary still lists it, closed.
      if (item.resolved) resolved(item, 'resolved');
    }
  }
  for (const before of prevInc.values()) {
    if (nextInc.has(before.id) || before.resolved) continue;
    resolved(before, nextAct.has(before.id) || nextUp.has(before.id) ? 'became_maintenance' : 'disappeared');
  }

  // Active maintenances.
  for (const item of nextAct.values()) {
    const before = prevAct.get(item.id);
    if (before) {
      if (!before.resolved && item.resolved) ended(item, 'completed');
      else if (before.resolved && !item.resolved) started(item, 'none');
      else if (!item.resolved) updated(before, item, 'maintenances');
    } else if (!item.resolved) {
      started(item, prevUp.has(item.id) ? 'upcoming' : prevInc.has(item.id) ? 'incident' : 'none');
    }
  }
  for (const before of prevAct.values()) {
    if (nextAct.has(before.id) || before.resolved) continue;
    ended(before, nextInc.has(before.id) ? 'became_incident' : nextUp.has(before.id) ? 'rescheduled' : 'ended');
  }

  // Upcoming maintenances.
  for (const item of nextUp.values()) {
    const before = prevUp.get(item.id);
    if (before) {
      if (!before.resolved && item.resolved) ended(item, 'cancelled');
      else if (!item.resolved) updated(before, item, 'upcoming');
    } else if (!item.resolved) {
      scheduled(item);
    }
  }
  for (const before of prevUp.values()) {
    if (nextUp.has(before.id) || nextAct.has(before.id) || before.resolved) continue;
    ended(before, nextInc.has(before.id) ? 'became_incident' : 'cancelled');
  }

  // Information notices.
  if (prev.infoNotices.length > 0 || next.infoNotices.length > 0) {
    const prevNotices: ById<NoticeSnapshot> = byId(prev.infoNotices);
    const nextNotices: ById<NoticeSnapshot> = byId(next.infoNotices);
    for (const item of nextNotices.values()) {
      if (!prevNotices.has(item.id))
        events.push({ type: 'notice.posted', id: id('notice.posted', item.id), at, page, ...catchUp, notice: noticeRef(item), pageLevel });
    }
    for (const item of prevNotices.values()) {
      if (!nextNotices.has(item.id))
        events.push({ type: 'notice.removed', id: id('notice.removed', item.id), at, page, ...catchUp, notice: noticeRef(item), pageLevel });
    }
  }

  // Services, nested ones included; last because they explain rather than announce.
  for (const change of serviceLevelChanges(prev.services, next.services)) {
    const { before, after } = change;
    events.push({
      type: 'service.level_changed',
      id: id('service.level_changed', after.node.id, before.level, after.node.level),
      at,
      page,
      ...catchUp,
      service: serviceRef(after),
      from: before.level,
      to: after.node.level,
      fromType: before.currentType,
      toType: after.node.currentType,
    });
  }
  return events;
}

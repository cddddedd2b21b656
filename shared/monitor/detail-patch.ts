import type { DetailDelta } from './dashboard-patch';
import type { PageSnapshot, ServiceSnapshot } from './snapshot';

/*
 * A page's detail (its PageSnapshot) as changes: what the main process sends when a poll changed the page,
 * and how the renderer applies it to the detail it holds. Items are compared by id and whole (they are
 * small); the service tree sends only the nodes whose level moved unless its shape changed.
 */

type ListKey = 'incidents' | 'maintenances' | 'upcomingMaintenances' | 'infoNotices';
const LISTS: readonly ListKey[] = ['incidents', 'maintenances', 'upcomingMaintenances', 'infoNotices'];
type Item = { id: number };
type ListDelta<T> = { upsert: T[]; remove: number[]; order?: number[] };

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

function diffList<T extends Item>(prev: readonly T[], next: readonly T[]): ListDelta<T> | undefined {
  if (prev === next) return undefined;
  const before = new Map(prev.map((item) => [item.id, item]));
  const upsert = next.filter((item) => !same(before.get(item.id), item));
  const nextIds = new Set(next.map((item) => item.id));
  const remove = prev.filter((item) => !nextIds.has(item.id)).map((item) => item.id);
  const kept = prev.filter((item) => nextIds.has(item.id));
  const keptInNext = next.filter((item) => before.has(item.id));
  // The order is needed when an item is new (where does it go?) or the kept ones moved.
  const moved = keptInNext.length !== next.length || kept.some((item, i) => keptInNext[i]!.id !== item.id);
  const order = next.map((item) => item.id);
  if (upsert.length === 0 && remove.length === 0 && !moved) return undefined;
  return { upsert, remove, ...(moved ? { order } : {}) };
}

function applyList<T extends Item>(prev: readonly T[], delta: ListDelta<T> | undefined): T[] {
  if (!delta) return prev as T[];
  const byId = new Map(prev.map((item) => [item.id, item]));
  for (const id of delta.remove) byId.delete(id);
  for (const item of delta.upsert) byId.set(item.id, item);
  if (delta.order) return delta.order.map((id) => byId.get(id)).filter((item): item is T => item !== undefined);
  // Same order as before, changed items in place.
  return prev.filter((item) => byId.has(item.id)).map((item) => byId.get(item.id)!);
}

type LevelChange = { id: number; currentType: string | null; level: ServiceSnapshot['level'] };

/** Level changes of a tree that kept its shape; null when the shape (ids, names, nesting) changed. */
function serviceLevelChanges(prev: readonly ServiceSnapshot[], next: readonly ServiceSnapshot[], out: LevelChange[]): LevelChange[] | null {
  if (prev.length !== next.length) return null;
  for (let i = 0; i < next.length; i++) {
    const a = prev[i]!;
    const b = next[i]!;
    if (a.id !== b.id || a.name !== b.name || b.id === null) return null;
    if (a.level !== b.level || a.currentType !== b.currentType) out.push({ id: b.id, currentType: b.currentType, level: b.level });
    if (serviceLevelChanges(a.children, b.children, out) === null) return null;
  }
  return out;
}

function applyLevels(services: readonly ServiceSnapshot[], changes: ReadonlyMap<number, LevelChange>): ServiceSnapshot[] {
  return services.map((s) => {
    const change = s.id === null ? undefined : changes.get(s.id);
    const children = s.children.length ? applyLevels(s.children, changes) : s.children;
    if (!change && children === s.children) return s;
    return { ...s, ...(change ? { currentType: change.currentType, level: change.level } : {}), children };
  });
}

function headerOf(s: PageSnapshot): NonNullable<DetailDelta['header']> {
  return {
    name: s.name,
    subdomain: s.subdomain,
    url: s.url,
    timeZone: s.timeZone,
    currentType: s.currentType,
    level: s.level,
    hasStatusType: s.hasStatusType,
    customTypes: s.customTypes,
    ...(s.elsewhere ? { elsewhere: s.elsewhere } : {}),
  };
}

/**
 * What changed from `prev` to `next` (both summaries of the same page); `since` is the detail version `prev`
 * was at. Null when nothing did.
 */
export function diffDetail(prev: PageSnapshot, next: PageSnapshot, since: number): DetailDelta | null {
  if (prev === next) return null;
  const delta: DetailDelta = { since };
  let changed = false;
  const header = headerOf(next);
  if (!same(headerOf(prev), header)) {
    delta.header = header;
    changed = true;
  }
  for (const key of LISTS) {
    const list = diffList<Item>(prev[key], next[key]);
    if (list) {
      (delta as Record<ListKey, unknown>)[key] = list;
      changed = true;
    }
  }
  if (prev.services !== next.services) {
    const levels = serviceLevelChanges(prev.services, next.services, []);
    if (levels === null) {
      delta.services = next.services;
      changed = true;
    } else if (levels.length > 0) {
      delta.serviceLevels = levels;
      changed = true;
    }
  }
  return changed ? delta : null;
}

/** The detail after `delta`; the caller checks that `summary` is at `delta.since` or later. */
export function applyDetail(summary: PageSnapshot, delta: DetailDelta): PageSnapshot {
  const next: PageSnapshot = { ...summary, ...(delta.header ?? {}) };
  // A header without parts elsewhere says there are none now.
  if (delta.header && !delta.header.elsewhere) delete next.elsewhere;
  for (const key of LISTS) (next as Record<ListKey, unknown>)[key] = applyList<Item>(summary[key], delta[key] as ListDelta<Item> | undefined);
  if (delta.services) next.services = delta.services;
  else if (delta.serviceLevels) next.services = applyLevels(summary.services, new Map(delta.serviceLevels.map((c) => [c.id, c])));
  return next;
}

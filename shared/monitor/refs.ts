import type { IncidentRef, NoticeRef, ServiceRef } from './events';
import type { IncidentSnapshot, NoticeSnapshot, ServiceSnapshot } from './snapshot';

/** Event payload views of snapshot items. Arrays are shared, not copied: events are read-only. */

export function incidentRef(item: IncidentSnapshot, kind: IncidentRef['kind']): IncidentRef {
  return {
    id: item.id,
    kind,
    type: item.type,
    level: item.level,
    title: item.title,
    url: item.url,
    serviceIds: item.serviceIds,
    startsAt: item.startsAt,
    endsAt: item.endsAt,
    latestUpdate: item.latestUpdate,
  };
}

export function noticeRef(item: NoticeSnapshot): NoticeRef {
  return { id: item.id, title: item.title, url: item.url, serviceIds: item.serviceIds, latestUpdate: item.latestUpdate };
}

export interface IndexedService {
  node: ServiceSnapshot;
  ancestors: ServiceRef['ancestors'];
}

/** Every service with an id, nested ones included, with its parents. First occurrence of an id wins. */
export function indexServices(services: readonly ServiceSnapshot[]): Map<number, IndexedService> {
  const index = new Map<number, IndexedService>();
  const visit = (nodes: readonly ServiceSnapshot[], ancestors: ServiceRef['ancestors']): void => {
    for (const node of nodes) {
      if (node.id !== null && !index.has(node.id)) index.set(node.id, { node, ancestors });
      if (node.children.length > 0) visit(node.children, node.id === null ? ancestors : [...ancestors, { id: node.id, name: node.name }]);
    }
  };
  visit(services, []);
  return index;
}

export function serviceRef(entry: IndexedService): ServiceRef {
  const node = entry.node;
  return { id: node.id as number, name: node.name, type: node.currentType, level: node.level, ancestors: entry.ancestors };
}

/** Parent ids of every service (outermost first), to apply the mute of a parent to its children. */
export function serviceAncestorIndex(services: readonly ServiceSnapshot[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const [id, entry] of indexServices(services))
    out.set(
      id,
      entry.ancestors.map((a) => a.id),
    );
  return out;
}

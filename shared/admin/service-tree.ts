/**
 * Services as the tree they form through `parent_id`, children in `order` (then name). Works on merged
 * lists too: a service queued offline has a temp id, and may be the parent of another queued one.
 */
interface ServiceLike {
  id: number | string;
  name?: unknown;
  parent_id?: unknown;
  order?: unknown;
}

interface ServiceRow<T extends ServiceLike> {
  service: T;
  depth: number;
  /** Names from the root down to the parent, for screen readers ("in Web"). */
  path: string[];
}

const key = (id: unknown): string => String(id);
const nameOf = (service: ServiceLike): string => (typeof service.name === 'string' ? service.name : '');

function compare(a: ServiceLike, b: ServiceLike): number {
  const oa = typeof a.order === 'number' ? a.order : Number.MAX_SAFE_INTEGER;
  const ob = typeof b.order === 'number' ? b.order : Number.MAX_SAFE_INTEGER;
  return oa - ob || nameOf(a).localeCompare(nameOf(b));
}

/** Depth-first rows, parents before their children. A parent that is not in the list makes its child a root. */
export function serviceRows<T extends ServiceLike>(services: readonly T[]): ServiceRow<T>[] {
  const ids = new Set(services.map((s) => key(s.id)));
  const children = new Map<string, T[]>();
  const roots: T[] = [];
  for (const service of services) {
    const parent = service.parent_id;
    if (parent !== null && parent !== undefined && ids.has(key(parent)) && key(parent) !== key(service.id)) {
      const list = children.get(key(parent)) ?? [];
      list.push(service);
      children.set(key(parent), list);
    } else roots.push(service);
  }
  const rows: ServiceRow<T>[] = [];
  const seen = new Set<string>();
  const walk = (list: T[], depth: number, path: string[]): void => {
    for (const service of [...list].sort(compare)) {
      if (seen.has(key(service.id))) continue; // a cycle in bad data must not loop forever
      seen.add(key(service.id));
      rows.push({ service, depth, path });
      walk(children.get(key(service.id)) ?? [], depth + 1, [...path, nameOf(service)]);
    }
  };
  walk(roots, 0, []);
  // Whatever only a cycle reaches is shown at the top rather than hidden.
  for (const service of services) if (!seen.has(key(service.id))) walk([service], 0, []);
  return rows;
}

/** The service and everything below it: none of these can become its parent. */
export function subtreeIds(services: readonly ServiceLike[], rootId: number | string): Set<string> {
  const out = new Set<string>([key(rootId)]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const service of services) {
      if (!out.has(key(service.id)) && service.parent_id !== null && service.parent_id !== undefined && out.has(key(service.parent_id))) {
        out.add(key(service.id));
        grew = true;
      }
    }
  }
  return out;
}

import type { ServiceNode } from '@shared/statuspal/schemas/service';

/**
 * A page summary's service tree (public, one request) as the flat admin list's items: `parent_id` from where
 * each sits, `order` from its place among its siblings. What the admin list adds (private services, private
 * descriptions, the exact order values) is not there: the Administration screen shows it only until the list
 * itself is read, which on the real API takes one request per service below the top level.
 */
export function servicesOfSummary(nodes: readonly ServiceNode[] | undefined): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const seen = new Set<number>();
  const walk = (list: readonly ServiceNode[] | undefined, parentId: number | null) => {
    (list ?? []).forEach((node, order) => {
      // Nodes without an id (seen in the wild) cannot be edited: their children take their place.
      if (typeof node.id !== 'number' || seen.has(node.id)) return walk(node.children, parentId);
      seen.add(node.id);
      out.push({ id: node.id, name: node.name ?? `Service ${node.id}`, description: node.description ?? null, parent_id: parentId, order, private: false });
      walk(node.children, node.id);
    });
  };
  walk(nodes, null);
  return out;
}

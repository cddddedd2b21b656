import type { PageSnapshot } from './snapshot';

/** Ids of what a page lists as open: incidents not resolved, maintenances under way or planned. */
export function openIncidentIds(summary: PageSnapshot): Set<number> {
  const open = new Set<number>();
  for (const item of [...summary.incidents, ...summary.maintenances, ...summary.upcomingMaintenances]) if (!item.resolved) open.add(item.id);
  return open;
}

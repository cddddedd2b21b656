import type { PageState } from '../monitor/page-state';
import { indexServices } from '../monitor/refs';
import type { IncidentSnapshot, PageSnapshot } from '../monitor/snapshot';
import type { TrayPage } from '../monitor/tray';
import { worstLevel, type BaseLevel } from '../statuspal/levels';
import { activeSnoozes, serviceSnoozeCover, snoozedServiceIds, type Snooze } from './snooze';

/*
 * The pages as the tray hears them while snoozes last. A snoozed page is quiet as a whole (`snoozedUntil`). A
 * page with some incidents or services snoozed is heard at the level of the rest (`heardLevel`): the worst of
 * its open incidents and maintenances that no snooze quiets, and of its services that no incident explains
 * (a service's level follows its incidents; one set by hand has no incident). A level the summary does not
 * explain at all is kept: a snooze must never make a page look calmer than what was snoozed can account for.
 */

type TrayPageState = TrayPage & Pick<PageState, 'summary'>;

export function trayPagesWithSnoozes(pages: readonly TrayPageState[], snoozes: readonly Snooze[], nowMs: number): TrayPage[] {
  const active = activeSnoozes(snoozes, nowMs);
  if (active.length === 0) return [...pages];
  return pages.map((page) => {
    const here = active.filter((snooze) => snooze.pageId === page.pageId);
    if (here.length === 0) return page;
    const whole = here.filter((snooze) => snooze.target.kind === 'page');
    if (whole.length > 0) return { ...page, snoozedUntil: Math.max(...whole.map((snooze) => Date.parse(snooze.until))) };
    if (page.level === null || !page.summary) return page;
    const heard = heardLevel(page.level, page.summary, here);
    return heard === page.level ? page : { ...page, heardLevel: heard };
  });
}

function heardLevel(level: BaseLevel, summary: PageSnapshot, snoozes: readonly Snooze[]): BaseLevel {
  const serviceIds = snoozedServiceIds(snoozes);
  const covered = serviceSnoozeCover(serviceIds, summary.services);
  const incidentIds = new Set(snoozes.flatMap((snooze) => (snooze.target.kind === 'incident' ? [snooze.target.incidentId] : [])));
  const quiet = (item: IncidentSnapshot) => incidentIds.has(item.id) || (serviceIds.size > 0 && item.serviceIds.length > 0 && item.serviceIds.every(covered));

  const items = [...summary.incidents.filter((incident) => !incident.resolved), ...summary.maintenances];
  const index = indexServices(summary.services);
  // A service an item lists, and the groups above it, take their level from that item.
  const explained = new Set(items.flatMap((item) => item.serviceIds.flatMap((id) => [id, ...(index.get(id)?.ancestors.map((parent) => parent.id) ?? [])])));
  const services = [...index].map(([id, entry]) => ({ id, level: entry.node.level }));
  const heard = worstLevel([
    ...items.filter((item) => !quiet(item)).map((item) => item.level),
    ...services.filter((service) => !covered(service.id) && !explained.has(service.id)).map((service) => service.level),
  ]);
  const all = worstLevel([...items.map((item) => item.level), ...services.map((service) => service.level)]);
  // Something beyond the items and services raised the page: keep it.
  return worstLevel([all, level]) !== all ? level : heard;
}

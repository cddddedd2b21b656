import type { MonitorEvent } from '@shared/monitor/events';
import type { ServiceSnapshot } from '@shared/monitor/snapshot';
import type { WatchedPage } from '@shared/monitor/watched-page';

/**
 * The events worth telling the user: not the echo of their own writes from this app, nor the page and service
 * level changes that only those writes caused. The events themselves are kept and shown either way.
 */
export function notifiableEvents(
  page: WatchedPage,
  events: readonly MonitorEvent[],
  isOwnWrite: ((page: WatchedPage, event: MonitorEvent, services: readonly ServiceSnapshot[]) => boolean) | undefined,
  services: readonly ServiceSnapshot[] = [],
): readonly MonitorEvent[] {
  if (!isOwnWrite) return events;
  const others = events.filter((event) => !isOwnWrite(page, event, services));
  if (others.length === events.length) return events;
  const consequence = (event: MonitorEvent) => event.type === 'page.level_changed' || event.type === 'service.level_changed';
  return others.every(consequence) ? [] : others;
}

import { diffSnapshots } from '../../../../shared/monitor/diff';
import type { MonitorEvent } from '../../../../shared/monitor/events';
import { readPageSnapshot } from '../../../../shared/monitor/read-snapshot';
import type { PageSnapshot } from '../../../../shared/monitor/snapshot';
import type { WatchedPage } from '../../../../shared/monitor/watched-page';
import type { PagePoll } from '../../../../electron/core/alerts/routing/page-poll';
import { baseSummary, setServiceType, wireIncident, wireUpdate } from '../../monitor/support/fixtures';

export { baseSummary, setServiceType, wireIncident, wireUpdate };

const snap = (json: any): PageSnapshot => readPageSnapshot(json);

/** A summary with one incident of `type` at `level` on the given services (their parents follow). */
export function withIncident(type: string, level: string, options: { serviceIds?: number[]; id?: number; updates?: any[] } = {}): any {
  const serviceIds = options.serviceIds ?? [2];
  const s = baseSummary();
  s.status_page.current_incident_type = type;
  s.current_status_type = level;
  s.incidents = [wireIncident({ id: options.id ?? 70, type, title: 'Logins fail', serviceIds, ...(options.updates ? { updates: options.updates } : {}) })];
  for (const sid of serviceIds) setServiceType(s, sid, type);
  if (serviceIds.includes(2) || serviceIds.includes(3)) setServiceType(s, 1, type);
  return s;
}

/** The poll that moved `page` from `prev` to `next`, as the monitor diffs it at `at`. */
export function pollOf(page: WatchedPage, prev: any, next: any, at: string, options: { catchUp?: boolean } = {}): PagePoll {
  const before = snap(prev);
  const after = snap(next);
  const events: MonitorEvent[] = diffSnapshots(before, after, {
    page: { id: page.id, name: 'Acme', subdomain: page.subdomain },
    at,
    ...(options.catchUp ? { catchUp: true } : {}),
  });
  return { page, name: 'Acme', snapshot: after, events };
}

import { randomUUID } from 'node:crypto';
import { monitorEventSchema, type MonitorEvent } from '../../shared/monitor/events';

/*
 * Notification-centre content for the render benchmark: `count` events over 20 pages, cycling through
 * an incident's life (opened, updated, resolved) with the page level changes around it, newest last as
 * the monitor appends them. Each is checked against the event schema, so the window reads them as real.
 */

export function benchEvents(count: number, nowMs = Date.now()): MonitorEvent[] {
  const events: MonitorEvent[] = [];
  for (let i = 0; i < count; i++) {
    const pageNo = i % 20;
    const page = { id: `00000000-0000-4000-8000-${String(pageNo + 1).padStart(12, '0')}`, name: `Bench page ${pageNo + 1}`, subdomain: `bench-${pageNo}` };
    const at = new Date(nowMs - (count - i) * 60_000).toISOString();
    const incidentId = 1_000 + Math.floor(i / 4);
    const incident = {
      id: incidentId,
      kind: 'incident' as const,
      type: 'major',
      level: 'major' as const,
      title: `Elevated errors on API ${incidentId}`,
      url: null,
      serviceIds: [pageNo * 100 + 2],
      startsAt: at,
      endsAt: null,
      latestUpdate: { id: i + 1, type: 'update', description: 'We are looking into it.', postedAt: at },
    };
    const base = { id: randomUUID(), at, page };
    const pageLevel = { from: 'operational' as const, to: 'major' as const };
    const candidates = [
      { ...base, type: 'page.level_changed', from: 'operational', to: 'major', fromType: null, toType: 'major' },
      { ...base, type: 'incident.opened', incident, pageLevel },
      {
        ...base,
        type: 'incident.updated',
        incident,
        changes: ['update'],
        newUpdates: 1,
        previous: { type: 'major', level: 'major', title: incident.title, startsAt: at, endsAt: null },
        pageLevel: { from: 'major', to: 'major' },
      },
      { ...base, type: 'incident.resolved', incident, reason: 'resolved', pageLevel: { from: 'major', to: 'operational' } },
    ];
    events.push(monitorEventSchema.parse(candidates[i % 4]));
  }
  return events;
}

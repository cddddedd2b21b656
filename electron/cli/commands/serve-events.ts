import type { MonitorEvent } from '@shared/monitor/events';
import type { ServeLogFields } from './serve-log';

/** A monitor event as one log line of `statusdesk serve`: what happened, on which page, to what. */
export function eventLogLine(event: MonitorEvent): { msg: string; fields: ServeLogFields } {
  const fields: ServeLogFields = { type: event.type, page: event.page.name, pageId: event.page.id, catchUp: event.catchUp || undefined };
  switch (event.type) {
    case 'page.level_changed':
      return { msg: `page level ${event.from} → ${event.to}`, fields: { ...fields, from: event.from, to: event.to } };
    case 'service.level_changed':
      return {
        msg: `service ${event.service.name}: ${event.from} → ${event.to}`,
        fields: { ...fields, service: event.service.name, from: event.from, to: event.to },
      };
    case 'incident.opened':
    case 'incident.updated':
    case 'incident.resolved':
    case 'maintenance.scheduled':
    case 'maintenance.started':
    case 'maintenance.ended':
      return {
        msg: `${event.type.replace('.', ' ')}: ${event.incident.title}`,
        fields: { ...fields, incident: event.incident.id, title: event.incident.title, level: event.incident.level },
      };
    case 'notice.posted':
    case 'notice.removed':
      return { msg: `${event.type.replace('.', ' ')}: ${event.notice.title}`, fields: { ...fields, notice: event.notice.id, title: event.notice.title } };
    case 'page.stale':
    case 'page.recovered':
      return { msg: event.type === 'page.stale' ? 'page cannot be checked: its last known state is kept' : 'page answers again', fields };
  }
}

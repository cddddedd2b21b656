import type { MonitorEvent, MonitorEventType } from '@shared/monitor/events';
import { levelChangeWords } from '@shared/people-words/level-words';

/** How the notification centre names each event. */
export const EVENT_TYPE_TEXT: Record<MonitorEventType, string> = {
  'page.level_changed': 'Page level changed',
  'service.level_changed': 'Service level changed',
  'incident.opened': 'Incident opened',
  'incident.updated': 'Incident updated',
  'incident.resolved': 'Incident resolved',
  'maintenance.scheduled': 'Maintenance scheduled',
  'maintenance.started': 'Maintenance started',
  'maintenance.ended': 'Maintenance ended',
  'notice.posted': 'Notice posted',
  'notice.removed': 'Notice removed',
  'page.stale': 'Page not reachable',
  'page.recovered': 'Page reachable again',
};

/** The kinds a user filters by: what an event is about, not each of its twelve types. */
export const EVENT_KINDS = {
  incidents: { label: 'Incidents', types: ['incident.opened', 'incident.updated', 'incident.resolved'] },
  maintenance: { label: 'Maintenance', types: ['maintenance.scheduled', 'maintenance.started', 'maintenance.ended'] },
  notices: { label: 'Notices', types: ['notice.posted', 'notice.removed'] },
  levels: { label: 'Level changes', types: ['page.level_changed', 'service.level_changed'] },
  reachability: { label: 'Reachability', types: ['page.stale', 'page.recovered'] },
} as const satisfies Record<string, { label: string; types: readonly MonitorEventType[] }>;
export type EventKind = keyof typeof EVENT_KINDS;

export interface HistoryFilter {
  /** A watched page's id, or '' for every page. */
  pageId: string;
  kind: EventKind | '';
  /** Words to find in the event's title, service, page, type or latest update; case does not matter. */
  text: string;
}

export const NO_FILTER: HistoryFilter = { pageId: '', kind: '', text: '' };

type Described = MonitorEvent & {
  incident?: { title: string; latestUpdate?: { description: string } | null };
  service?: { name: string };
  notice?: { title: string; latestUpdate?: { description: string } | null };
};

/** One line of text for an event, from whatever it concerns. */
export function describeEvent(event: MonitorEvent): string {
  const e = event as Described;
  const what = e.incident?.title ?? e.service?.name ?? e.notice?.title ?? '';
  const change = e.type === 'page.level_changed' || e.type === 'service.level_changed' ? levelChangeWords(e.from, e.to, e.fromType, e.toType) : '';
  return [what, change].filter(Boolean).join(' · ');
}

function searchable(event: MonitorEvent): string {
  const e = event as Described;
  const update = e.incident?.latestUpdate?.description ?? e.notice?.latestUpdate?.description ?? '';
  // A provider's own word ("Partial outage") is still found by the level it counts as ("major").
  const levels = e.type === 'page.level_changed' || e.type === 'service.level_changed' ? levelChangeWords(e.from, e.to) : '';
  return [EVENT_TYPE_TEXT[event.type], event.page.name, event.page.subdomain, describeEvent(event), levels, update].join('\n').toLowerCase();
}

/** The events that match every part of the filter (each word of the text, in any order), in their order. */
export function filterEvents(events: readonly MonitorEvent[], filter: HistoryFilter): MonitorEvent[] {
  const words = filter.text.toLowerCase().split(/\s+/).filter(Boolean);
  const types: readonly MonitorEventType[] | null = filter.kind ? EVENT_KINDS[filter.kind].types : null;
  return events.filter((event) => {
    if (filter.pageId !== '' && event.page.id !== filter.pageId) return false;
    if (types !== null && !types.includes(event.type)) return false;
    if (words.length === 0) return true;
    const text = searchable(event);
    return words.every((word) => text.includes(word));
  });
}

/** The pages the events concern, by name, for the page filter. */
export function pagesOf(events: readonly MonitorEvent[]): Array<{ id: string; name: string }> {
  const pages = new Map<string, string>();
  for (const event of events) if (!pages.has(event.page.id)) pages.set(event.page.id, event.page.name);
  return [...pages].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

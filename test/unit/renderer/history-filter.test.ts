import { describe, expect, it } from 'vitest';
import type { MonitorEvent } from '../../../shared/monitor/events';
import { describeEvent, filterEvents, NO_FILTER, pagesOf } from '../../../renderer/src/components/monitor/history-filter';

const page = (id: string, name: string) => ({ id, name, subdomain: name.toLowerCase() });
const incident = (title: string, update: string) => ({ id: 1, title, latestUpdate: { id: 1, type: 'issue', description: update, postedAt: null } });
const events = [
  { id: '1', type: 'incident.opened', at: '2026-11-25T08:00:00Z', page: page('a', 'Acme'), incident: incident('Queue backlog', 'Jobs are delayed') },
  { id: '2', type: 'notice.posted', at: '2026-11-25T08:01:00Z', page: page('g', 'Globex'), notice: { id: 2, title: 'New data centre', latestUpdate: null } },
  { id: '3', type: 'page.stale', at: '2026-11-25T08:02:00Z', page: page('g', 'Globex') },
  {
    id: '4',
    type: 'service.level_changed',
    at: '2026-11-25T08:03:00Z',
    page: page('a', 'Acme'),
    service: { name: 'Database' },
    from: 'operational',
    to: 'major',
    fromType: null,
    toType: 'partial_outage',
  },
  {
    id: '5',
    type: 'page.level_changed',
    at: '2026-11-25T08:04:00Z',
    page: page('a', 'Acme'),
    from: 'scheduled',
    to: 'operational',
    fromType: 'scheduled',
    toType: null,
  },
] as unknown as MonitorEvent[];
const ids = (list: MonitorEvent[]) => list.map((e) => e.id);

describe('filterEvents', () => {
  it('keeps everything without a filter', () => {
    expect(ids(filterEvents(events, NO_FILTER))).toEqual(['1', '2', '3', '4', '5']);
  });

  it('filters by page and by kind, together', () => {
    expect(ids(filterEvents(events, { ...NO_FILTER, pageId: 'g' }))).toEqual(['2', '3']);
    expect(ids(filterEvents(events, { ...NO_FILTER, kind: 'reachability' }))).toEqual(['3']);
    expect(ids(filterEvents(events, { ...NO_FILTER, pageId: 'a', kind: 'levels' }))).toEqual(['4', '5']);
    expect(ids(filterEvents(events, { ...NO_FILTER, pageId: 'a', kind: 'notices' }))).toEqual([]);
  });

  it('finds every word in any order and case, in titles, services, updates, pages and the kind’s words', () => {
    expect(ids(filterEvents(events, { ...NO_FILTER, text: 'DELAYED queue' }))).toEqual(['1']);
    expect(ids(filterEvents(events, { ...NO_FILTER, text: 'database major' }))).toEqual(['4']);
    expect(ids(filterEvents(events, { ...NO_FILTER, text: 'globex not reachable' }))).toEqual(['3']);
    expect(ids(filterEvents(events, { ...NO_FILTER, text: '  ' }))).toEqual(['1', '2', '3', '4', '5']);
  });

  it('names a change of level in the words the dashboard uses, never the raw level', () => {
    expect(describeEvent(events[3]!)).toBe('Database · Operational → Partial outage');
    expect(describeEvent(events[4]!)).toBe('Maintenance → Operational');
  });

  it('lists the pages the events concern once each, by name', () => {
    expect(pagesOf(events)).toEqual([
      { id: 'a', name: 'Acme' },
      { id: 'g', name: 'Globex' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { ConsoleItem } from '../../../../renderer/src/lib/console-item';
import { matchesQuery, visibleItems } from '../../../../renderer/src/lib/list-filter';

const NOW = Date.parse('2026-11-25T09:00:00Z');

function incident(
  id: number,
  title: string,
  options: { resolved?: boolean; type?: string; startsAt?: string; endsAt?: string; updates?: string[] } = {},
): ConsoleItem {
  const updates = (options.updates ?? ['Investigating.']).map((description, index) => ({ id: id * 100 + index, type: 'issue', description }));
  if (options.resolved) updates.push({ id: id * 100 + 99, type: 'resolved', description: 'Fixed.' });
  return {
    id,
    title,
    type: options.type ?? 'minor',
    starts_at: options.startsAt ?? '2026-11-25T08:00:00',
    ends_at: options.endsAt ?? null,
    updates,
  } as unknown as ConsoleItem;
}

const all = { query: '', status: 'all' as const };

describe('incident list filter', () => {
  const items = [
    incident(5, 'Newest, resolved', { resolved: true }),
    incident(4, 'Upcoming maintenance', { type: 'scheduled', startsAt: '2026-11-28T08:00:00' }),
    incident(3, 'Completed maintenance', { type: 'scheduled', startsAt: '2026-11-20T08:00:00', endsAt: '2026-11-20T09:00:00' }),
    incident(2, 'Older but open', { updates: ['Rebuilding the index of the Zürich cluster.'] }),
    incident(1, 'Oldest, resolved', { resolved: true }),
  ];
  const titles = (list: ConsoleItem[]) => list.map((item) => item.title);

  it('pins what is open (incidents, running or upcoming maintenances) above what is closed, each in the server order', () => {
    expect(titles(visibleItems(items, 'incidents', {}, all, NOW))).toEqual([
      'Upcoming maintenance',
      'Older but open',
      'Newest, resolved',
      'Completed maintenance',
      'Oldest, resolved',
    ]);
  });

  it('Open and Resolved split the same way; notices are never filtered by status', () => {
    expect(titles(visibleItems(items, 'incidents', {}, { query: '', status: 'open' }, NOW))).toEqual(['Upcoming maintenance', 'Older but open']);
    expect(titles(visibleItems(items, 'incidents', {}, { query: '', status: 'resolved' }, NOW))).toEqual([
      'Newest, resolved',
      'Completed maintenance',
      'Oldest, resolved',
    ]);
    expect(visibleItems(items, 'notices', {}, { query: '', status: 'open' }, NOW)).toHaveLength(5);
  });

  it('searches titles, update messages and translations, every word, folding case and accents', () => {
    expect(matchesQuery(items[3]!, 'zurich INDEX')).toBe(true);
    expect(matchesQuery(items[3]!, 'zurich payments')).toBe(false);
    expect(matchesQuery(items[0]!, '  ')).toBe(true);
    const translated = { ...items[1]!, translations: { de: { title: 'Wartungsfenster' } } } as ConsoleItem;
    expect(matchesQuery(translated, 'wartung')).toBe(true);
    expect(titles(visibleItems(items, 'incidents', {}, { query: 'resolved', status: 'all' }, NOW))).toEqual(['Newest, resolved', 'Oldest, resolved']);
  });
});

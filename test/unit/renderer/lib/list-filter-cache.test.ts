import { describe, expect, it } from 'vitest';
import type { ConsoleItem } from '../../../../renderer/src/lib/console-item';
import { visibleItems } from '../../../../renderer/src/lib/list-filter';

/* Typing in the incident search with 5,100 incidents read must not rebuild every item's text on each key. */

const NOW = Date.parse('2026-11-25T09:00:00Z');

/** An incident that counts how often its search text is read (translations are read for the search alone). */
function counted(id: number, reads: { count: number }): ConsoleItem {
  const item = {
    id,
    title: `Incident ${id}`,
    type: 'minor',
    starts_at: '2026-11-25T08:00:00',
    ends_at: null,
    updates: [{ id: id * 10, type: 'issue', description: 'Looking into it.' }],
  };
  Object.defineProperty(item, 'translations', {
    enumerable: true,
    get() {
      reads.count++;
      return { de: { title: `Vorfall ${id}` } };
    },
  });
  return item as unknown as ConsoleItem;
}

describe('incident search text', () => {
  it('is built once per listed item, however many keys are typed', () => {
    const reads = { count: 0 };
    const items = Array.from({ length: 50 }, (_, i) => counted(i + 1, reads));
    for (const query of ['v', 'vo', 'vor', 'vorfall 4', 'vorfall 42']) visibleItems(items, 'incidents', {}, { query, status: 'all' }, NOW);
    expect(reads.count).toBe(50);
    expect(visibleItems(items, 'incidents', {}, { query: 'vorfall 42', status: 'all' }, NOW).map((item) => item.id)).toEqual([42]);
  });
});

import { describe, expect, it } from 'vitest';
import { emptySelection, pruned, shownState, toggled, toggledAll } from '../../../../renderer/src/lib/selection';
import { matchesSearch, searchTextOf, searchWords, withAncestors } from '../../../../renderer/src/lib/admin-search';

/* Rows picked for bulk actions, and what is loaded filtered by any part. */

const ORDER = ['a', 'b', 'c', 'd', 'e'];

describe('picking rows', () => {
  it('a click toggles one; a Shift-click sets the range from the last one clicked to the anchor’s state', () => {
    let picked = toggled(emptySelection(), 'b', ORDER);
    picked = toggled(picked, 'd', ORDER, true);
    expect([...picked.ids].sort()).toEqual(['b', 'c', 'd']);
    picked = toggled(picked, 'c', ORDER);
    expect([...picked.ids].sort()).toEqual(['b', 'd']);
    picked = toggled(picked, 'e', ORDER, true);
    expect([...picked.ids].sort()).toEqual(['b']);
  });

  it('"select all" picks every row shown, or lets them all go when they all are', () => {
    let picked = toggledAll(toggled(emptySelection(), 'z', ['z']), ORDER);
    expect(shownState(picked, ORDER)).toBe('all');
    expect(picked.ids.has('z')).toBe(true);
    picked = toggledAll(picked, ORDER);
    expect(shownState(picked, ORDER)).toBe('none');
    expect(shownState(toggled(emptySelection(), 'a', ORDER), ORDER)).toBe('some');
  });

  it('rows that left the list leave the selection', () => {
    const picked = toggledAll(emptySelection(), ORDER);
    expect([...pruned(picked, new Set(['a', 'e'])).ids]).toEqual(['a', 'e']);
    expect(pruned(picked, new Set(ORDER))).toBe(picked);
  });
});

describe('searching what is loaded', () => {
  it('finds any part of any field, every word, case and accents folded; not ids, order or times', () => {
    const member = { id: 12, email: 'Zoë@Example.com', name: 'Zoë Ng', role: 'editor', inserted_at: '2026-01-01T00:00:00' };
    expect(matchesSearch(member, searchWords('zoe example'))).toBe(true);
    expect(matchesSearch(member, searchWords('@example.com editor'))).toBe(true);
    expect(matchesSearch(member, searchWords('12'))).toBe(false);
    expect(matchesSearch(member, searchWords('2026'))).toBe(false);
    expect(matchesSearch({ webhook_url: 'https://hooks.example/T1', events: ['incident.created'] }, searchWords('created'))).toBe(true);
    expect(matchesSearch({ phone_country_code: '+41', phone_number: '79 123 45 67' }, searchWords('791234567'))).toBe(true);
    expect(matchesSearch({ phone_country_code: '+41', phone_number: '79 123 45 67' }, searchWords('+41 79 123'))).toBe(true);
  });

  it('builds an item’s text once', () => {
    const item = { email: 'a@example.com' };
    expect(searchTextOf(item)).toBe(searchTextOf(item));
    item.email = 'changed@example.com'; // a server copy is replaced, never changed: the first text stays
    expect(searchTextOf(item)).toBe('a@example.com');
  });

  it('a service found keeps the services above it', () => {
    const row = (id: number, parent_id: number | null) => ({ service: { id, parent_id } });
    const rows = [row(1, null), row(2, 1), row(3, 2), row(4, 1), row(5, null)];
    expect(withAncestors(rows, new Set(['3'])).map((r) => r.service.id)).toEqual([1, 2, 3]);
    expect(withAncestors(rows, new Set(['5', '4'])).map((r) => r.service.id)).toEqual([1, 4, 5]);
  });
});

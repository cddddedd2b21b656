import { describe, expect, it } from 'vitest';
import {
  buildLinks,
  decodeCursor,
  encodeCursor,
  keyComparator,
  paginate,
  parseLimit,
  parsePageQuery,
  type CursorKey,
} from '../../../../simulators/statuspal/pagination';

const items = Array.from({ length: 45 }, (_, i) => 45 - i); // 45..1, newest first
const keyOf = (n: number): CursorKey => [n];
const cmp = keyComparator([true]);

describe('cursor pagination', () => {
  it('limit: default 20, 1..100, integers only', () => {
    expect(parseLimit(null)).toBe(20);
    expect(parseLimit('100')).toBe(100);
    for (const bad of ['0', '101', '-3', '1.5', 'x', '', ' ']) expect(() => parseLimit(bad)).toThrow();
  });

  it('cursors are opaque strings that round trip and are checked', () => {
    const c = encodeCursor([1717243200000, 42]);
    expect(c).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(c, 2)).toEqual([1717243200000, 42]);
    expect(() => decodeCursor(c, 1)).toThrow();
    expect(() => decodeCursor('%%%', 1)).toThrow();
    expect(() => decodeCursor(encodeCursor([{} as never]), 1)).toThrow();
  });

  it('walks forward with after and backward with before', () => {
    const q = (s: string) => parsePageQuery(new URLSearchParams(s), 1);
    const p1 = paginate(items, keyOf, cmp, q('limit=20'));
    expect(p1.items).toEqual(items.slice(0, 20));
    expect([p1.prevKey, p1.nextKey, p1.total]).toEqual([null, [26], 45]);
    const p2 = paginate(items, keyOf, cmp, q(`limit=20&after=${encodeCursor(p1.nextKey!)}`));
    expect(p2.items).toEqual(items.slice(20, 40));
    const p3 = paginate(items, keyOf, cmp, q(`limit=20&after=${encodeCursor(p2.nextKey!)}`));
    expect(p3.items).toEqual(items.slice(40));
    expect(p3.nextKey).toBeNull();
    const back = paginate(items, keyOf, cmp, q(`limit=20&before=${encodeCursor(p3.prevKey!)}`));
    expect(back.items).toEqual(items.slice(20, 40));
    const first = paginate(items, keyOf, cmp, q(`limit=20&before=${encodeCursor(back.prevKey!)}`));
    expect(first.items).toEqual(items.slice(0, 20));
    expect(first.prevKey).toBeNull();
  });

  it('a cursor whose item was deleted still works (keyset)', () => {
    const without = items.filter((n) => n !== 26);
    const p = paginate(without, keyOf, cmp, parsePageQuery(new URLSearchParams(`limit=5&after=${encodeCursor([26])}`), 1));
    expect(p.items).toEqual([25, 24, 23, 22, 21]);
  });

  it('after past the end gives an empty page that links back', () => {
    const p = paginate(items, keyOf, cmp, parsePageQuery(new URLSearchParams(`after=${encodeCursor([0])}`), 1));
    expect(p.items).toEqual([]);
    expect(p.nextKey).toBeNull();
    expect(p.prevKey).toEqual([0]);
  });

  it('builds absolute or relative links keeping the other parameters', () => {
    const base = { origin: 'http://127.0.0.1:9', path: '/api/v2/status_pages/x/incidents', query: new URLSearchParams('limit=5&type=major&after=old') };
    const paged = { items: [], nextKey: [3], prevKey: null, total: 9 };
    const abs = buildLinks({ ...base, style: 'absolute' }, paged);
    expect(abs.prev).toBeNull();
    const u = new URL(abs.next!);
    expect(u.origin + u.pathname).toBe('http://127.0.0.1:9/api/v2/status_pages/x/incidents');
    expect([u.searchParams.get('limit'), u.searchParams.get('type'), u.searchParams.get('after')]).toEqual(['5', 'major', encodeCursor([3])]);
    expect(buildLinks({ ...base, style: 'relative' }, paged).next!.startsWith('/api/v2/status_pages/x/incidents?')).toBe(true);
  });
});

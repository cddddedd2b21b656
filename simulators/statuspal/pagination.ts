import { invalid } from './errors';

/**
 * Cursor pagination as the service documents it: `limit` (default 20, 1..100), opaque `after`/`before`
 * cursors, `links: {next, prev}` and `meta: {total_count}`. Cursors carry the sort key of the boundary
 * item (keyset), so pages stay stable while items are added or removed.
 */
const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

export type CursorKey = (string | number)[];

export interface PageQuery {
  limit: number;
  after: CursorKey | null;
  before: CursorKey | null;
}

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

export function decodeCursor(raw: string, arity: number): CursorKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid('bad cursor');
  }
  if (!Array.isArray(parsed) || parsed.length !== arity || !parsed.every((v) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)))) {
    throw invalid('bad cursor');
  }
  return parsed as CursorKey;
}

export function parseLimit(raw: string | null): number {
  if (raw === null) return DEFAULT_LIMIT;
  if (!/^\d+$/.test(raw.trim())) throw invalid('limit must be an integer');
  const n = Number(raw.trim());
  if (n < 1 || n > MAX_LIMIT) throw invalid(`limit must be between 1 and ${MAX_LIMIT}`);
  return n;
}

export function parsePageQuery(q: URLSearchParams, arity: number): PageQuery {
  const limit = parseLimit(q.get('limit'));
  const a = q.get('after');
  const b = q.get('before');
  return {
    limit,
    after: a ? decodeCursor(a, arity) : null,
    // `after` wins when both are sent, as common cursor paginators do.
    before: b && !a ? decodeCursor(b, arity) : null,
  };
}

interface Paged<T> {
  items: T[];
  nextKey: CursorKey | null;
  prevKey: CursorKey | null;
  total: number;
}

/** `sorted` must be in list order under `cmp` (ascending). */
export function paginate<T>(sorted: readonly T[], keyOf: (t: T) => CursorKey, cmp: (a: CursorKey, b: CursorKey) => number, q: PageQuery): Paged<T> {
  const n = sorted.length;
  // first index whose key is > k (strict) or >= k
  const search = (k: CursorKey, strict: boolean): number => {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = cmp(keyOf(sorted[mid] as T), k);
      if (c < 0 || (strict && c === 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  let start: number;
  let end: number;
  if (q.after) {
    start = search(q.after, true);
    end = Math.min(n, start + q.limit);
  } else if (q.before) {
    end = search(q.before, false);
    start = Math.max(0, end - q.limit);
  } else {
    start = 0;
    end = Math.min(n, q.limit);
  }
  const items = sorted.slice(start, end);
  const first = items[0];
  const last = items[items.length - 1];
  const nextKey = end < n ? (last ? keyOf(last) : (q.before ?? null)) : null;
  const prevKey = start > 0 ? (first ? keyOf(first) : (q.after ?? null)) : null;
  return { items, nextKey, prevKey, total: n };
}

/** Compares keys element by element; `desc` flags flip an element (newest-first lists). */
export function keyComparator(desc: boolean[]): (a: CursorKey, b: CursorKey) => number {
  return (a, b) => {
    for (let i = 0; i < desc.length; i++) {
      const x = a[i] as string | number;
      const y = b[i] as string | number;
      if (x === y) continue;
      const c = x < y ? -1 : 1;
      return desc[i] ? -c : c;
    }
    return 0;
  };
}

export interface LinkBase {
  /** http://host:port, used when links are absolute */
  origin: string;
  path: string;
  query: URLSearchParams;
  style: 'absolute' | 'relative';
}

export function buildLinks(base: LinkBase, paged: Paged<unknown>): { next: string | null; prev: string | null } {
  const make = (param: 'after' | 'before', key: CursorKey | null): string | null => {
    if (!key) return null;
    const q = new URLSearchParams(base.query);
    q.delete('after');
    q.delete('before');
    q.set(param, encodeCursor(key));
    const rel = `${base.path}?${q.toString()}`;
    return base.style === 'absolute' ? `${base.origin}${rel}` : rel;
  };
  return { next: make('after', paged.nextKey), prev: make('before', paged.prevKey) };
}

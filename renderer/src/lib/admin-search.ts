import { fold } from './fold-text';

/*
 * Filtering what a list has loaded, by any part: every word typed must be somewhere in the item (its email,
 * name, phone, address, role, events…), case and accents folded. The text an item is searched in is built once
 * per server copy (kept while that copy is the one listed), not once per key typed.
 */

const texts = new WeakMap<object, string>();

/** Ids, positions and times are not what people search a list by. */
const NOT_SEARCHED = /^(id|order|inserted_at|updated_at|.*_ids?)$/;

function collect(value: unknown, into: string[], depth: number): void {
  if (typeof value === 'string') {
    into.push(value);
    // A phone number is found however its digits are grouped: "791234567" finds "79 123 45 67".
    if (/^[+\d][\d\s().-]*\d$/.test(value) && /\D/.test(value)) into.push(value.replace(/\D/g, ''));
  } else if (typeof value === 'number') into.push(String(value));
  else if (Array.isArray(value)) for (const part of value) collect(part, into, depth);
  else if (value !== null && typeof value === 'object' && depth < 1) for (const part of Object.values(value)) collect(part, into, depth + 1);
}

/** Everything an item says, folded, as one text. */
export function searchTextOf(item: Record<string, unknown>): string {
  let text = texts.get(item);
  if (text === undefined) {
    const parts: string[] = [];
    for (const [key, value] of Object.entries(item)) if (!NOT_SEARCHED.test(key)) collect(value, parts, 0);
    text = fold(parts.join('\n'));
    texts.set(item, text);
  }
  return text;
}

export function searchWords(query: string): string[] {
  return fold(query)
    .split(/\s+/)
    .filter((word) => word !== '');
}

export function matchesSearch(item: Record<string, unknown>, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const text = searchTextOf(item);
  return words.every((word) => text.includes(word));
}

/** Tree rows (parents first) left with those `shown` and the parents above them, so a match keeps its place. */
export function withAncestors<T extends { service: { id: unknown; parent_id?: unknown } }>(rows: readonly T[], shown: ReadonlySet<string>): T[] {
  const parentOf = new Map(rows.map((row) => [String(row.service.id), row.service.parent_id]));
  const keep = new Set<string>();
  for (const id of shown) {
    for (let at: unknown = id; at !== null && at !== undefined && !keep.has(String(at)) && parentOf.has(String(at)); at = parentOf.get(String(at)))
      keep.add(String(at));
  }
  return rows.filter((row) => keep.has(String(row.service.id)));
}

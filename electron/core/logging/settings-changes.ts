/**
 * The names of what changed between two settings, never the values: `notifications.minSeverity`,
 * `watchedPages (1 added)`, `accounts (1 changed)`. Objects are named one level down; lists by what was
 * added, removed or changed in them, counted by their items' `id` where they have one.
 */
export function changedSettingNames(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const names: string[] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[key];
    const b = after[key];
    if (same(a, b)) continue;
    if (Array.isArray(a) || Array.isArray(b)) names.push(`${key} (${listChange(asList(a), asList(b))})`);
    else if (isRecord(a) && isRecord(b)) {
      for (const inner of new Set([...Object.keys(a), ...Object.keys(b)])) if (!same(a[inner], b[inner])) names.push(`${key}.${inner}`);
    } else names.push(key);
  }
  return names;
}

function listChange(before: unknown[], after: unknown[]): string {
  const idOf = (item: unknown, index: number) => (isRecord(item) && typeof item.id === 'string' ? item.id : `#${index}`);
  const beforeById = new Map(before.map((item, i) => [idOf(item, i), item]));
  const afterById = new Map(after.map((item, i) => [idOf(item, i), item]));
  const added = [...afterById.keys()].filter((id) => !beforeById.has(id)).length;
  const removed = [...beforeById.keys()].filter((id) => !afterById.has(id)).length;
  const changed = [...afterById].filter(([id, item]) => beforeById.has(id) && !same(beforeById.get(id), item)).length;
  const parts = [added && `${added} added`, removed && `${removed} removed`, changed && `${changed} changed`].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'reordered';
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

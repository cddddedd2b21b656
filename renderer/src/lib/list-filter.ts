import type { CustomTypeLevels } from '@shared/statuspage/levels';
import { phaseOf, titleOf, typeOf, type ConsoleItem, type ConsoleKind } from './console-item';
import { isMaintenanceType } from './incident-types';

/** Which incidents the list shows by where they stand: a maintenance that is over counts as resolved. */
export type StatusFilter = 'open' | 'resolved' | 'all';

export const STATUS_FILTERS: { id: StatusFilter; label: string }[] = [
  { id: 'open', label: 'Open' },
  { id: 'resolved', label: 'Resolved' },
  { id: 'all', label: 'All' },
];

export interface ListFilter {
  query: string;
  status: StatusFilter;
}

/** Resolved incidents and completed maintenances; everything else (open, upcoming, in progress) is open. */
export function isClosed(item: ConsoleItem, kind: ConsoleKind, levels: CustomTypeLevels, nowMs: number): boolean {
  if (kind === 'notices') return false;
  const phase = phaseOf(item, kind, isMaintenanceType(typeOf(item), levels), nowMs);
  return phase === 'resolved' || phase === 'completed';
}

/** Folds case and accents, so "cafe" finds "Café". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();
}

/** The text a search looks in: the title, every update's message, and their translations. */
function searchableText(item: ConsoleItem): string {
  const parts = [titleOf(item)];
  const collect = (translations: unknown) => {
    if (translations === null || typeof translations !== 'object') return;
    for (const values of Object.values(translations as Record<string, unknown>)) {
      if (values === null || typeof values !== 'object') continue;
      for (const text of Object.values(values as Record<string, unknown>)) if (typeof text === 'string') parts.push(text);
    }
  };
  collect(item.translations);
  for (const update of item.updates) {
    if (typeof update.description === 'string') parts.push(update.description);
    collect(update.translations);
  }
  return fold(parts.join('\n'));
}

/** Every word of the query must appear (in any order), so "db eu" finds "EU database slow". */
export function matchesQuery(item: ConsoleItem, query: string): boolean {
  const words = fold(query)
    .split(/\s+/)
    .filter((word) => word !== '');
  if (words.length === 0) return true;
  const text = searchableText(item);
  return words.every((word) => text.includes(word));
}

export function isFiltering(filter: ListFilter, kind: ConsoleKind): boolean {
  return filter.query.trim() !== '' || (kind === 'incidents' && filter.status !== 'all');
}

/**
 * What the list shows: the items that match the search and the status filter, open incidents pinned above
 * closed ones (each group keeps the server's order, queued creates first), so an ongoing incident is never
 * buried under newer resolved ones.
 */
export function visibleItems(items: readonly ConsoleItem[], kind: ConsoleKind, levels: CustomTypeLevels, filter: ListFilter, nowMs: number): ConsoleItem[] {
  const open: ConsoleItem[] = [];
  const closed: ConsoleItem[] = [];
  for (const item of items) {
    if (!matchesQuery(item, filter.query)) continue;
    const done = isClosed(item, kind, levels, nowMs);
    if (kind === 'incidents' && filter.status === 'open' && done) continue;
    if (kind === 'incidents' && filter.status === 'resolved' && !done) continue;
    (done ? closed : open).push(item);
  }
  return [...open, ...closed];
}

import type { CustomTypeLevels } from '@shared/statuspal/levels';
import { phaseOf, titleOf, typeOf, type ConsoleItem, type ConsoleKind } from './console-item';
import { fold } from './fold-text';
import { isMaintenanceType } from './incident-types';

/** Which incidents the list shows by where they stand: a maintenance that is over counts as resolved. */
export type StatusFilter = 'open' | 'resolved' | 'all';

export const STATUS_FILTERS: { id: StatusFilter; label: string }[] = [
  { id: 'open', label: 'Open' },
  { id: 'resolved', label: 'Resolved' },
  { id: 'all', label: 'All' },
];

interface ListFilter {
  query: string;
  status: StatusFilter;
}

/** Resolved incidents and completed maintenances; everything else (open, upcoming, in progress) is open. */
function isClosed(item: ConsoleItem, kind: ConsoleKind, levels: CustomTypeLevels, nowMs: number): boolean {
  if (kind === 'notices') return false;
  const phase = phaseOf(item, kind, isMaintenanceType(typeOf(item), levels), nowMs);
  return phase === 'resolved' || phase === 'completed';
}

/**
 * Each listed item's search text, built the first time it is searched and kept while that copy is listed (a
 * merge with the outbox makes new copies): typing in the search never rebuilds thousands of texts per key.
 */
const texts = new WeakMap<ConsoleItem, string>();

/** The text a search looks in: the title, every update's message, and their translations. */
function searchableText(item: ConsoleItem): string {
  let text = texts.get(item);
  if (text === undefined) {
    text = buildText(item);
    texts.set(item, text);
  }
  return text;
}

function buildText(item: ConsoleItem): string {
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

function wordsOf(query: string): string[] {
  return fold(query)
    .split(/\s+/)
    .filter((word) => word !== '');
}

/** Every word of the query must appear (in any order), so "db eu" finds "EU database slow". */
export function matchesQuery(item: ConsoleItem, query: string): boolean {
  return matchesWords(item, wordsOf(query));
}

function matchesWords(item: ConsoleItem, words: readonly string[]): boolean {
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
  // The query is folded once, not once per item.
  const words = wordsOf(filter.query);
  for (const item of items) {
    if (!matchesWords(item, words)) continue;
    const done = isClosed(item, kind, levels, nowMs);
    if (kind === 'incidents' && filter.status === 'open' && done) continue;
    if (kind === 'incidents' && filter.status === 'resolved' && !done) continue;
    (done ? closed : open).push(item);
  }
  return [...open, ...closed];
}

/*
 * The service picker's model, pure: the tree indexed once (each service's place and the text a filter looks
 * in, built once per tree, not per key), the rows a filter and the collapsed groups leave in view, the
 * highlighted row as the arrow keys move it, picking (a group with everything under it, when it cascades)
 * and the picked ones as chips.
 */

import { fold } from './fold-text';

export type ServiceId = number | string;

/** A service as the picker shows it: ServiceOption of the editors, or the admin list as a tree. */
export interface PickerNode {
  id: ServiceId;
  name: string;
  children: readonly PickerNode[];
}

export interface IndexedService {
  key: string;
  id: ServiceId;
  name: string;
  depth: number;
  /** Names from the root down to the parent ("Payments › Payments · EU West"). */
  path: string[];
  parentKey: string | null;
  /** Keys of every service below it, depth first. */
  below: string[];
  /** Folded "path name", what a filter looks in. */
  text: string;
}

interface PickerIndex {
  /** Depth first, parents before their children. */
  order: IndexedService[];
  byKey: Map<string, IndexedService>;
}

export interface PickerRow {
  service: IndexedService;
  hasChildren: boolean;
  expanded: boolean;
  /** The filter found this one (its ancestors are shown around it, unmarked). */
  match: boolean;
}

export const keyOf = (id: ServiceId): string => String(id);

export function indexTree(roots: readonly PickerNode[]): PickerIndex {
  const order: IndexedService[] = [];
  const byKey = new Map<string, IndexedService>();
  const walk = (nodes: readonly PickerNode[], depth: number, path: string[], parentKey: string | null): string[] => {
    const keys: string[] = [];
    for (const node of nodes) {
      const key = keyOf(node.id);
      if (byKey.has(key)) continue; // a service listed twice (or a cycle in bad data) is shown once
      const service: IndexedService = { key, id: node.id, name: node.name, depth, path, parentKey, below: [], text: fold([...path, node.name].join(' ')) };
      byKey.set(key, service);
      order.push(service);
      service.below = walk(node.children, depth + 1, [...path, node.name], key);
      keys.push(key, ...service.below);
    }
    return keys;
  };
  walk(roots, 0, [], null);
  return { order, byKey };
}

/** Every word of the query in the service's path or name, in any order: "eu ledger" finds "Ledger 217" under EU West. */
function matches(service: IndexedService, words: readonly string[]): boolean {
  return words.every((word) => service.text.includes(word));
}

function wordsOf(query: string): string[] {
  return fold(query)
    .split(/\s+/)
    .filter((word) => word !== '');
}

/**
 * The rows in view: without a query the tree with collapsed groups folded away; with one, the services it
 * finds and the groups they are in (opened, whatever was collapsed).
 */
export function visibleRows(index: PickerIndex, query: string, collapsed: ReadonlySet<string>): PickerRow[] {
  const words = wordsOf(query);
  const rows: PickerRow[] = [];
  if (words.length === 0) {
    for (let i = 0; i < index.order.length; i++) {
      const service = index.order[i]!;
      const hasChildren = service.below.length > 0;
      const expanded = hasChildren && !collapsed.has(service.key);
      rows.push({ service, hasChildren, expanded, match: false });
      // Depth first: what is below a folded group comes right after it.
      if (hasChildren && !expanded) i += service.below.length;
    }
    return rows;
  }
  const shown = new Set<string>();
  const found = new Set<string>();
  for (const service of index.order) {
    if (!matches(service, words)) continue;
    found.add(service.key);
    for (let key: string | null = service.key; key !== null && !shown.has(key); key = index.byKey.get(key)!.parentKey) shown.add(key);
  }
  for (const service of index.order) {
    if (shown.has(service.key)) rows.push({ service, hasChildren: service.below.length > 0, expanded: true, match: found.has(service.key) });
  }
  return rows;
}

/** Groups folded by default: all of them on a large page (its areas fit a screen), none on a small one. */
export function initiallyCollapsed(index: PickerIndex, largeAbove = 40): Set<string> {
  if (index.order.length <= largeAbove) return new Set();
  return new Set(index.order.filter((service) => service.below.length > 0).map((service) => service.key));
}

/** The row the keys act on: the one highlighted if still in view, else the first the filter found, else the first. */
export function activeRow(rows: readonly PickerRow[], highlighted: string | null): PickerRow | null {
  return rows.find((row) => row.service.key === highlighted) ?? rows.find((row) => row.match) ?? rows[0] ?? null;
}

export type MoveKey = 'ArrowDown' | 'ArrowUp' | 'Home' | 'End';

/** The highlight after an arrow key (stopping at either end), as a key. */
export function moved(rows: readonly PickerRow[], from: string | null, key: MoveKey): string | null {
  if (rows.length === 0) return null;
  const at = rows.findIndex((row) => row.service.key === from);
  const index = key === 'Home' ? 0 : key === 'End' ? rows.length - 1 : at < 0 ? 0 : Math.max(0, Math.min(rows.length - 1, at + (key === 'ArrowDown' ? 1 : -1)));
  return rows[index]!.service.key;
}

/**
 * The picked ids after a service is picked or unpicked. Cascading, a group comes with everything under it
 * (what "the Data group is affected" means); unpicking it lets them all go. The ids keep their own type.
 */
export function toggled(index: PickerIndex, picked: readonly ServiceId[], key: string, cascade: boolean): ServiceId[] {
  const service = index.byKey.get(key);
  if (!service) return [...picked];
  const keys = cascade ? [key, ...service.below] : [key];
  const has = new Set(picked.map(keyOf));
  if (has.has(key)) {
    const drop = new Set(keys);
    return picked.filter((id) => !drop.has(keyOf(id)));
  }
  const added = keys.filter((k) => !has.has(k)).map((k) => index.byKey.get(k)!.id);
  return [...picked, ...added];
}

export interface Chip {
  key: string;
  label: string;
  /** Services it stands for: a whole group picked is one chip. */
  keys: string[];
}

/**
 * The picked services as chips, in the order picked. Cascading, a group picked with everything under it is
 * one chip ("Payments + 40"), and removing it unpicks them all. Ids the tree does not hold (a service gone
 * meanwhile) are chips of their own, so they can still be removed.
 */
export function chipsOf(index: PickerIndex, picked: readonly ServiceId[], cascade: boolean): Chip[] {
  const has = new Set(picked.map(keyOf));
  const covered = new Set<string>();
  if (cascade) {
    for (const service of index.order) {
      if (covered.has(service.key) || !has.has(service.key) || service.below.length === 0) continue;
      if (service.below.every((k) => has.has(k))) for (const k of service.below) covered.add(k);
    }
  }
  const chips: Chip[] = [];
  for (const id of picked) {
    const key = keyOf(id);
    if (covered.has(key)) continue;
    const service = index.byKey.get(key);
    if (!service) {
      chips.push({ key, label: `Service #${key}`, keys: [key] });
      continue;
    }
    const whole = cascade && service.below.length > 0 && service.below.every((k) => has.has(k));
    chips.push({ key, label: whole ? `${service.name} + ${service.below.length}` : service.name, keys: whole ? [key, ...service.below] : [key] });
  }
  return chips;
}

/** How many services under a group are picked, for a folded group's badge. */
export function pickedBelow(service: IndexedService, picked: ReadonlySet<string>): number {
  let count = 0;
  for (const key of service.below) if (picked.has(key)) count++;
  return count;
}

/** Depth-first rows with their depth (the admin list's service tree) as nested nodes. */
export function nodesOfRows(rows: ReadonlyArray<{ service: { id: ServiceId; name?: unknown }; depth: number }>): PickerNode[] {
  const roots: PickerNode[] = [];
  const stack: Array<{ node: PickerNode & { children: PickerNode[] }; depth: number }> = [];
  for (const row of rows) {
    const name = typeof row.service.name === 'string' && row.service.name ? row.service.name : `Service ${String(row.service.id)}`;
    const node = { id: row.service.id, name, children: [] as PickerNode[] };
    while (stack.length && stack[stack.length - 1]!.depth >= row.depth) stack.pop();
    (stack.length ? stack[stack.length - 1]!.node.children : roots).push(node);
    stack.push({ node, depth: row.depth });
  }
  return roots;
}

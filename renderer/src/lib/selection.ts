/*
 * Which rows of a list are picked for a bulk action: a click toggles one, a Shift-click everything from the
 * last one clicked to it (in the order the list shows), "all" what is shown. Pure: the list's component keeps
 * the state.
 */

interface Selection {
  ids: ReadonlySet<string>;
  /** The last row toggled on its own: where a Shift-click range starts. */
  anchor: string | null;
}

export const emptySelection = (): Selection => ({ ids: new Set(), anchor: null });

/** One row toggled, or with `range` every row between the anchor and it set to the anchor's state. */
export function toggled(selection: Selection, id: string, order: readonly string[], range = false): Selection {
  const ids = new Set(selection.ids);
  const from = selection.anchor === null ? -1 : order.indexOf(selection.anchor);
  const to = order.indexOf(id);
  if (range && from >= 0 && to >= 0) {
    const on = ids.has(selection.anchor!);
    for (let i = Math.min(from, to); i <= Math.max(from, to); i++) {
      if (on) ids.add(order[i]!);
      else ids.delete(order[i]!);
    }
    return { ids, anchor: selection.anchor };
  }
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id };
}

/** Every row shown picked, or (when they all are) none of them. */
export function toggledAll(selection: Selection, shown: readonly string[]): Selection {
  const ids = new Set(selection.ids);
  const all = shown.length > 0 && shown.every((id) => ids.has(id));
  for (const id of shown) {
    if (all) ids.delete(id);
    else ids.add(id);
  }
  return { ids, anchor: selection.anchor };
}

/** Rows that left the list (deleted, filtered away by the server) are no longer picked. */
export function pruned(selection: Selection, present: ReadonlySet<string>): Selection {
  if ([...selection.ids].every((id) => present.has(id))) return selection;
  return {
    ids: new Set([...selection.ids].filter((id) => present.has(id))),
    anchor: selection.anchor !== null && present.has(selection.anchor) ? selection.anchor : null,
  };
}

/** "all", "some" or "none" of the rows shown are picked: the state of the "select all" box. */
export function shownState(selection: Selection, shown: readonly string[]): 'all' | 'some' | 'none' {
  let count = 0;
  for (const id of shown) if (selection.ids.has(id)) count++;
  return count === 0 ? 'none' : count === shown.length ? 'all' : 'some';
}

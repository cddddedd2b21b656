import { describe, expect, it } from 'vitest';
import {
  activeRow,
  chipsOf,
  indexTree,
  initiallyCollapsed,
  moved,
  nodesOfRows,
  pickedBelow,
  toggled,
  visibleRows,
  type PickerNode,
} from '../../../../renderer/src/lib/service-picker';

/* The service picker's model: a filter, a tree with folding groups, the arrow keys, picks and chips. */

const node = (id: number | string, name: string, children: PickerNode[] = []): PickerNode => ({ id, name, children });
const TREE = [node(1, 'Web', [node(2, 'API'), node(3, 'Dashboard')]), node(4, 'Data', [node(5, 'Database', [node(7, 'Zürich replica')]), node(6, 'Queue')])];
const names = (rows: ReturnType<typeof visibleRows>) => rows.map((row) => row.service.name);

/** A page as large as the issue's: 10 areas › 5 regions › 7 components (numbered), 400 services in all. */
function largeTree(): PickerNode[] {
  let next = 1;
  let component = 0;
  return Array.from({ length: 10 }, (_, a) =>
    node(next++, `Area ${'ABCDEFGHIJ'[a]}`, [
      ...Array.from({ length: 5 }, (_, r) =>
        node(next++, `Area ${'ABCDEFGHIJ'[a]} · Region ${'VWXYZ'[r]}`, [
          ...Array.from({ length: a * 5 + r < 40 ? 7 : 6 }, () => node(next++, `Component ${String(++component).padStart(3, '0')}`)),
        ]),
      ),
    ]),
  );
}

describe('the service picker model', () => {
  it('shows the tree with folded groups left out, and every group open on a small page', () => {
    const index = indexTree(TREE);
    expect(initiallyCollapsed(index).size).toBe(0);
    expect(names(visibleRows(index, '', new Set()))).toEqual(['Web', 'API', 'Dashboard', 'Data', 'Database', 'Zürich replica', 'Queue']);
    expect(names(visibleRows(index, '', new Set(['4'])))).toEqual(['Web', 'API', 'Dashboard', 'Data']);
    expect(names(visibleRows(index, '', new Set(['5'])))).toEqual(['Web', 'API', 'Dashboard', 'Data', 'Database', 'Queue']);
  });

  it('a filter shows what it finds with the groups around it, opened, by any word of the path, without case or accents', () => {
    const index = indexTree(TREE);
    const rows = visibleRows(index, 'zur', new Set(['4', '5']));
    expect(names(rows)).toEqual(['Data', 'Database', 'Zürich replica']);
    expect(rows.map((row) => row.match)).toEqual([false, false, true]);
    expect(activeRow(rows, null)!.service.name).toBe('Zürich replica');
    expect(names(visibleRows(index, 'data queue', new Set())).filter(Boolean)).toEqual(['Data', 'Queue']);
    expect(visibleRows(index, 'nothing like it', new Set())).toEqual([]);
  });

  it('arrow keys move the highlight and stop at the ends', () => {
    const rows = visibleRows(indexTree(TREE), '', new Set());
    expect(moved(rows, null, 'ArrowDown')).toBe('1');
    expect(moved(rows, '1', 'ArrowDown')).toBe('2');
    expect(moved(rows, '1', 'ArrowUp')).toBe('1');
    expect(moved(rows, '1', 'End')).toBe('6');
    expect(moved(rows, '6', 'ArrowDown')).toBe('6');
  });

  it('a cascading pick takes a group with everything under it, shown as one chip; unpicking lets them all go', () => {
    const index = indexTree(TREE);
    const picked = toggled(index, [2], '4', true);
    expect(picked).toEqual([2, 4, 5, 7, 6]);
    expect(chipsOf(index, picked, true).map((chip) => chip.label)).toEqual(['API', 'Data + 3']);
    expect(pickedBelow(index.byKey.get('4')!, new Set(picked.map(String)))).toBe(3);
    expect(toggled(index, picked, '4', true)).toEqual([2]);
    // Without cascading (access groups), each is its own pick and its own chip.
    expect(toggled(index, [2], '4', false)).toEqual([2, 4]);
    expect(chipsOf(index, [2, 4, 5, 7, 6], false)).toHaveLength(5);
    // A picked id the tree lacks is still a chip, to remove it.
    expect(chipsOf(index, [99], true)).toEqual([{ key: '99', label: 'Service #99', keys: ['99'] }]);
  });

  it('keeps temp ids (services queued offline) as they are', () => {
    const index = indexTree([node('tmp-1', 'Search', [node('tmp-2', 'Indexer')])]);
    expect(toggled(index, [], 'tmp-1', true)).toEqual(['tmp-1', 'tmp-2']);
  });

  it('builds the tree from the admin list’s depth-first rows', () => {
    const rows = [
      { service: { id: 1, name: 'Web' }, depth: 0 },
      { service: { id: 2, name: 'API' }, depth: 1 },
      { service: { id: 3, name: 'v2' }, depth: 2 },
      { service: { id: 4, name: '' }, depth: 0 },
    ];
    expect(nodesOfRows(rows)).toEqual([node(1, 'Web', [node(2, 'API', [node(3, 'v2')])]), node(4, 'Service 4')]);
  });

  it('picks 3 of 400 services in a handful of keys: type a number, Enter, three times', () => {
    const index = indexTree(largeTree());
    expect(index.order).toHaveLength(400);
    const collapsed = initiallyCollapsed(index);
    expect(visibleRows(index, '', collapsed)).toHaveLength(10);
    let picked: Array<number | string> = [];
    let keys = 0;
    for (const wanted of ['217', '305', '042']) {
      const rows = visibleRows(index, wanted, collapsed);
      keys += wanted.length + 1;
      picked = toggled(index, picked, activeRow(rows, null)!.service.key, true);
    }
    expect(chipsOf(index, picked, true).map((chip) => chip.label)).toEqual(['Component 217', 'Component 305', 'Component 042']);
    expect(keys).toBeLessThanOrEqual(15);
  });
});

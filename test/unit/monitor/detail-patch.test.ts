import { describe, expect, it } from 'vitest';
import { applyDetail, diffDetail } from '../../../shared/monitor/detail-patch';
import { readPageSnapshot } from '../../../shared/monitor/read-snapshot';
import type { PageSnapshot } from '../../../shared/monitor/snapshot';
import { benchSummaryDoc } from '../../../bench/render/seed-pages';

/* A page's detail as changes: applying the diff of two summaries to the first gives the second. */

const base = () => readPageSnapshot(benchSummaryDoc(0, { groups: 3, perGroup: 3 }, Date.parse('2025-06-01T12:00:00Z')));
const clone = (s: PageSnapshot): PageSnapshot => structuredClone(s);

function roundTrip(prev: PageSnapshot, next: PageSnapshot) {
  const delta = diffDetail(prev, next, 7);
  expect(delta).not.toBeNull();
  expect(delta!.since).toBe(7);
  expect(applyDetail(prev, delta!)).toEqual(next);
  return delta!;
}

describe('detail patches', () => {
  it('nothing changed: no delta', () => {
    const prev = base();
    expect(diffDetail(prev, clone(prev), 1)).toBeNull();
  });

  it('a new incident goes as itself with the new order; a resolved one as its id', () => {
    const prev = base();
    const next = clone(prev);
    next.incidents.unshift({ ...next.incidents[0]!, id: 99, title: 'New' });
    const delta = roundTrip(prev, next);
    expect(delta.incidents).toEqual({ upsert: [next.incidents[0]], remove: [], order: [99, prev.incidents[0]!.id] });
    const after = clone(next);
    after.incidents.splice(1, 1);
    expect(roundTrip(next, after).incidents).toEqual({ upsert: [], remove: [prev.incidents[0]!.id] });
  });

  it('a service level change sends that service only; a renamed service sends the tree', () => {
    const prev = base();
    const next = clone(prev);
    next.services[1]!.children[2]!.level = 'minor';
    next.services[1]!.children[2]!.currentType = 'minor';
    const delta = roundTrip(prev, next);
    expect(delta.serviceLevels).toEqual([{ id: next.services[1]!.children[2]!.id, level: 'minor', currentType: 'minor' }]);
    expect(delta.services).toBeUndefined();
    const renamed = clone(next);
    renamed.services[0]!.name = 'Elsewhere';
    expect(roundTrip(next, renamed).services).toEqual(renamed.services);
  });

  it('page-level fields go as the header', () => {
    const prev = base();
    const next = clone(prev);
    next.level = 'operational';
    next.currentType = null;
    const delta = roundTrip(prev, next);
    expect(delta.header).toMatchObject({ level: 'operational', currentType: null });
    expect(delta.incidents).toBeUndefined();
  });
});

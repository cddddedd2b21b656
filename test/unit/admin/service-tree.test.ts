import { describe, expect, it } from 'vitest';
import { serviceRows, subtreeIds } from '../../../shared/admin/service-tree';

const services = [
  { id: 4, name: 'Data', parent_id: null, order: 1 },
  { id: 2, name: 'API', parent_id: 1, order: 0 },
  { id: 1, name: 'Web', parent_id: null, order: 0 },
  { id: 'tmp-x', name: 'Search', parent_id: 1 },
  { id: 3, name: 'Dashboard', parent_id: 1, order: 1 },
  { id: 5, name: 'Database', parent_id: 4, order: 0 },
];

describe('service tree', () => {
  it('lists parents before children, by order then name, unordered (queued) last', () => {
    expect(serviceRows(services).map((r) => [r.service.name, r.depth, r.path.join('/')])).toEqual([
      ['Web', 0, ''],
      ['API', 1, 'Web'],
      ['Dashboard', 1, 'Web'],
      ['Search', 1, 'Web'],
      ['Data', 0, ''],
      ['Database', 1, 'Data'],
    ]);
  });

  it('shows services of an unknown parent and of a cycle instead of hiding them', () => {
    const odd = [
      { id: 1, name: 'Orphan', parent_id: 99 },
      { id: 2, name: 'A', parent_id: 3 },
      { id: 3, name: 'B', parent_id: 2 },
    ];
    expect(
      serviceRows(odd)
        .map((r) => r.service.name)
        .sort(),
    ).toEqual(['A', 'B', 'Orphan']);
  });

  it('knows which services cannot become a parent of one (itself and below)', () => {
    expect([...subtreeIds(services, 1)].sort()).toEqual(['1', '2', '3', 'tmp-x']);
  });
});

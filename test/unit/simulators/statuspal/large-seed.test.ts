import { describe, expect, it } from 'vitest';
import { LARGE_PAGE, SMALL_COPY, componentName, seedLarge } from '../../../../simulators/statuspal/seeds/large';
import { seedBase } from '../../../../simulators/statuspal/seeds/base';
import { Store } from '../../../../simulators/statuspal/store';

/* The large company's page the scale tests and the large-page bench run against, and its 10-item copy. */

const NOW = Date.UTC(2026, 5, 1, 12);

function seeded(counts: Parameters<typeof seedLarge>[2]) {
  const store = new Store(1);
  seedBase(store, NOW);
  return seedLarge(store, NOW, counts);
}

function depthOf(page: ReturnType<typeof seeded>, id: number): number {
  let depth = 0;
  for (let parent = page.services.get(id)!.parentId; parent !== null; parent = page.services.get(parent)!.parentId) depth++;
  return depth;
}

describe('the large page seed', () => {
  it('has the counts of the issue, services in three levels with component numbers found by their digits alone', () => {
    const page = seeded({ subscriptions: 2_000, incidents: 500, metricDays: 1 });
    expect(page.services.size).toBe(LARGE_PAGE.services);
    const depths = [...page.services.keys()].map((id) => depthOf(page, id));
    expect(new Set(depths)).toEqual(new Set([0, 1, 2]));
    const names = [...page.services.values()].map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((name) => name.includes('217'))).toEqual([componentName(216)]);
    expect(names.filter((name) => /\d/.test(name)).length).toBe(depths.filter((d) => d === 2).length);
    expect(page.subscriptions.size).toBe(2_000);
    expect(page.webhooks.size).toBe(LARGE_PAGE.webhooks);
    expect(page.accessGroups.size).toBe(LARGE_PAGE.accessGroups);
    expect(page.members.size).toBe(LARGE_PAGE.members);
    expect(page.incidents.size).toBe(500 + LARGE_PAGE.maintenances);
    expect(page.metrics.size).toBe(LARGE_PAGE.metrics);
    expect([...page.metrics.values()][0]!.entries).toHaveLength(24 * 12);
  });

  it('past incidents are resolved when their last update was posted; a tenth of the maintenances is still ahead', () => {
    const page = seeded({ ...SMALL_COPY, incidents: 20, maintenances: 20 });
    const incidents = [...page.incidents.values()];
    const past = incidents.filter((i) => i.type !== 'scheduled');
    expect(past.every((i) => i.closedAt !== null && i.endsAt! < NOW && i.updates.length === 4 && i.updates[0]!.type === 'resolved')).toBe(true);
    expect(incidents.filter((i) => i.type === 'scheduled' && i.startsAt > NOW)).toHaveLength(2);
    expect(past.some((i) => page.live.has(i))).toBe(false);
  });

  it('its 10-item copy has ten of each', () => {
    const page = seeded(SMALL_COPY);
    for (const size of [page.services.size, page.subscriptions.size, page.webhooks.size, page.accessGroups.size, page.members.size]) expect(size).toBe(10);
    expect(page.incidents.size).toBe(20);
  });
});

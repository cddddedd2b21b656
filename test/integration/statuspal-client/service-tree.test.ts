import { afterEach, describe, expect, it } from 'vitest';
import { lookUpWrite } from '../../../electron/core/outbox/statuspal/reconcile';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { SlidingWindowRateLimiter, StatusPageClient } from '../../../electron/core/statuspal-client';

/*
 * The simulator serves the services list as the real service is reported to (panov-va/healthpage,
 * backend/internal/importer/statuspal.go): top-level services with children_ids. The client completes the
 * tree, so the Administration tree and the outbox's look-up of an interrupted child-service create see the
 * child services.
 */

let sim: StatusPageSimulator | null = null;
afterEach(async () => {
  await sim?.close();
  sim = null;
});

async function setUp() {
  sim = await startStatusPageSimulator();
  const client = new StatusPageClient({
    region: { baseUrl: sim.baseUrl },
    apiKey: sim.keys.demoReadWrite,
    rateLimiter: new SlidingWindowRateLimiter({ limit: 1000 }),
  });
  return { sim, client };
}

describe('child services over the top-level-only list', () => {
  it('the raw list holds the top level only; the client lists every service of the tree', async () => {
    const { sim, client } = await setUp();
    const raw = (await (await fetch(`${sim.baseUrl}/status_pages/acme/services`, { headers: { Authorization: sim.keys.demoReadWrite } })).json()) as {
      services: Array<{ name: string; parent_id: number | null }>;
    };
    expect(raw.services.every((s) => s.parent_id === null)).toBe(true);
    const listed = await client.listServices({ subdomain: 'acme' });
    expect(listed.items.map((s) => s.name)).toEqual(['Web', 'API', 'Dashboard', 'Data', 'Database', 'Queue']);
    expect(listed.items.length).toBeGreaterThan(raw.services.length);
  });

  it('the outbox look-up finds a child service whose create was applied but never answered, instead of creating it twice', async () => {
    const { client } = await setUp();
    const sentAt = Date.now() - 1_000;
    await client.addService({ subdomain: 'acme', service: { name: 'Search', parent_id: 1 } });
    const result = await lookUpWrite(
      'addService',
      { subdomain: 'acme', service: { name: 'Search', parent_id: 1 } },
      { client, claimed: new Set(), sentAt: () => ({ at: sentAt, measured: true }), writtenAt: () => sentAt, toleranceMs: 60_000, skewMs: 5_000, maxPages: 10 },
    );
    expect(result).toMatchObject({ type: 'applied', object: { name: 'Search', parent_id: 1 } });
  });
});

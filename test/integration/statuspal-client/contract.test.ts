import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { statusPageOperationTable, type OperationName, type OperationRow } from '../../../shared/statuspal';
import { SlidingWindowRateLimiter, StatusPageApiError, StatusPageClient } from '../../../electron/core/statuspal-client';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';

/*
 * Every client operation against the simulator, table-driven from statusPageOperationTable():
 * success, missing key, wrong key, read-only key on writes, unknown id, invalid body.
 * The simulator is reset before each test so deletes do not leak into the next one.
 */

let sim: StatusPageSimulator;

beforeAll(async () => {
  sim = await startStatusPageSimulator({ seed: 'demo', rateLimit: false });
});

afterAll(async () => {
  await sim.close();
});

beforeEach(async () => {
  await sim.reset();
});

function clientWith(apiKey?: string): StatusPageClient {
  return new StatusPageClient({
    region: { baseUrl: sim.baseUrl },
    ...(apiKey === undefined ? {} : { apiKey }),
    rateLimiter: new SlidingWindowRateLimiter({ limit: 100_000 }),
    retry: { retries: 0 },
  });
}

const call = (client: StatusPageClient, name: OperationName, input: Record<string, unknown>) =>
  (client.call as (n: OperationName, i: unknown) => Promise<unknown>)(name, input);

async function failure(promise: Promise<unknown>): Promise<StatusPageApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StatusPageApiError);
  return error as StatusPageApiError;
}

/** Ids of records in the demo seed, found through the client itself. */
async function discoverIds(): Promise<Record<string, string | number>> {
  const c = clientWith(sim.keys.demoReadWrite);
  const incident = (await c.listIncidents({ subdomain: 'acme' })).items[0]!;
  const notice = (await c.listInfoNotices({ subdomain: 'acme' })).items[0]!;
  const subscription = (await c.listSubscriptions({ subdomain: 'acme' })).items[0]!;
  const webhook = (await c.listWebhooks({ subdomain: 'acme' })).items[0]!;
  const group = (await c.listAccessGroups({ subdomain: 'acme' })).items[0]!;
  const orgMembers = (await c.listOrgMembers({ organizationId: 1 })).items;
  const pageMember = (await c.listPageMembers({ subdomain: 'acme-eu' })).items[0]!;
  return {
    subdomain: 'acme',
    organizationId: 1,
    incidentId: incident.id,
    updateId: incident.updates![0]!.id,
    infoNoticeId: notice.id,
    noticeUpdateId: notice.updates![0]!.id,
    metricId: 1,
    subscriptionId: subscription.id,
    serviceId: 2,
    webhookId: webhook.id,
    accessGroupId: group.id,
    orgMemberId: orgMembers.find((m) => m.role === 'viewer')!.id,
    pageMemberId: pageMember.id,
  };
}

const NOTICE_UPDATE_OPS = new Set<OperationName>(['addInfoNoticeUpdate', 'changeInfoNoticeUpdate']);

/** A body the simulator accepts, per operation. */
function validBody(row: OperationRow): Record<string, unknown> | undefined {
  switch (row.bodyKey) {
    case null:
      return undefined;
    case 'incident':
      return row.method === 'POST'
        ? { type: 'minor', title: 'Contract test', service_ids: [2], updates: [{ type: 'issue', description: 'Checking' }] }
        : { title: 'Contract test, renamed' };
    case 'update':
      return NOTICE_UPDATE_OPS.has(row.name) ? { description: 'More details' } : { type: 'update', description: 'More details' };
    case 'info_notice':
      return { title: 'Contract notice' };
    case 'entry':
      return { time: 1_700_000_000, value: 42.5 };
    case 'subscription':
      return { email: 'contract@example.com' };
    case 'status_page':
      return row.method === 'POST' ? { name: 'Contract page', subdomain: 'contract-page' } : { name: 'Renamed page' };
    case 'service':
      return { name: 'Contract service' };
    case 'webhook':
      return { url: 'https://hooks.example.com/contract' };
    case 'access_group':
      return { name: 'Contract group' };
    case 'member':
      return row.method === 'POST' ? { email: 'new-member@example.com', role: 'viewer' } : { role: 'editor' };
    default:
      throw new Error(`no body for ${row.bodyKey}`);
  }
}

const PAGE_MEMBER_OPS = new Set<OperationName>(['listPageMembers', 'addPageMember', 'updatePageMember', 'deletePageMember']);

function inputFor(row: OperationRow, ids: Record<string, string | number>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const param of row.pathParams) {
    if (param === 'memberId') input[param] = row.path.startsWith('/orgs') ? ids.orgMemberId : ids.pageMemberId;
    else if (param === 'updateId' && row.path.includes('/info_notices/')) input[param] = ids.noticeUpdateId;
    else if (param === 'subdomain' && PAGE_MEMBER_OPS.has(row.name)) input[param] = 'acme-eu';
    else input[param] = ids[param];
  }
  const body = validBody(row);
  if (body && row.bodyKey) input[row.bodyKey] = body;
  return input;
}

const UNKNOWN: Record<string, string | number> = {
  subdomain: 'no-such-page',
  organizationId: 987_654,
  subscriptionId: '00000000-0000-4000-8000-000000000000',
};

const table = statusPageOperationTable();
const rows = table.map((row) => [row.name, row] as const);
const keyRows = table.filter((r) => r.auth === 'key').map((row) => [row.name, row] as const);
const publicRows = table.filter((r) => r.auth === 'none').map((row) => [row.name, row] as const);
const writeRows = table.filter((r) => r.kind === 'write').map((row) => [row.name, row] as const);
const idRows = table.filter((r) => r.pathParams.length > 0).map((row) => [row.name, row] as const);
const bodyRows = table.filter((r) => r.bodyKey !== null).map((row) => [row.name, row] as const);

describe('contract with the simulator', () => {
  it('covers all 55 operations', () => {
    expect(rows).toHaveLength(55);
  });

  describe('success', () => {
    it.each(rows)('%s', async (name, row) => {
      const ids = await discoverIds();
      const before = sim.writeLog().length;
      const result = await call(clientWith(sim.keys.demoReadWrite), name, inputFor(row, ids));
      if (row.method === 'DELETE') expect(result).toBeUndefined();
      else expect(result).toBeTypeOf('object');
      if (row.kind === 'write') expect(sim.writeLog().length).toBe(before + 1);
    });
  });

  describe('missing key', () => {
    it.each(keyRows)('%s is refused before sending, and the server would say 401', async (name, row) => {
      const ids = await discoverIds();
      const input = inputFor(row, ids);
      const before = sim.requestCount();
      const error = await failure(call(clientWith(undefined), name, input));
      expect(error.code).toBe('unauthorized');
      expect(sim.requestCount()).toBe(before);
      // The same request sent raw, without the header: the server's own answer.
      const path = row.path.replace(/\{([^}]+)\}/g, (_, p: string) => encodeURIComponent(String(input[p])));
      const response = await fetch(`${sim.baseUrl}${path}`, {
        method: row.method,
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        ...(row.bodyKey ? { body: JSON.stringify({ [row.bodyKey]: input[row.bodyKey] }) } : {}),
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 401 });
    });

    it.each(publicRows)('%s works without a key', async (name, row) => {
      const ids = await discoverIds();
      await expect(call(clientWith(undefined), name, inputFor(row, ids))).resolves.toBeTypeOf('object');
    });
  });

  describe('wrong key', () => {
    it.each(keyRows)('%s → unauthorized (401)', async (name, row) => {
      const ids = await discoverIds();
      const error = await failure(call(clientWith('not-a-real-key-0000'), name, inputFor(row, ids)));
      expect(error).toMatchObject({ code: 'unauthorized', status: 401, body: { error: 401 }, ambiguous: false });
    });

    it.each(publicRows)('%s does not send the key, so it still works', async (name, row) => {
      const ids = await discoverIds();
      await expect(call(clientWith('not-a-real-key-0000'), name, inputFor(row, ids))).resolves.toBeTypeOf('object');
    });
  });

  describe('read-only key', () => {
    it.each(writeRows)('%s → forbidden (403)', async (name, row) => {
      const ids = await discoverIds();
      const error = await failure(call(clientWith(sim.keys.demoReadOnly), name, inputFor(row, ids)));
      expect(error).toMatchObject({ code: 'forbidden', status: 403, ambiguous: false });
    });
  });

  describe('unknown id', () => {
    it.each(idRows)('%s → not_found (404)', async (name, row) => {
      const ids = await discoverIds();
      const input = inputFor(row, ids);
      const last = row.pathParams[row.pathParams.length - 1]!;
      input[last] = UNKNOWN[last] ?? 987_654;
      const error = await failure(call(clientWith(sim.keys.demoReadWrite), name, input));
      expect(error).toMatchObject({ code: 'not_found', status: 404, body: { error: 404 } });
    });
  });

  describe('invalid body', () => {
    it.each(bodyRows)('%s → invalid_input, nothing sent', async (name, row) => {
      const ids = await discoverIds();
      const input = { ...inputFor(row, ids), [row.bodyKey!]: ['not', 'an', 'object'] };
      const before = sim.requestCount();
      const error = await failure(call(clientWith(sim.keys.demoReadWrite), name, input));
      expect(error.code).toBe('invalid_input');
      expect(error.message).toContain(row.bodyKey!);
      expect(sim.requestCount()).toBe(before);
    });

    it('a body only the server can judge is its 422, surfaced as http', async () => {
      const client = clientWith(sim.keys.demoReadWrite);
      const error = await failure(client.createIncident({ subdomain: 'acme', incident: { type: 'major', title: 'x', service_ids: [987_654] } }));
      expect(error).toMatchObject({ code: 'http', status: 422, body: { error: 422 }, ambiguous: false, retryable: false });
    });
  });

  describe('pagination and filters', () => {
    it('follows the simulator’s links through every incident', async () => {
      const client = clientWith(sim.keys.demoReadWrite);
      for (let i = 0; i < 5; i++) await client.createIncident({ subdomain: 'acme', incident: { type: 'minor', title: `Paged ${i}` } });
      const all = (await client.listIncidents({ subdomain: 'acme', limit: 100 })).items.map((i) => i.id);
      const paged: number[] = [];
      for await (const incident of client.paginate('listIncidents', { subdomain: 'acme', limit: 2 })) paged.push(incident.id);
      expect(paged).toEqual(all);
    });

    it.each(['+41 79 123 45 67', '+41', '791234567', 'alice@example.com'])('finds the demo subscription by %s', async (filter) => {
      const page = await clientWith(sim.keys.demoReadWrite).listSubscriptions({ subdomain: 'acme', filter });
      expect(page.items).toHaveLength(1);
    });
  });

  describe('rate limit', () => {
    it('a burst of writes paced by the client limiter meets no 429, and is not sent faster than the bound', async () => {
      sim.setRateLimit({ limit: 10, windowMs: 1000 });
      const client = new StatusPageClient({
        region: { baseUrl: sim.baseUrl },
        apiKey: sim.keys.demoReadWrite,
        rateLimiter: new SlidingWindowRateLimiter({ limit: 10, windowMs: 1000 }),
      });
      const started = performance.now();
      const results = await Promise.allSettled(
        Array.from({ length: 35 }, (_, i) => client.addMetricEntry({ subdomain: 'acme', metricId: 1, entry: { time: 1_700_000_000 + i, value: i } })),
      );
      const elapsed = performance.now() - started;
      expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
      expect(sim.writeLog({ op: 'metrics.entries.create' })).toHaveLength(35);
      // 35 requests at 10 per second: bursts at 0, 1, 2 and 3 s. That it paces no slower than the bound is the
      // limiter's unit test, on a clock of its own: an upper bound here would be a race on a busy machine.
      expect(elapsed).toBeGreaterThanOrEqual(3000);
    });
  });
});

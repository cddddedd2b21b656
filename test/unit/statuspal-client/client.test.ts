import { describe, expect, it } from 'vitest';
import { STATUS_PAGE_OPERATIONS, statusPageOperationTable, type Incident, type ListPage, type PageSummary } from '../../../shared/statuspal';
import { SlidingWindowRateLimiter, StatusPageClient, type StatusPageClientOptions } from '../../../electron/core/statuspal-client';
import { loadFixture } from './helpers/fixtures';
import { json, recordingFetch, type Responder } from './helpers/recording-fetch';
import { expectedPath, sampleInput, sampleSuccessBody } from './helpers/samples';

const KEY = 'test-key-123';
const BASE = 'https://statuspal.io/api/v2';

function makeClient(respond: Responder, options: StatusPageClientOptions = {}) {
  const recorder = recordingFetch(respond);
  const client = new StatusPageClient({
    apiKey: KEY,
    fetch: recorder.fetch,
    rateLimiter: new SlidingWindowRateLimiter({ limit: 1000 }),
    retry: { sleep: async () => {}, random: () => 0 },
    ...options,
  });
  return { client, requests: recorder.requests };
}

const summary = loadFixture('exoscale-network-degraded.json');

describe('every operation of the table', () => {
  it.each(statusPageOperationTable().map((row) => [row.name, row] as const))('%s sends the right request', async (name, row) => {
    const body = sampleSuccessBody(name, summary);
    const { client, requests } = makeClient(() => (body === undefined ? new Response(null, { status: 204 }) : json(body)));
    const result = await (client as unknown as Record<string, (input: unknown) => Promise<unknown>>)[name]!(sampleInput(name));

    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(request.method).toBe(row.method);
    expect(request.url).toBe(BASE + expectedPath(row));
    expect(request.headers.accept).toBe('application/json');
    expect(request.headers['content-type']).toBe('application/json');
    if (row.auth === 'key') expect(request.headers.authorization).toBe(KEY);
    else expect(request.headers).not.toHaveProperty('authorization');
    if (row.bodyKey) expect(Object.keys(JSON.parse(request.body!))).toEqual([row.bodyKey]);
    else expect(request.body).toBeUndefined();

    const response = STATUS_PAGE_OPERATIONS[name].response;
    if (response.kind === 'empty') expect(result).toBeUndefined();
    else if (response.kind === 'single') expect(result).toEqual((body as Record<string, unknown>)[response.key]);
    else if (response.kind === 'list') expect((result as ListPage<unknown>).items).toEqual((body as Record<string, unknown>)[response.key]);
    else expect(result).toEqual(body);
  });
});

describe('typed calls', () => {
  it('returns unwrapped items and list pages', async () => {
    const incident = { id: 7, type: 'performance', title: 'Slow', extra: { kept: true } };
    const { client, requests } = makeClient((req) =>
      req.url.includes('/incidents/7') ? json({ incident }) : json({ incidents: [incident], links: { next: null }, meta: { total_count: 1 } }),
    );
    const one: Incident = await client.getIncident({ subdomain: 'acme', incidentId: 7 });
    expect(one).toEqual(incident);
    const page = await client.listIncidents({ subdomain: 'acme', limit: 100, type: 'scheduled', after: 'c1' });
    expect(page.items[0]!.type).toBe('performance');
    expect(page.meta?.total_count).toBe(1);
    expect(new URL(requests[1]!.url).search).toBe('?after=c1&limit=100&type=scheduled');
    const hello = await makeClient(() => json({ message: 'hello' })).client.hello();
    expect(hello.message).toBe('hello');
    const s: PageSummary = await makeClient(() => json(summary)).client.getPageSummary({ subdomain: 'exoscalestatus' });
    expect(s.current_status_type).toBe('minor');
  });

  it('encodes path segments and the phone filter', async () => {
    const { client, requests } = makeClient(() => json({ subscriptions: [], links: {}, meta: {} }));
    await client.listSubscriptions({ subdomain: 'a/b?c', filter: '+41 79 123 45 67' });
    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe('/api/v2/status_pages/a%2Fb%3Fc/subscriptions');
    expect(url.searchParams.get('filter')).toBe('+41 79 123 45 67');
    expect(requests[0]!.url).toContain('filter=%2B41+79+123+45+67');
  });

  it('sends the metric entry in the documented shape', async () => {
    const { client, requests } = makeClient(() => json({ entry: { time: 1_700_000_000, value: 3.5 } }));
    await client.addMetricEntry({ subdomain: 'acme', metricId: 3, entry: { time: 1_700_000_000, value: 3.5 } });
    expect(JSON.parse(requests[0]!.body!)).toEqual({ entry: { time: 1_700_000_000, value: 3.5 } });
  });

  it('sends {} when the optional status page body is omitted', async () => {
    const { client, requests } = makeClient(() => json({ status_page: { subdomain: 'new' } }));
    await client.addStatusPage({ organizationId: 1 });
    expect(requests[0]!.body).toBe('{}');
  });
});

describe('input is checked before anything is sent', () => {
  const cases: Array<[string, (c: StatusPageClient) => Promise<unknown>, RegExp]> = [
    ['limit over 100', (c) => c.listIncidents({ subdomain: 'acme', limit: 101 }), /limit must be an integer from 1 to 100/],
    ['limit under 1', (c) => c.listInfoNotices({ subdomain: 'acme', limit: 0 }), /limit must be an integer from 1 to 100/],
    ['non-integer limit', (c) => c.listPageMembers({ subdomain: 'acme', limit: 2.5 }), /limit must be an integer from 1 to 100/],
    ['string limit', (c) => c.listOrgMembers({ organizationId: 1, limit: '20' as unknown as number }), /limit/],
    ['bad filter', (c) => c.listSubscriptions({ subdomain: 'acme', filter: '+41791234567' }), /filter must be an email address/],
    ['bad member email', (c) => c.listPageMembers({ subdomain: 'acme', email: 'nope' }), /email/],
    ['missing path param', (c) => c.getIncident({ subdomain: 'acme' } as never), /incidentId is required/],
    ['dot segment', (c) => c.getIncident({ subdomain: '..', incidentId: 1 }), /subdomain must be a non-empty identifier/],
    ['empty subdomain', (c) => c.getPageSummary({ subdomain: '' }), /subdomain must be a non-empty identifier/],
    ['negative id', (c) => c.getIncident({ subdomain: 'a', incidentId: -1 }), /incidentId must be a non-negative integer/],
    ['missing body', (c) => c.createIncident({ subdomain: 'acme' } as never), /incident is required/],
    ['invalid body', (c) => c.createIncident({ subdomain: 'acme', incident: { type: 'major' } as never }), /incident\.title/],
    ['invalid metric value', (c) => c.addMetricEntry({ subdomain: 'a', metricId: 1, entry: { time: 1, value: Number.NaN } }), /entry\.value/],
    ['invalid datetime', (c) => c.createIncident({ subdomain: 'a', incident: { type: 'scheduled', title: 't', starts_at: 'tomorrow' } }), /starts_at/],
  ];

  it.each(cases)('%s → invalid_input', async (_, run, message) => {
    const { client, requests } = makeClient(() => json({}));
    const error = await run(client).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'invalid_input', ambiguous: false });
    expect(String((error as Error).message)).toMatch(message);
    expect(requests).toHaveLength(0);
  });

  it('refuses key operations without a key, without sending', async () => {
    const { client, requests } = makeClient(() => json({}), { apiKey: undefined });
    await expect(client.listWebhooks({ subdomain: 'acme' })).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(makeClient(() => json({}), { apiKey: async () => null }).client.deleteIncident({ subdomain: 'a', incidentId: 1 })).rejects.toMatchObject({
      code: 'unauthorized',
    });
    expect(requests).toHaveLength(0);
  });

  it('reads the key from a provider only for key operations', async () => {
    let reads = 0;
    const { client, requests } = makeClient(() => json({ message: 'hello' }), {
      apiKey: async () => {
        reads++;
        return KEY;
      },
    });
    await client.hello();
    expect(reads).toBe(0);
    expect(requests[0]!.headers).not.toHaveProperty('authorization');
  });
});

describe('regions', () => {
  it('uses the EU server and custom servers', async () => {
    const eu = makeClient(() => json({ message: 'hello' }), { region: 'eu' });
    await eu.client.hello();
    expect(eu.requests[0]!.url).toBe('https://statuspal.eu/api/v2/hello');
    const custom = makeClient(() => json({ message: 'hello' }), { region: { baseUrl: 'http://127.0.0.1:9/api/v2/' } });
    await custom.client.hello();
    expect(custom.requests[0]!.url).toBe('http://127.0.0.1:9/api/v2/hello');
  });
});

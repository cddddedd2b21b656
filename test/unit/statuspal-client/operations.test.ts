import { describe, expect, it } from 'vitest';
import { STATUS_PAGE_OPERATIONS, statusPageOperationTable, type OperationName } from '../../../shared/statuspal';
import { StatusPageClient } from '../../../electron/core/statuspal-client';

/** Auth `none` per the spec; everything else needs the key. */
const PUBLIC: OperationName[] = [
  'hello',
  'getPageStatus',
  'getServiceStatus',
  'getPageSummary',
  'getServiceSummary',
  'listIncidents',
  'getIncident',
  'listInfoNotices',
  'getInfoNotice',
];

describe('operation table', () => {
  it('has all 55 operations with unique names and unique method + path', () => {
    expect(statusPageOperationTable()).toHaveLength(55);
    expect(new Set(statusPageOperationTable().map((r) => r.name)).size).toBe(55);
    expect(new Set(statusPageOperationTable().map((r) => `${r.method} ${r.path}`)).size).toBe(55);
  });

  it('marks exactly the spec’s public operations as auth none', () => {
    expect(
      statusPageOperationTable()
        .filter((r) => r.auth === 'none')
        .map((r) => r.name)
        .sort(),
    ).toEqual([...PUBLIC].sort());
  });

  it('derives kind from the method: GET reads, the rest writes', () => {
    for (const row of statusPageOperationTable()) expect(row.kind, row.name).toBe(row.method === 'GET' ? 'read' : 'write');
  });

  it('uses the known paths', () => {
    const paths = Object.fromEntries(statusPageOperationTable().map((r) => [r.name, `${r.method} ${r.path}`]));
    expect(paths).toMatchObject({
      hello: 'GET /hello',
      getPageStatus: 'GET /status_pages/{subdomain}/status',
      getServiceStatus: 'GET /status_pages/{subdomain}/services/{serviceId}/status',
      createIncident: 'POST /status_pages/{subdomain}/incidents',
      addIncidentUpdate: 'POST /status_pages/{subdomain}/incidents/{incidentId}/updates',
      changeIncidentUpdate: 'PUT /status_pages/{subdomain}/incidents/{incidentId}/updates/{updateId}',
      deleteInfoNoticeUpdate: 'DELETE /status_pages/{subdomain}/info_notices/{infoNoticeId}/updates/{updateId}',
      addMetricEntry: 'POST /status_pages/{subdomain}/metrics/{metricId}/entries',
      getSubscription: 'GET /status_pages/{subdomain}/subscriptions/{subscriptionId}',
      listStatusPages: 'GET /orgs/{organizationId}/status_pages',
      deleteStatusPage: 'DELETE /orgs/{organizationId}/status_pages/{subdomain}',
      updateService: 'PUT /status_pages/{subdomain}/services/{serviceId}',
      getWebhook: 'GET /status_pages/{subdomain}/webhooks/{webhookId}',
      deleteAccessGroup: 'DELETE /status_pages/{subdomain}/access_groups/{accessGroupId}',
      updatePageMember: 'PUT /status_pages/{subdomain}/members/{memberId}',
      deleteOrgMember: 'DELETE /orgs/{organizationId}/members/{memberId}',
    });
  });

  it('lists the query parameters of the paginated lists', () => {
    const query = Object.fromEntries(statusPageOperationTable().map((r) => [r.name, r.queryParams]));
    expect(query.listIncidents).toEqual(['before', 'after', 'limit', 'type']);
    expect(query.listSubscriptions).toEqual(['before', 'after', 'limit', 'filter']);
    expect(query.listPageMembers).toEqual(['before', 'after', 'limit', 'email']);
    expect(query.listInfoNotices).toEqual(['before', 'after', 'limit']);
  });

  it('gives every write a body wrapper except deletes', () => {
    for (const row of statusPageOperationTable()) {
      if (row.method === 'POST' || row.method === 'PUT') expect(row.bodyKey, row.name).not.toBeNull();
      else expect(row.bodyKey, row.name).toBeNull();
    }
    expect(STATUS_PAGE_OPERATIONS.addStatusPage.body.required).toBe(false);
  });

  it('has one client method per row', () => {
    const client = new StatusPageClient();
    for (const row of statusPageOperationTable()) expect(typeof (client as unknown as Record<string, unknown>)[row.name], row.name).toBe('function');
  });
});

import { STATUS_PAGE_OPERATIONS, type OperationName, type OperationRow, type OperationSpec } from '../../../../shared/statuspal';

/** Path parameter values; chosen so that encoding is visible. */
const SAMPLE_PATH_VALUES: Record<string, string | number> = {
  subdomain: 'my page',
  organizationId: 12,
  incidentId: 101,
  updateId: 202,
  infoNoticeId: 303,
  metricId: 404,
  subscriptionId: '0b6c0c9e-5c9a/4c7e',
  serviceId: 505,
  webhookId: 606,
  accessGroupId: 707,
  memberId: 808,
};

/** A valid body per wrapper key. */
const SAMPLE_BODIES: Record<string, Record<string, unknown>> = {
  incident: { type: 'major', title: 'Database down', service_ids: [1], updates: [{ type: 'issue', description: 'Looking' }] },
  update: { type: 'issue', description: 'We are looking into it' },
  info_notice: { title: 'Heads up' },
  entry: { time: 1_700_000_000, value: 1.5 },
  subscription: { type: 'email', email: 'ops@example.com' },
  status_page: { name: 'Example', subdomain: 'example' },
  service: { name: 'API' },
  webhook: { url: 'https://example.com/hook' },
  access_group: { name: 'Customers' },
  member: { email: 'ops@example.com', role: 'viewer' },
};

/** A minimal valid item per response wrapper key. */
const SAMPLE_ITEMS: Record<string, Record<string, unknown>> = {
  incident: { id: 1, type: 'major', title: 't' },
  update: { id: 2, type: 'issue', description: 'd' },
  info_notice: { id: 3, title: 'n' },
  entry: { time: 1_700_000_000, value: 1.5 },
  subscription: { id: '0b6c0c9e-5c9a-4c7e-9a53-2f0f8f6d1c11', type: 'email' },
  status_page: { name: 'Example', subdomain: 'example' },
  status_pages: { name: 'Example', subdomain: 'example' },
  service: { id: 5, name: 'API' },
  services: { id: 5, name: 'API' },
  webhook: { id: 6, url: 'https://example.com/hook' },
  webhooks: { id: 6, url: 'https://example.com/hook' },
  access_group: { id: 7, name: 'Customers' },
  access_groups: { id: 7, name: 'Customers' },
  member: { id: 8, email: 'ops@example.com' },
  members: { id: 8, email: 'ops@example.com' },
  incidents: { id: 1, type: 'major', title: 't' },
  info_notices: { id: 3, title: 'n' },
  subscriptions: { id: '0b6c0c9e-5c9a-4c7e-9a53-2f0f8f6d1c11' },
};

export function sampleInput(name: OperationName): Record<string, unknown> {
  const spec: OperationSpec = STATUS_PAGE_OPERATIONS[name];
  const input: Record<string, unknown> = {};
  for (const match of spec.path.matchAll(/\{([^}]+)\}/g)) input[match[1]!] = SAMPLE_PATH_VALUES[match[1]!];
  if (spec.body) input[spec.body.key] = SAMPLE_BODIES[spec.body.key];
  return input;
}

export function expectedPath(row: OperationRow): string {
  return row.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(SAMPLE_PATH_VALUES[name])));
}

/** A success body the operation accepts. */
export function sampleSuccessBody(name: OperationName, summary: unknown): unknown {
  const response = (STATUS_PAGE_OPERATIONS[name] as OperationSpec).response;
  switch (response.kind) {
    case 'empty':
      return undefined;
    case 'single':
      return { [response.key]: SAMPLE_ITEMS[response.key] };
    case 'list':
      return response.paginated
        ? { [response.key]: [SAMPLE_ITEMS[response.key]], links: { next: null, prev: null }, meta: { total_count: 1 } }
        : { [response.key]: [SAMPLE_ITEMS[response.key]] };
    case 'object':
      if (name === 'hello') return { message: 'hello' };
      if (name === 'getPageSummary') return summary;
      return { service: { id: 5, name: 'API', children: [] }, incidents: [], maintenances: [], upcoming_maintenances: [] };
  }
}

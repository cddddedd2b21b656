import { STATUS_PAGE_OPERATIONS, type OperationName, type StatusPageOperations } from '../statuspal/operations';

/** Names of the status page operations that change something (kind `write`): the ones the outbox carries. */
export type WriteOperationName = {
  [N in OperationName]: StatusPageOperations[N]['kind'] extends 'write' ? N : never;
}[OperationName];

/** What a write does to which resource; drives resource keys, temp ids, reconciliation and conflicts. */
type WriteAction = 'create' | 'update' | 'delete';

export type WriteResource =
  | 'incident'
  | 'incident_update'
  | 'info_notice'
  | 'info_notice_update'
  | 'metric'
  | 'metric_entry'
  | 'subscription'
  | 'status_page'
  | 'service'
  | 'webhook'
  | 'access_group'
  | 'page_member'
  | 'org_member';

interface WriteOperationInfo {
  readonly action: WriteAction;
  readonly resource: WriteResource;
  /** `page`: lives under /status_pages/{subdomain}; `org`: under /orgs/{organizationId}. */
  readonly scope: 'page' | 'org';
  /** Path parameter holding this resource's own id (update, delete). */
  readonly idParam?: string;
  /**
   * Sub-resources (incident updates, notice updates, metric entries) are ordered with their parent: every
   * write on an incident, its updates included, shares the incident's resource key.
   */
  readonly parent?: { readonly resource: WriteResource; readonly idParam: string };
  /** Creates that give the new resource an id (all but metric entries): they get a temporary id. */
  readonly yieldsId?: boolean;
}

const create = (resource: WriteResource, scope: 'page' | 'org', parent?: WriteOperationInfo['parent']): WriteOperationInfo => ({
  action: 'create',
  resource,
  scope,
  yieldsId: true,
  ...(parent ? { parent } : {}),
});
const change = (action: 'update' | 'delete', resource: WriteResource, scope: 'page' | 'org', idParam: string, parent?: WriteOperationInfo['parent']) => ({
  action,
  resource,
  scope,
  idParam,
  ...(parent ? { parent } : {}),
});

const INCIDENT = { resource: 'incident', idParam: 'incidentId' } as const;
const NOTICE = { resource: 'info_notice', idParam: 'infoNoticeId' } as const;

/** Every write operation of STATUS_PAGE_OPERATIONS, described once. A test checks that none is missing. */
export const WRITE_OPERATIONS: { readonly [N in WriteOperationName]: WriteOperationInfo } = {
  createIncident: create('incident', 'page'),
  updateIncident: change('update', 'incident', 'page', 'incidentId'),
  deleteIncident: change('delete', 'incident', 'page', 'incidentId'),
  addIncidentUpdate: create('incident_update', 'page', INCIDENT),
  changeIncidentUpdate: change('update', 'incident_update', 'page', 'updateId', INCIDENT),
  deleteIncidentUpdate: change('delete', 'incident_update', 'page', 'updateId', INCIDENT),

  createInfoNotice: create('info_notice', 'page'),
  updateInfoNotice: change('update', 'info_notice', 'page', 'infoNoticeId'),
  deleteInfoNotice: change('delete', 'info_notice', 'page', 'infoNoticeId'),
  addInfoNoticeUpdate: create('info_notice_update', 'page', NOTICE),
  changeInfoNoticeUpdate: change('update', 'info_notice_update', 'page', 'updateId', NOTICE),
  deleteInfoNoticeUpdate: change('delete', 'info_notice_update', 'page', 'updateId', NOTICE),

  // A data point has no id of its own: no temp id. Points of one metric start in queue order, several in flight at
  // once (each carries its own time: the outbox kind's `pipelined`).
  addMetricEntry: { action: 'create', resource: 'metric_entry', scope: 'page', parent: { resource: 'metric', idParam: 'metricId' } },

  addSubscription: create('subscription', 'page'),
  updateSubscription: change('update', 'subscription', 'page', 'subscriptionId'),
  deleteSubscription: change('delete', 'subscription', 'page', 'subscriptionId'),

  addStatusPage: create('status_page', 'org'),
  updateStatusPage: change('update', 'status_page', 'org', 'subdomain'),
  deleteStatusPage: change('delete', 'status_page', 'org', 'subdomain'),

  addService: create('service', 'page'),
  updateService: change('update', 'service', 'page', 'serviceId'),
  deleteService: change('delete', 'service', 'page', 'serviceId'),

  addWebhook: create('webhook', 'page'),
  updateWebhook: change('update', 'webhook', 'page', 'webhookId'),
  deleteWebhook: change('delete', 'webhook', 'page', 'webhookId'),

  addAccessGroup: create('access_group', 'page'),
  updateAccessGroup: change('update', 'access_group', 'page', 'accessGroupId'),
  deleteAccessGroup: change('delete', 'access_group', 'page', 'accessGroupId'),

  addPageMember: create('page_member', 'page'),
  updatePageMember: change('update', 'page_member', 'page', 'memberId'),
  deletePageMember: change('delete', 'page_member', 'page', 'memberId'),

  addOrgMember: create('org_member', 'org'),
  updateOrgMember: change('update', 'org_member', 'org', 'memberId'),
  deleteOrgMember: change('delete', 'org_member', 'org', 'memberId'),
};

export const WRITE_OPERATION_NAMES = Object.keys(WRITE_OPERATIONS) as WriteOperationName[];

export function isWriteOperation(name: string): name is WriteOperationName {
  return Object.hasOwn(WRITE_OPERATIONS, name) && (STATUS_PAGE_OPERATIONS as Record<string, { kind: string }>)[name]?.kind === 'write';
}

import type { MergeProfile } from '../outbox/merged-view';
import type { WriteOperationName } from '../outbox/write-operations';
import type { ListReadOperationName } from '../statuspal/read-operations';

/**
 * The administration resources that have a list: which read lists them, which writes change them, and how
 * their writes are recognised in the outbox. Metric data points have no list (the API only adds them) and
 * are not here.
 */
export const ADMIN_RESOURCE_IDS = ['services', 'subscriptions', 'webhooks', 'accessGroups', 'pageMembers', 'orgMembers', 'statusPages'] as const;
export type AdminResourceId = (typeof ADMIN_RESOURCE_IDS)[number];

export interface AdminResource {
  id: AdminResourceId;
  /** Plural, for headings; singular for buttons and messages. */
  label: string;
  singular: string;
  /** `page`: under /status_pages/{subdomain}; `org`: under /orgs/{organizationId}. */
  scope: 'page' | 'org';
  list: ListReadOperationName;
  /** The list takes `limit` and `after` (the others answer everything at once). */
  cursor: boolean;
  /** Query parameter the list filters by, when it has one. */
  filterParam?: 'filter' | 'email';
  create: WriteOperationName;
  update: WriteOperationName;
  remove: WriteOperationName;
  /** Path parameter naming one item in its update and delete. */
  idParam: string;
  /** Wrapper key of the body. */
  bodyKey: string;
  /** The field that identifies an item: status pages are addressed by subdomain. */
  idField: 'id' | 'subdomain';
}

export const ADMIN_RESOURCES: { readonly [K in AdminResourceId]: AdminResource } = {
  services: {
    id: 'services',
    label: 'Services',
    singular: 'service',
    scope: 'page',
    list: 'listServices',
    cursor: false,
    create: 'addService',
    update: 'updateService',
    remove: 'deleteService',
    idParam: 'serviceId',
    bodyKey: 'service',
    idField: 'id',
  },
  subscriptions: {
    id: 'subscriptions',
    label: 'Subscriptions',
    singular: 'subscription',
    scope: 'page',
    list: 'listSubscriptions',
    cursor: true,
    filterParam: 'filter',
    create: 'addSubscription',
    update: 'updateSubscription',
    remove: 'deleteSubscription',
    idParam: 'subscriptionId',
    bodyKey: 'subscription',
    idField: 'id',
  },
  webhooks: {
    id: 'webhooks',
    label: 'Webhooks',
    singular: 'webhook',
    scope: 'page',
    list: 'listWebhooks',
    cursor: false,
    create: 'addWebhook',
    update: 'updateWebhook',
    remove: 'deleteWebhook',
    idParam: 'webhookId',
    bodyKey: 'webhook',
    idField: 'id',
  },
  accessGroups: {
    id: 'accessGroups',
    label: 'Access groups',
    singular: 'access group',
    scope: 'page',
    list: 'listAccessGroups',
    cursor: false,
    create: 'addAccessGroup',
    update: 'updateAccessGroup',
    remove: 'deleteAccessGroup',
    idParam: 'accessGroupId',
    bodyKey: 'access_group',
    idField: 'id',
  },
  pageMembers: {
    id: 'pageMembers',
    label: 'Page members',
    singular: 'page member',
    scope: 'page',
    list: 'listPageMembers',
    cursor: true,
    filterParam: 'email',
    create: 'addPageMember',
    update: 'updatePageMember',
    remove: 'deletePageMember',
    idParam: 'memberId',
    bodyKey: 'member',
    idField: 'id',
  },
  orgMembers: {
    id: 'orgMembers',
    label: 'Organization members',
    singular: 'organization member',
    scope: 'org',
    list: 'listOrgMembers',
    cursor: true,
    filterParam: 'email',
    create: 'addOrgMember',
    update: 'updateOrgMember',
    remove: 'deleteOrgMember',
    idParam: 'memberId',
    bodyKey: 'member',
    idField: 'id',
  },
  statusPages: {
    id: 'statusPages',
    label: 'Status pages',
    singular: 'status page',
    scope: 'org',
    list: 'listStatusPages',
    cursor: false,
    create: 'addStatusPage',
    update: 'updateStatusPage',
    remove: 'deleteStatusPage',
    idParam: 'subdomain',
    bodyKey: 'status_page',
    idField: 'subdomain',
  },
};

export function mergeProfileOf(resource: AdminResource): MergeProfile {
  return { create: resource.create, update: resource.update, remove: resource.remove, idParam: resource.idParam, bodyKey: resource.bodyKey };
}

/** The resource a write operation belongs to, if it is one of the administration's. */
export function adminResourceOfOperation(operation: string): AdminResource | null {
  for (const resource of Object.values(ADMIN_RESOURCES)) {
    if (operation === resource.create || operation === resource.update || operation === resource.remove) return resource;
  }
  return null;
}

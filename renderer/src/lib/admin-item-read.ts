import type { AdminResourceId } from '@shared/admin/resources';
import type { AdminScope } from '@shared/admin/scope';
import { readStatusPage } from './statuspal-read';

/** Whether the API reads one item of the resource (members: only through their list). */
export function canReadOne(resourceId: AdminResourceId): boolean {
  return resourceId !== 'pageMembers' && resourceId !== 'orgMembers';
}

/**
 * One administration item read again from the server after a write of it was sent, so its list is patched
 * with one request instead of read again page by page. Null for the resources the API cannot read one by
 * one (members: their list holds them, see the list store), and for an id that is not a server id.
 */
export async function readAdminItem(resourceId: AdminResourceId, scope: AdminScope, id: unknown): Promise<Record<string, unknown> | null> {
  const accountId = scope.accountId;
  if (scope.kind === 'org') {
    if (resourceId !== 'statusPages' || typeof id !== 'string') return null;
    return (await readStatusPage(accountId, 'getStatusPage', { organizationId: scope.organizationId, subdomain: id })).item;
  }
  const subdomain = scope.subdomain;
  const numeric = typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : null;
  switch (resourceId) {
    case 'subscriptions':
      return typeof id === 'string' ? (await readStatusPage(accountId, 'getSubscription', { subdomain, subscriptionId: id })).item : null;
    case 'services':
      return numeric === null ? null : (await readStatusPage(accountId, 'getService', { subdomain, serviceId: numeric })).item;
    case 'webhooks':
      return numeric === null ? null : (await readStatusPage(accountId, 'getWebhook', { subdomain, webhookId: numeric })).item;
    case 'accessGroups':
      return numeric === null ? null : (await readStatusPage(accountId, 'getAccessGroup', { subdomain, accessGroupId: numeric })).item;
    default:
      return null;
  }
}

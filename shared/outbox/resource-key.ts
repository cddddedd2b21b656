import { WRITE_OPERATIONS, type WriteOperationName, type WriteResource } from './write-operations';

/**
 * The ordering key of a write: writes with the same key are sent strictly one after the other, in the order
 * they were queued; writes with different keys may go in parallel. Examples:
 *   <account>:acme:incident:42          every write on incident 42 and its updates
 *   <account>:acme:incident:tmp-<uuid>  an incident created offline, until the server id is known
 *   <account>:acme:service:7
 *   <account>:org:1:member:9            an organization member
 */
const SEGMENT: Record<WriteResource, string> = {
  incident: 'incident',
  incident_update: 'incident_update',
  info_notice: 'notice',
  info_notice_update: 'notice_update',
  metric: 'metric',
  metric_entry: 'metric_entry',
  subscription: 'subscription',
  status_page: 'status_page',
  service: 'service',
  webhook: 'webhook',
  access_group: 'access_group',
  page_member: 'member',
  org_member: 'member',
};

function part(value: unknown, name: string): string {
  if (typeof value === 'number' || (typeof value === 'string' && value !== '')) return String(value);
  throw new TypeError(`${name} is required`);
}

/** Throws TypeError when a path parameter the key needs is missing (the input is then invalid anyway). */
export function resourceKeyOf(accountId: string, operation: WriteOperationName, input: Record<string, unknown>, tempId?: string): string {
  const info = WRITE_OPERATIONS[operation];
  const scope = info.scope === 'page' ? part(input.subdomain, 'subdomain') : `org:${part(input.organizationId, 'organizationId')}`;
  if (info.parent) return `${accountId}:${scope}:${SEGMENT[info.parent.resource]}:${part(input[info.parent.idParam], info.parent.idParam)}`;
  if (info.action === 'create') return `${accountId}:${scope}:${SEGMENT[info.resource]}:${part(tempId, 'tempId')}`;
  return `${accountId}:${scope}:${SEGMENT[info.resource]}:${part(input[info.idParam!], info.idParam!)}`;
}

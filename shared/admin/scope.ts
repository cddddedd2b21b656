import type { OutboxEntryView } from '../outbox/entry-view';
import type { MergeScope } from '../outbox/merged-view';

/**
 * Where an administration list or write applies: a status page (services, subscriptions, webhooks, access
 * groups, page members, metrics) or an organization (status pages, organization members), always through one
 * account, whose key is used.
 */
export type AdminScope = { kind: 'page'; accountId: string; subdomain: string } | { kind: 'org'; accountId: string; organizationId: string };

/** The path parameter of the scope, as every read and write of it takes it. */
export function scopeParams(scope: AdminScope): { subdomain: string } | { organizationId: string } {
  return scope.kind === 'page' ? { subdomain: scope.subdomain } : { organizationId: scope.organizationId };
}

export function scopeKey(scope: AdminScope): string {
  return scope.kind === 'page' ? `${scope.accountId}:page:${scope.subdomain}` : `${scope.accountId}:org:${scope.organizationId}`;
}

export function mergeScopeOf(scope: AdminScope): MergeScope {
  return scope.kind === 'page'
    ? { subdomain: scope.subdomain, accountId: scope.accountId }
    : { organizationId: scope.organizationId, accountId: scope.accountId };
}

/** Whether a queued write is about this scope (same account, same page or organization). */
export function entryInScope(entry: Pick<OutboxEntryView, 'accountId' | 'input'>, scope: AdminScope): boolean {
  if (entry.accountId !== scope.accountId) return false;
  return scope.kind === 'page'
    ? entry.input.subdomain === scope.subdomain && entry.input.organizationId === undefined
    : String(entry.input.organizationId) === scope.organizationId;
}

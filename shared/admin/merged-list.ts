import type { OutboxEntryView } from '../outbox/entry-view';
import { mergeWithOutbox, type MergedItem } from '../outbox/merged-view';
import { mergeProfileOf, type AdminResource } from './resources';
import { entryInScope, mergeScopeOf, type AdminScope } from './scope';

export type AdminItem = Record<string, unknown> & { id: number | string };
export type MergedAdminItem = MergedItem<AdminItem>;

/** The writes of one resource in one scope, in queue order. */
export function entriesOfResource(entries: readonly OutboxEntryView[], resource: AdminResource, scope: AdminScope): OutboxEntryView[] {
  const operations = new Set<string>([resource.create, resource.update, resource.remove]);
  return entries.filter((entry) => operations.has(entry.operation) && entryInScope(entry, scope)).sort((a, b) => a.seq - b.seq);
}

/**
 * An administration list as the user should see it: the server's items with the unsent writes laid over
 * (mergeWithOutbox): queued creates on top with `pending`, edits overlaid with `pendingEdit`, deletes marked
 * `pendingDelete`. Status pages are keyed by subdomain, so that is their `id` here.
 */
export function mergeAdminList(
  items: readonly Record<string, unknown>[],
  entries: readonly OutboxEntryView[],
  resource: AdminResource,
  scope: AdminScope,
): MergedAdminItem[] {
  const keyed = items.map((item) => (resource.idField === 'subdomain' ? { ...item, id: item.subdomain } : item)) as AdminItem[];
  return mergeWithOutbox(keyed, entriesOfResource(entries, resource, scope), mergeScopeOf(scope), mergeProfileOf(resource));
}

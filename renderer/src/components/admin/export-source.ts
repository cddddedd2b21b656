import type { AdminResourceId } from '@shared/admin/resources';
import { scopeParams } from '@shared/admin/scope';
import { serviceRows } from '@shared/admin/service-tree';
import type { ExportKind } from '@shared/export/columns';
import { api, call } from '@/api';
import { ADMIN_PAGE_SIZE } from '@/stores/admin-list';
import type { AdminSection } from '@/composables/use-admin-section';

/** What each section exports as. */
export const EXPORT_KIND: { readonly [K in AdminResourceId]: ExportKind } = {
  services: 'services',
  subscriptions: 'subscriptions',
  webhooks: 'webhooks',
  accessGroups: 'accessGroups',
  pageMembers: 'members',
  orgMembers: 'members',
  statusPages: 'statusPages',
};

type Item = Record<string, unknown>;

/**
 * The items a section's export holds: what the server has (under the server's filter, if one is applied),
 * not only what is loaded. A list loaded to its end is exported as loaded; a longer one is read page by page,
 * 100 at a time. Services come as the tree, parents first.
 */
export function exportLoader(section: AdminSection) {
  return async (progress: (read: number, total: number | null) => void): Promise<Item[]> => {
    const list = section.list;
    const resource = section.resource;
    const ordered = (items: readonly Item[]) =>
      resource.id === 'services'
        ? serviceRows(items.map((item) => ({ ...item, id: typeof item.id === 'number' ? item.id : String(item.id) }))).map((row) => row.service)
        : [...items];
    if (!resource.cursor || (list.status === 'ready' && list.nextCursor === null)) return ordered(list.items);
    const scope = section.scope;
    if (!scope) return [];
    const items: Item[] = [];
    let after: string | null = null;
    do {
      const page: { items: Item[]; total: number | null; nextCursor: string | null } = await call(
        api().admin.list({ accountId: scope.accountId, resource: resource.id, where: scopeParams(scope), after, limit: ADMIN_PAGE_SIZE, filter: list.filter }),
      );
      items.push(...page.items);
      progress(items.length, page.total);
      after = page.nextCursor;
    } while (after);
    return items;
  };
}

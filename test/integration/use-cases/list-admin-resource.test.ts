import { describe, expect, it } from 'vitest';
import { ADMIN_RESOURCE_IDS, ADMIN_RESOURCES } from '../../../shared/admin/resources';
import { readWithClient } from '../../../electron/core/accounts/account-reads';
import { StatusPageClient } from '../../../electron/core/statuspal-client/client';
import { adminResourcePages, listAdminResource } from '../../../electron/core/use-cases/list-admin-resource';
import { appCoreOnSimulator } from '../../support/app-core-on-simulator';

/*
 * List an administration resource, the core's one use case, on the Statuspal simulator: the window's
 * `admin.list` (the account's key) and the command line's reader (a client with a key) read the same pages of
 * every resource of ADMIN_RESOURCES, a list with cursors page by page, under the server's search.
 */

const app = appCoreOnSimulator({
  home: 'statusdesk-admin-list-',
  simulator: { seed: { large: { services: 6, subscriptions: 45, webhooks: 3, accessGroups: 2, members: 30, incidents: 1, maintenances: 0, metrics: 0 } } },
});
const { ask } = app;

type Page = { items: Array<Record<string, unknown>>; total: number | null; nextCursor: string | null };

describe('list an administration resource', () => {
  it('the window and the command line read the same pages of every resource', async () => {
    app.open();
    const key = 'demo-acme-org-rw-4f1c9a7e2b';
    const accountId = await app.addAccount({ apiKey: key });
    const client = new StatusPageClient({ region: { baseUrl: app.sim.baseUrl }, apiKey: key });
    const read = (operation: Parameters<typeof readWithClient>[1], input: Record<string, unknown>) => readWithClient(client, operation, input);

    for (const resource of ADMIN_RESOURCE_IDS) {
      const where = ADMIN_RESOURCES[resource].scope === 'page' ? { subdomain: 'acme' } : { organizationId: '1' };
      const request = { resource, where, limit: 20 };
      const window = await ask<Page>('admin.list', { accountId, ...request });
      expect(window.items.length, resource).toBeGreaterThan(0);
      expect(await listAdminResource(read, request), resource).toEqual({ kind: 'list', ...window });
    }

    // A list with cursors: 20 a page, the next by its cursor, to the end; under the server's search, the one it finds.
    const pages: Page[] = [];
    for await (const page of adminResourcePages(read, { resource: 'subscriptions', where: { subdomain: 'acme' }, limit: 20, all: true })) pages.push(page);
    expect(pages.map((p) => p.items.length)).toEqual([20, 20, 5]);
    const second = await ask<Page>('admin.list', {
      accountId,
      resource: 'subscriptions',
      where: { subdomain: 'acme' },
      limit: 20,
      after: pages[0]!.nextCursor,
    });
    expect(second.items).toEqual(pages[1]!.items);
    const found = await ask<Page>('admin.list', {
      accountId,
      resource: 'pageMembers',
      where: { subdomain: 'acme' },
      filter: 'member7@acme.example',
    });
    expect(found.items.map((m) => m.email)).toEqual(['member7@acme.example']);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_RESOURCE_IDS, ADMIN_RESOURCES } from '../../../shared/admin/resources';
import { AppCore } from '../../../electron/core/app-core';
import { readWithClient } from '../../../electron/core/accounts/account-reads';
import { StatusPageClient } from '../../../electron/core/statuspal-client/client';
import { adminResourcePages, listAdminResource } from '../../../electron/core/use-cases/list-admin-resource';
import { KeyVault } from '../../../electron/core/vault/key-vault';
import { startStatusPageSimulator, type StatusPageSimulator } from '../../../simulators/statuspal';
import { memoryKeychain } from '../../support/memory-keychain';
import { makeTempDir } from '../../support/temp-dir';

/*
 * List an administration resource, the core's one use case, on the Statuspal simulator: the window's
 * `admin.list` (the account's key) and the command line's reader (a client with a key) read the same pages of
 * every resource of ADMIN_RESOURCES, a list with cursors page by page, under the server's search.
 */

const ORIGIN = 'app://statusdesk';
const sender = { url: `${ORIGIN}/index.html`, isMainFrame: true };

let sim: StatusPageSimulator;
let home: ReturnType<typeof makeTempDir> | undefined;
let core: AppCore | undefined;

beforeAll(async () => {
  sim = await startStatusPageSimulator({
    seed: { large: { services: 6, subscriptions: 45, webhooks: 3, accessGroups: 2, members: 30, incidents: 1, maintenances: 0, metrics: 0 } },
    rateLimit: false,
  });
});
afterAll(async () => {
  await sim.close();
});
afterEach(async () => {
  await core?.dispose();
  core = undefined;
  home?.remove();
  home = undefined;
});

async function ask<T>(channel: string, request?: unknown): Promise<T> {
  const result = await core!.dispatcher.dispatch(channel, request, sender);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

type Page = { items: Array<Record<string, unknown>>; total: number | null; nextCursor: string | null };

describe('list an administration resource', () => {
  it('the window and the command line read the same pages of every resource', async () => {
    home = makeTempDir('statusdesk-admin-list-');
    core = new AppCore({ dataDir: home.dir, vault: new KeyVault(memoryKeychain()), version: 'test', appOrigins: [ORIGIN] });
    const key = 'demo-acme-org-rw-4f1c9a7e2b';
    const account = await ask<{ id: string }>('accounts.add', { name: 'Acme', region: 'custom', baseUrl: sim.baseUrl, subdomain: 'acme', apiKey: key });
    const client = new StatusPageClient({ region: { baseUrl: sim.baseUrl }, apiKey: key });
    const read = (operation: Parameters<typeof readWithClient>[1], input: Record<string, unknown>) => readWithClient(client, operation, input);

    for (const resource of ADMIN_RESOURCE_IDS) {
      const where = ADMIN_RESOURCES[resource].scope === 'page' ? { subdomain: 'acme' } : { organizationId: '1' };
      const request = { resource, where, limit: 20 };
      const window = await ask<Page>('admin.list', { accountId: account.id, ...request });
      expect(window.items.length, resource).toBeGreaterThan(0);
      expect(await listAdminResource(read, request), resource).toEqual({ kind: 'list', ...window });
    }

    // A list with cursors: 20 a page, the next by its cursor, to the end; under the server's search, the one it finds.
    const pages: Page[] = [];
    for await (const page of adminResourcePages(read, { resource: 'subscriptions', where: { subdomain: 'acme' }, limit: 20, all: true })) pages.push(page);
    expect(pages.map((p) => p.items.length)).toEqual([20, 20, 5]);
    const second = await ask<Page>('admin.list', {
      accountId: account.id,
      resource: 'subscriptions',
      where: { subdomain: 'acme' },
      limit: 20,
      after: pages[0]!.nextCursor,
    });
    expect(second.items).toEqual(pages[1]!.items);
    const found = await ask<Page>('admin.list', {
      accountId: account.id,
      resource: 'pageMembers',
      where: { subdomain: 'acme' },
      filter: 'member7@acme.example',
    });
    expect(found.items.map((m) => m.email)).toEqual(['member7@acme.example']);
  });
});

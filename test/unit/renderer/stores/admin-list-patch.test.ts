import { createTestingPinia } from '@pinia/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Result } from '../../../../shared/ipc/define';
import { ADMIN_PAGE_SIZE, useAdminList } from '../../../../renderer/src/stores/admin-list';
import { useOutboxStore } from '../../../../renderer/src/stores/outbox';
import { installFakeApi } from '../support/fake-api';
import { adminListThroughCore } from '../support/core-admin-list';
import { outboxEntry, uuid } from '../support/fixtures';
import type { StatusPageReadInput, StatusPageReadResult } from '../../../../shared/statuspal/read-request';

/*
 * One sent write patches an administration list instead of reading every loaded page
 * again. A delete costs no read, an edit one (the item, or for members the one page it lives on), lists are
 * read 100 at a time, and a patch made while a whole read is on its way is not lost to it.
 */

const pageScope = { kind: 'page', accountId: uuid(1), subdomain: 'page1' } as const;

/** A server of one list: pages by offset cursors, one-item reads, every request kept. */
function fakeServer(records: Array<Record<string, unknown>>) {
  const requests: StatusPageReadInput[] = [];
  let hold: Promise<void> | null = null;
  const read = async (request?: StatusPageReadInput): Promise<Result<StatusPageReadResult>> => {
    // The services' summary preview has a test of its own.
    if (request!.operation === 'getPageSummary') return { ok: false, error: { code: 'network', message: 'not here' } };
    requests.push(request!);
    if (hold) await hold;
    const input = request!.input as Record<string, unknown>;
    if (request!.operation.startsWith('get')) {
      const id = input.subscriptionId ?? input.serviceId;
      const item = records.find((r) => String(r.id) === String(id));
      return item ? { ok: true, value: { kind: 'item', item } } : { ok: false, error: { code: 'not_found', message: 'gone', status: 404 } };
    }
    const start = typeof input.after === 'string' ? Number(input.after) : 0;
    const limit = typeof input.limit === 'number' ? input.limit : records.length;
    const items = records.slice(start, start + limit);
    const end = start + items.length;
    return { ok: true, value: { kind: 'list', items, total: records.length, nextCursor: end < records.length ? String(end) : null } };
  };
  return {
    read,
    requests,
    /** Holds every read from now until the returned function is called. */
    holdReads(): () => void {
      let release!: () => void;
      hold = new Promise((resolve) => (release = resolve));
      return () => {
        hold = null;
        release();
      };
    },
  };
}

const subscriptions = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `sub-${i + 1}`, kind: 'email', email: `s${i + 1}@example.com` }));
const members = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, email: `m${i + 1}@example.com`, role: 'viewer' }));

async function loadAll(list: ReturnType<typeof useAdminList>) {
  list.show(pageScope);
  await vi.waitFor(() => expect(list.status).toBe('ready'));
  while (list.nextCursor) await list.loadMore();
}

function sent(n: number, operation: string, input: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  useOutboxStore().apply({ type: 'entry', entry: outboxEntry(n, 'sent', { operation, input: { subdomain: 'page1', ...input }, ...extra }) });
}

afterEach(() => vi.unstubAllGlobals());

describe('administration lists patched by sent writes', () => {
  it('reads 100 at a time; a delete with everything loaded reads nothing and counts one less', async () => {
    const server = fakeServer(subscriptions(250));
    installFakeApi({ statuspal: { read: server.read }, admin: adminListThroughCore(server.read) });
    createTestingPinia({ stubActions: false, createSpy: vi.fn });
    const list = useAdminList('subscriptions');
    await loadAll(list);
    expect(ADMIN_PAGE_SIZE).toBe(100);
    expect(server.requests.map((r) => (r.input as { limit?: number }).limit)).toEqual([100, 100, 100]);
    expect(list.items).toHaveLength(250);

    sent(1, 'deleteSubscription', { subscriptionId: 'sub-120' });
    await vi.waitFor(() => expect(list.items).toHaveLength(249));
    expect(list.items.some((s) => s.id === 'sub-120')).toBe(false);
    expect(list.total).toBe(249);
    expect(server.requests).toHaveLength(3);
  });

  it('an edit reads that one item; a member (no read of one) is read through the page it lives on', async () => {
    const records = subscriptions(150);
    const server = fakeServer(records);
    installFakeApi({ statuspal: { read: server.read }, admin: adminListThroughCore(server.read) });
    createTestingPinia({ stubActions: false, createSpy: vi.fn });
    const list = useAdminList('subscriptions');
    await loadAll(list);
    records[140] = { ...records[140]!, email: 'new@example.com' };
    sent(1, 'updateSubscription', { subscriptionId: 'sub-141' });
    await vi.waitFor(() => expect(list.items[140]!.email).toBe('new@example.com'));
    expect(server.requests.slice(2)).toEqual([{ accountId: uuid(1), operation: 'getSubscription', input: { subdomain: 'page1', subscriptionId: 'sub-141' } }]);

    const people = members(180);
    const memberServer = fakeServer(people);
    installFakeApi({ statuspal: { read: memberServer.read }, admin: adminListThroughCore(memberServer.read) });
    createTestingPinia({ stubActions: false, createSpy: vi.fn });
    const pageMembers = useAdminList('pageMembers');
    await loadAll(pageMembers);
    people[150] = { ...people[150]!, role: 'admin' };
    sent(2, 'updatePageMember', { memberId: 151, member: { role: 'admin' } });
    await vi.waitFor(() => expect(pageMembers.items[150]!.role).toBe('admin'));
    expect(memberServer.requests.slice(2).map((r) => r.input)).toEqual([{ subdomain: 'page1', limit: 100, after: '100' }]);
  });

  it('a create is read and added at the end once the end is loaded; before that it is only counted', async () => {
    const records = subscriptions(150);
    const server = fakeServer(records);
    installFakeApi({ statuspal: { read: server.read }, admin: adminListThroughCore(server.read) });
    createTestingPinia({ stubActions: false, createSpy: vi.fn });
    const list = useAdminList('subscriptions');
    list.show(pageScope);
    await vi.waitFor(() => expect(list.status).toBe('ready'));
    records.push({ id: 'sub-new', kind: 'email', email: 'new@example.com' });
    sent(1, 'addSubscription', { subscription: { email: 'new@example.com' } }, { serverId: 'sub-new' });
    await vi.waitFor(() => expect(list.total).toBe(151));
    expect(server.requests).toHaveLength(1);
    expect(list.items).toHaveLength(100);

    await list.loadMore();
    records.push({ id: 'sub-newer', kind: 'email', email: 'newer@example.com' });
    sent(2, 'addSubscription', { subscription: { email: 'newer@example.com' } }, { serverId: 'sub-newer' });
    await vi.waitFor(() => expect(list.items.at(-1)!.id).toBe('sub-newer'));
    expect(list.total).toBe(152);
    expect(server.requests.at(-1)!.operation).toBe('getSubscription');
  });

  it('a patch made while a whole read is on its way is applied to that read too', async () => {
    const records = subscriptions(30);
    const server = fakeServer(records);
    installFakeApi({ statuspal: { read: server.read }, admin: adminListThroughCore(server.read) });
    createTestingPinia({ stubActions: false, createSpy: vi.fn });
    const list = useAdminList('subscriptions');
    await loadAll(list);
    const release = server.holdReads();
    const refreshed = list.reload(); // reads the list as the server had it before the delete below
    sent(1, 'deleteSubscription', { subscriptionId: 'sub-3' });
    await vi.waitFor(() => expect(list.items).toHaveLength(29));
    release();
    await refreshed;
    expect(list.items.map((s) => s.id)).not.toContain('sub-3');
    expect(list.items).toHaveLength(29);
  });

  it("a deleted service's children move up to its parent, as the server moves them", async () => {
    const server = fakeServer([
      { id: 1, name: 'Web', parent_id: null },
      { id: 2, name: 'API', parent_id: 1 },
      { id: 3, name: 'REST', parent_id: 2 },
    ]);
    installFakeApi({ statuspal: { read: server.read }, admin: adminListThroughCore(server.read) });
    createTestingPinia({ stubActions: false, createSpy: vi.fn });
    const list = useAdminList('services');
    await loadAll(list);
    sent(1, 'deleteService', { serviceId: 2 });
    await vi.waitFor(() => expect(list.items).toHaveLength(2));
    expect(list.items.find((s) => s.id === 3)!.parent_id).toBe(1);
    expect(server.requests).toHaveLength(1);
  });

  it('a list read whole counts what it holds, not the server’s count of its top level', async () => {
    const read = () =>
      Promise.resolve({
        ok: true as const,
        value: {
          kind: 'list' as const,
          items: [
            { id: 1, name: 'Web' },
            { id: 2, name: 'API', parent_id: 1 },
          ],
          total: 1,
          nextCursor: null,
        },
      });
    installFakeApi({ statuspal: { read }, admin: adminListThroughCore(read) });
    createTestingPinia({ stubActions: false, createSpy: vi.fn });
    const list = useAdminList('services');
    await loadAll(list);
    expect(list.total).toBe(2);
  });

  it('under a server filter, an edit reads the filtered list again: the item may no longer match', async () => {
    const server = fakeServer(subscriptions(3));
    installFakeApi({ statuspal: { read: server.read }, admin: adminListThroughCore(server.read) });
    createTestingPinia({ stubActions: false, createSpy: vi.fn });
    const list = useAdminList('subscriptions');
    list.show(pageScope);
    await list.applyFilter('s2@example.com');
    sent(1, 'updateSubscription', { subscriptionId: 'sub-2' });
    await vi.waitFor(() => expect(server.requests).toHaveLength(3));
    expect(server.requests[2]!.operation).toBe('listSubscriptions');
  });

  it('services show the page summary’s public tree while the admin list is read one service at a time', async () => {
    const answers: Array<{ operation: string; answer: (value: StatusPageReadResult) => void }> = [];
    const read = (request?: StatusPageReadInput) =>
      new Promise<Result<StatusPageReadResult>>((resolve) => answers.push({ operation: request!.operation, answer: (value) => resolve({ ok: true, value }) }));
    installFakeApi({ statuspal: { read }, admin: adminListThroughCore(read) });
    createTestingPinia({ stubActions: false, createSpy: vi.fn });
    const list = useAdminList('services');
    list.show(pageScope);
    await vi.waitFor(() => expect(answers.map((a) => a.operation)).toEqual(['listServices', 'getPageSummary']));
    const summary = {
      status_page: { name: 'Page 1', subdomain: 'page1' },
      services: [
        {
          id: 1,
          name: 'Web',
          children: [
            { id: 3, name: 'API' },
            { id: 2, name: 'Dashboard' },
          ],
        },
      ],
      incidents: [],
      maintenances: [],
      upcoming_maintenances: [],
    };
    answers[1]!.answer({ kind: 'item', item: summary });
    await vi.waitFor(() => expect(list.status).toBe('ready'));
    expect(list.partial).toBe(true);
    expect(list.items).toEqual([
      { id: 1, name: 'Web', description: null, parent_id: null, order: 0, private: false },
      { id: 3, name: 'API', description: null, parent_id: 1, order: 0, private: false },
      { id: 2, name: 'Dashboard', description: null, parent_id: 1, order: 1, private: false },
    ]);
    answers[0]!.answer({
      kind: 'list',
      items: [
        { id: 1, name: 'Web' },
        { id: 9, name: 'Private admin', private: true, parent_id: 1 },
      ],
      total: 1,
      nextCursor: null,
    });
    await vi.waitFor(() => expect(list.partial).toBe(false));
    expect(list.items.map((s) => s.name)).toEqual(['Web', 'Private admin']);
  });
});

import { createTestingPinia } from '@pinia/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Result } from '../../../../shared/ipc/define';
import { useAdminList } from '../../../../renderer/src/stores/admin-list';
import { useOutboxStore } from '../../../../renderer/src/stores/outbox';
import { installFakeApi } from '../support/fake-api';
import { adminListThroughCore } from '../support/core-admin-list';
import { outboxEntry, uuid } from '../support/fixtures';
import type { StatusPageReadInput, StatusPageReadResult } from '../../../../shared/statuspal/read-request';

/* An administration list: read as far as the user loaded it, again when one of its writes is sent, never from a stale read. */

const scope = { kind: 'page', accountId: uuid(1), subdomain: 'page1' } as const;

/** Status page reads answered in the order the test releases them, each with the request it answers. */
function heldReads() {
  const waiting: Array<{ request: StatusPageReadInput; answer: (result: StatusPageReadResult) => void }> = [];
  const read = (request?: StatusPageReadInput) =>
    new Promise<Result<StatusPageReadResult>>((resolve) => waiting.push({ request: request!, answer: (value) => resolve({ ok: true, value }) }));
  return { read, waiting };
}

const listOf = (items: Array<Record<string, unknown>>): StatusPageReadResult => ({ kind: 'list', items, total: items.length, nextCursor: null });
const services = (...names: string[]) => listOf(names.map((name, i) => ({ id: i + 1, name })));

const testingPinia = () => createTestingPinia({ stubActions: false, createSpy: vi.fn });

afterEach(() => vi.unstubAllGlobals());

describe('administration list store', () => {
  it("patches the list when one of its resource's writes in its scope is sent: an edit reads that item, a write elsewhere reads nothing", async () => {
    const reads = heldReads();
    installFakeApi({ statuspal: { read: reads.read }, admin: adminListThroughCore(reads.read) });
    testingPinia();
    const list = useAdminList('webhooks');
    const outbox = useOutboxStore();
    list.show(scope);
    await vi.waitFor(() => expect(reads.waiting).toHaveLength(1));
    expect(reads.waiting[0]!.request).toEqual({ accountId: uuid(1), operation: 'listWebhooks', input: { subdomain: 'page1' } });
    reads.waiting[0]!.answer(services('Web', 'API'));
    await vi.waitFor(() => expect(list.status).toBe('ready'));

    outbox.apply({ type: 'entry', entry: outboxEntry(2, 'sent', { operation: 'updateWebhook', input: { subdomain: 'page1', webhookId: 1 } }) });
    outbox.apply({ type: 'entry', entry: outboxEntry(3, 'sent', { operation: 'addWebhook', input: { subdomain: 'other' } }) });
    outbox.apply({ type: 'entry', entry: outboxEntry(4, 'sent', { operation: 'createIncident', input: { subdomain: 'page1' } }) });
    await vi.waitFor(() => expect(reads.waiting).toHaveLength(2));
    expect(reads.waiting[1]!.request).toEqual({ accountId: uuid(1), operation: 'getWebhook', input: { subdomain: 'page1', webhookId: 1 } });
    expect(list.awaiting[uuid(2)]).toBe(true);
    reads.waiting[1]!.answer({ kind: 'item', item: { id: 1, name: 'Website' } });
    await vi.waitFor(() => expect(list.items.map((s) => s.name)).toEqual(['Website', 'API']));
    expect(list.awaiting[uuid(2)]).toBeUndefined();
    expect(reads.waiting).toHaveLength(2);
  });

  it('a read still on its way when the filter changes is ignored; the filtered read is shown', async () => {
    const reads = heldReads();
    installFakeApi({ statuspal: { read: reads.read }, admin: adminListThroughCore(reads.read) });
    testingPinia();
    const subscriptions = useAdminList('subscriptions');
    subscriptions.show(scope);
    await vi.waitFor(() => expect(reads.waiting).toHaveLength(1));
    const filtered = subscriptions.applyFilter('ops@example.com');
    expect(subscriptions.status).toBe('loading');
    reads.waiting[0]!.answer(listOf([{ id: 'sub-1', type: 'email', email: 'all@example.com' }]));
    await vi.waitFor(() => expect(reads.waiting).toHaveLength(2));
    expect(reads.waiting[1]!.request.input).toEqual({ subdomain: 'page1', limit: 100, filter: 'ops@example.com' });
    reads.waiting[1]!.answer(listOf([{ id: 'sub-2', type: 'email', email: 'ops@example.com' }]));
    await filtered;
    expect(subscriptions.items.map((s) => s.id)).toEqual(['sub-2']);
    expect(subscriptions.filter).toBe('ops@example.com');
  });

  it("a window's list never waits on another window's read (nothing kept outside the store)", async () => {
    const reads = heldReads();
    installFakeApi({ statuspal: { read: reads.read }, admin: adminListThroughCore(reads.read) });
    testingPinia();
    useAdminList('webhooks').show(scope);
    testingPinia();
    const second = useAdminList('webhooks');
    second.show(scope);
    await vi.waitFor(() => expect(reads.waiting).toHaveLength(2));
    reads.waiting[1]!.answer(services('Web'));
    await vi.waitFor(() => expect(second.status).toBe('ready'));
  });

  it('each resource has its own list, and one list per resource however often it is asked for', () => {
    installFakeApi();
    testingPinia();
    expect(useAdminList('services')).toBe(useAdminList('services'));
    expect(useAdminList('services')).not.toBe(useAdminList('webhooks'));
  });
});

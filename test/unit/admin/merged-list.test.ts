import { describe, expect, it } from 'vitest';
import { mergeAdminList } from '../../../shared/admin/merged-list';
import { ADMIN_RESOURCES } from '../../../shared/admin/resources';
import type { OutboxEntryView } from '../../../shared/outbox/entry-view';

let seq = 0;
function entry(operation: string, input: Record<string, unknown>, extra: Partial<OutboxEntryView> = {}): OutboxEntryView {
  seq++;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    kind: 'statuspal',
    accountId: 'acct',
    operation,
    input,
    resourceKey: 'k',
    dependsOn: [],
    createdAt: '2025-06-01T12:00:00.000Z',
    attempts: 0,
    state: 'pending',
    seq,
    ...extra,
  };
}

describe('administration lists with the outbox laid over', () => {
  it('page resources: creates on top, edits overlaid, deletes marked; other pages, accounts and resources ignored', () => {
    const webhooks = [
      { id: 1, url: 'https://a.example' },
      { id: 2, url: 'https://b.example' },
    ];
    const entries = [
      entry('addWebhook', { subdomain: 'acme', webhook: { url: 'https://new.example' } }, { tempId: 'tmp-1' }),
      entry('updateWebhook', { subdomain: 'acme', webhookId: 1, webhook: { url: 'https://a2.example' } }, { state: 'failed' }),
      entry('deleteWebhook', { subdomain: 'acme', webhookId: 2 }),
      entry('addWebhook', { subdomain: 'other', webhook: { url: 'https://elsewhere.example' } }),
      entry('addWebhook', { subdomain: 'acme', webhook: { url: 'https://someone.example' } }, { accountId: 'other' }),
      entry('deleteAccessGroup', { subdomain: 'acme', accessGroupId: 1 }),
      entry('addWebhook', { subdomain: 'acme', webhook: { url: 'https://sent.example' } }, { state: 'sent' }),
    ];
    const merged = mergeAdminList(webhooks, entries, ADMIN_RESOURCES.webhooks, { kind: 'page', accountId: 'acct', subdomain: 'acme' });
    expect(merged.map((w) => [w.id, w.url, w.pending ?? w.pendingEdit ?? w.pendingDelete ?? false, w.outbox?.state])).toEqual([
      ['tmp-1', 'https://new.example', true, 'pending'],
      [1, 'https://a2.example', true, 'failed'],
      [2, 'https://b.example', true, 'pending'],
    ]);
  });

  it('organization resources: scoped by organization; status pages keyed by subdomain', () => {
    const pages = [
      { subdomain: 'acme', name: 'Acme' },
      { subdomain: 'acme-eu', name: 'Acme EU' },
    ];
    const entries = [
      entry('updateStatusPage', { organizationId: '1', subdomain: 'acme-eu', status_page: { name: 'Acme Europe' } }),
      entry('addStatusPage', { organizationId: '1', status_page: { name: 'Labs', subdomain: 'labs' } }, { tempId: 'tmp-2' }),
      entry('deleteStatusPage', { organizationId: '2', subdomain: 'acme' }),
      entry('addPageMember', { subdomain: 'acme', member: { email: 'x@example.com' } }),
    ];
    const merged = mergeAdminList(pages, entries, ADMIN_RESOURCES.statusPages, { kind: 'org', accountId: 'acct', organizationId: '1' });
    expect(merged.map((p) => [p.id, p.subdomain, p.name, p.pendingDelete ?? false])).toEqual([
      ['tmp-2', 'labs', 'Labs', false],
      ['acme', 'acme', 'Acme', false],
      ['acme-eu', 'acme-eu', 'Acme Europe', false],
    ]);
  });

  it('page members and organization members do not mix though both use memberId', () => {
    const members = [{ id: 7, email: 'a@example.com', role: 'viewer' }];
    const entries = [
      entry('updateOrgMember', { organizationId: '1', memberId: 7, member: { role: 'owner' } }),
      entry('updatePageMember', { subdomain: 'acme', memberId: 7, member: { role: 'admin' } }),
    ];
    const page = mergeAdminList(members, entries, ADMIN_RESOURCES.pageMembers, { kind: 'page', accountId: 'acct', subdomain: 'acme' });
    const org = mergeAdminList(members, entries, ADMIN_RESOURCES.orgMembers, { kind: 'org', accountId: 'acct', organizationId: '1' });
    expect(page[0]!.role).toBe('admin');
    expect(org[0]!.role).toBe('owner');
  });
});

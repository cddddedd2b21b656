import { describe, expect, it } from 'vitest';
import { accessGroupFormSchema } from '../../../shared/admin/forms/access-group-form';
import { memberFormSchema, ORG_MEMBER_ROLES, PAGE_MEMBER_ROLES } from '../../../shared/admin/forms/member-form';
import { serviceFormSchema } from '../../../shared/admin/forms/service-form';
import { statusPageFormSchema } from '../../../shared/admin/forms/status-page-form';
import { subscriptionBodyOf, subscriptionFormSchema, subscriptionKindOf, subscriptionTarget } from '../../../shared/admin/forms/subscription-form';
import { webhookFormSchema } from '../../../shared/admin/forms/webhook-form';
import { serviceInputSchema } from '../../../shared/statuspal/schemas/service';
import { subscriptionInputSchema } from '../../../shared/statuspal/schemas/subscription';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('administration forms', () => {
  it('service: the body the client accepts; a temp-id parent passes; bad order and empty name explained', () => {
    const ok = serviceFormSchema.parse({ name: ' Search ', description: '', parentId: 'tmp-00000000-0000-4000-8000-000000000001', order: '2', private: true });
    expect(ok).toEqual({ name: 'Search', description: null, parent_id: 'tmp-00000000-0000-4000-8000-000000000001', order: 2, private: true });
    expect(serviceInputSchema.safeParse({ ...ok, parent_id: 1 }).success).toBe(true);
    expect(messages(serviceFormSchema.safeParse({ name: '', description: '', parentId: null, order: 'x', private: false }))).toEqual([
      'Give the service a name.',
      'The order is a whole number, 0 first.',
    ]);
  });

  it('subscription: each kind sends its own fields, accepted by the client schema', () => {
    const sms = subscriptionBodyOf(subscriptionFormSchema.parse({ kind: 'sms', countryCode: '+41', number: '79 123 45 67' }));
    expect(sms).toEqual({ kind: 'sms', phone_country_code: '+41', phone_number: '79 123 45 67' });
    expect(subscriptionInputSchema.safeParse(sms).success).toBe(true);
    expect(messages(subscriptionFormSchema.safeParse({ kind: 'sms', countryCode: '41', number: '12' }))).toEqual([
      'Enter the country code with its "+", such as +41.',
      'A phone number has 4 to 14 digits without its country code.',
    ]);
    expect(messages(subscriptionFormSchema.safeParse({ kind: 'chat', webhookUrl: 'ftp://x' }))).toEqual([
      'Enter the chat service webhook address, starting with https://.',
    ]);
    expect(subscriptionKindOf({ type: 'sms' })).toBe('sms');
    expect(subscriptionTarget({ phone_country_code: '+41', phone_number: '79 123 45 67' })).toBe('+41 79 123 45 67');
  });

  it('webhook, access group, members and status pages', () => {
    expect(messages(webhookFormSchema.safeParse({ url: 'https://x.example', events: [] }))).toEqual(['Choose at least one event.']);
    expect(accessGroupFormSchema.parse({ name: 'Beta', serviceIds: [5] })).toEqual({ name: 'Beta', service_ids: [5] });
    expect(memberFormSchema(ORG_MEMBER_ROLES, 'add').parse({ email: 'a@example.com', name: '', role: 'billing' })).toEqual({
      email: 'a@example.com',
      role: 'billing',
    });
    expect(memberFormSchema(PAGE_MEMBER_ROLES, 'add').safeParse({ email: 'a@example.com', name: '', role: 'billing' }).success).toBe(false);
    expect(memberFormSchema(PAGE_MEMBER_ROLES, 'edit').parse({ email: 'ignored', name: 'Ann', role: 'admin' })).toEqual({ name: 'Ann', role: 'admin' });
    expect(statusPageFormSchema('add').parse({ name: 'Labs', subdomain: 'acme-labs', url: '', timeZone: 'Europe/Zurich' })).toEqual({
      name: 'Labs',
      subdomain: 'acme-labs',
      time_zone: 'Europe/Zurich',
    });
    expect(messages(statusPageFormSchema('add').safeParse({ name: 'Labs', subdomain: 'Labs!', url: '', timeZone: 'Mars/Base' }))).toHaveLength(2);
  });
});

import { describe, expect, it } from 'vitest';
import { classifySubscriptionFilter, subscriptionFilterSchema } from '../../../shared/statuspal';

describe('subscription filter', () => {
  it.each([
    ['ops@example.com', 'email'],
    ['first.last+tag@sub.example.ch', 'email'],
    ['+41 79 123 45 67', 'phone_full'],
    ['+1 5551234567', 'phone_full'],
    ['+41', 'phone_country_code'],
    ['+1', 'phone_country_code'],
    ['791234567', 'phone_local'],
  ] as const)('%s is %s', (value, kind) => {
    expect(classifySubscriptionFilter(value)).toBe(kind);
    expect(subscriptionFilterSchema.safeParse(value).success).toBe(true);
  });

  it.each([
    '',
    'ops@',
    'not an email',
    '+41791234567', // full number needs the space after the code
    '+41  79 123', // double space
    '+0 79 123 45 67',
    '+4123 79 123 45 67',
    '79 123 45 67', // spaces only allowed in the full form
    '+41 79-123-45-67',
    '123',
    '+41 79 123 45 67 89 01 23',
  ])('rejects %j', (value) => {
    expect(classifySubscriptionFilter(value)).toBeNull();
    const result = subscriptionFilterSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/filter must be an email address, or a phone number/);
  });

  it('trims outer whitespace', () => {
    expect(subscriptionFilterSchema.parse('  +41 ')).toBe('+41');
  });
});

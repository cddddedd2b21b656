import { z } from 'zod';
import { emailAddress } from '../../validation/email';
import { httpUrl } from './http-url';

/** The three kinds of subscription the API knows; the body names its kind and carries only that kind's fields. */
export const SUBSCRIPTION_KINDS = ['email', 'sms', 'chat'] as const;
export type SubscriptionKind = (typeof SUBSCRIPTION_KINDS)[number];

export const SUBSCRIPTION_KIND_LABELS: Record<SubscriptionKind, string> = { email: 'Email', sms: 'SMS', chat: 'Chat service' };

export const subscriptionFormSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('email'),
    email: z.string().trim().pipe(emailAddress('Enter an email address, such as alice@example.com.')),
  }),
  z.object({
    kind: z.literal('sms'),
    countryCode: z
      .string()
      .trim()
      .regex(/^\+[1-9]\d{0,3}$/, 'Enter the country code with its "+", such as +41.'),
    number: z
      .string()
      .trim()
      .regex(/^\d[\d ]*$/, 'Enter the number without the country code, digits and spaces only, such as 79 123 45 67.')
      .refine(
        (value) => value.replace(/ /g, '').length >= 4 && value.replace(/ /g, '').length <= 14,
        'A phone number has 4 to 14 digits without its country code.',
      ),
  }),
  z.object({
    kind: z.literal('chat'),
    webhookUrl: httpUrl('Enter the chat service webhook address, starting with https://.'),
  }),
]);

/** The body of addSubscription / updateSubscription. */
export function subscriptionBodyOf(form: z.output<typeof subscriptionFormSchema>): Record<string, string> {
  switch (form.kind) {
    case 'email':
      return { kind: 'email', email: form.email };
    case 'sms':
      return { kind: 'sms', phone_country_code: form.countryCode, phone_number: form.number };
    case 'chat':
      return { kind: 'chat', webhook_url: form.webhookUrl };
  }
}

/** A subscription's kind: `kind`, else `type`, else told by its fields (as the service infers it). */
export function subscriptionKindOf(item: Record<string, unknown>): SubscriptionKind | null {
  const declared = typeof item.kind === 'string' ? item.kind : typeof item.type === 'string' ? item.type : null;
  if (declared === 'email' || declared === 'sms' || declared === 'chat') return declared;
  if (typeof item.email === 'string' && item.email) return 'email';
  if (typeof item.phone_number === 'string' && item.phone_number) return 'sms';
  if (typeof item.webhook_url === 'string' && item.webhook_url) return 'chat';
  return null;
}

/** Where a subscription delivers, in one line. */
export function subscriptionTarget(item: Record<string, unknown>): string {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  switch (subscriptionKindOf(item)) {
    case 'email':
      return text(item.email);
    case 'sms':
      return [text(item.phone_country_code), text(item.phone_number)].filter(Boolean).join(' ');
    case 'chat':
      return text(item.webhook_url);
    default:
      return text(item.email) || text(item.phone_number) || text(item.webhook_url) || 'Unknown kind';
  }
}

/**
 * Who a subscription reaches, as one key: the same person or webhook written differently (case, spaces in a
 * phone number) is the same subscriber. Null when it names no one.
 */
export function subscriberKey(item: Record<string, unknown>): string | null {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  switch (subscriptionKindOf(item)) {
    case 'email':
      return text(item.email) ? `email:${text(item.email).toLowerCase()}` : null;
    case 'sms': {
      const digits = `${text(item.phone_country_code)}${text(item.phone_number)}`.replace(/\D/g, '');
      return digits ? `sms:${digits}` : null;
    }
    case 'chat':
      return text(item.webhook_url) ? `chat:${text(item.webhook_url)}` : null;
    default:
      return null;
  }
}

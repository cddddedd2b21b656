import { z } from 'zod';
import { emailAddress } from '../validation/email';

/**
 * The `filter` of "list subscriptions": an email address, or one of the three phone forms
 * the API supports:
 *   - `phone_full`:         `+41 79 123 45 67` (`+` country code, a space, the number; spaces allowed inside)
 *   - `phone_country_code`: `+41`
 *   - `phone_local`:        `791234567` (the number without the country code)
 */
type SubscriptionFilterKind = 'email' | 'phone_full' | 'phone_country_code' | 'phone_local';

const COUNTRY_CODE = /^\+[1-9]\d{0,2}$/;
const FULL_NUMBER = /^(\+[1-9]\d{0,2}) (\d+(?: \d+)*)$/;
const LOCAL_NUMBER = /^\d+$/;
// E.164 caps a number at 15 digits including the country code.
const MIN_NUMBER_DIGITS = 4;
const MAX_TOTAL_DIGITS = 15;

const emailSchema = emailAddress().max(254);

export function classifySubscriptionFilter(value: string): SubscriptionFilterKind | null {
  if (COUNTRY_CODE.test(value)) return 'phone_country_code';
  const full = FULL_NUMBER.exec(value);
  if (full) {
    const codeDigits = full[1]!.length - 1;
    const numberDigits = full[2]!.replace(/ /g, '').length;
    return numberDigits >= MIN_NUMBER_DIGITS && codeDigits + numberDigits <= MAX_TOTAL_DIGITS ? 'phone_full' : null;
  }
  if (LOCAL_NUMBER.test(value)) {
    return value.length >= MIN_NUMBER_DIGITS && value.length <= MAX_TOTAL_DIGITS - 1 ? 'phone_local' : null;
  }
  if (value.includes('@')) return emailSchema.safeParse(value).success ? 'email' : null;
  return null;
}

export const SUBSCRIPTION_FILTER_HINT = "an email address, or a phone number as '+41 79 123 45 67', '+41' (country code) or '791234567' (without country code)";

/** Validates (after trimming outer whitespace) before the filter is sent. */
export const subscriptionFilterSchema = z
  .string()
  .trim()
  .refine((value) => classifySubscriptionFilter(value) !== null, { message: `filter must be ${SUBSCRIPTION_FILTER_HINT}` });

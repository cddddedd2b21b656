import { parseCsv, unguarded } from '../export/csv';
import { subscriberKey, subscriptionBodyOf, subscriptionFormSchema, subscriptionTarget } from './forms/subscription-form';

/*
 * Subscribers from a CSV file, each checked with the form's schema before anything is queued. Two shapes:
 *   - a header naming columns, as an export of subscriptions writes them (kind, email, phone_country_code,
 *     phone_number, webhook_url; other columns, such as id, are ignored);
 *   - no header: one subscriber a line, its first cell an email address, a phone number with its country code
 *     ("+41 79 123 45 67") or a chat service's webhook address.
 * Blank lines are skipped, and so is a subscriber the file names twice or the page already has (an export
 * imported back after one change adds that one, not every subscriber again: two texts per incident otherwise).
 */

export interface SubscriberCsvError {
  line: number;
  message: string;
}

export interface SubscriberCsvResult {
  /** addSubscription bodies, in the file's order. */
  bodies: Array<Record<string, string>>;
  errors: SubscriberCsvError[];
  /** Lines naming a subscriber an earlier line already named. */
  repeated: number;
  /** Subscribers the page already has (or has queued), skipped: where each delivers, in the file's order. */
  existing: string[];
}

/** Each subscriber is one outbox write. */
export const MAX_IMPORTED_SUBSCRIBERS = 50_000;

const COLUMNS = ['kind', 'email', 'phone_country_code', 'phone_number', 'webhook_url'] as const;
type Column = (typeof COLUMNS)[number];

/** The form's fields from a line's cells, by column, or from the one target the line names. */
function formOf(cells: Partial<Record<Column, string>>): Record<string, string> {
  const declared = cells.kind?.toLowerCase();
  const kind =
    declared === 'email' || declared === 'sms' || declared === 'chat'
      ? declared
      : cells.email
        ? 'email'
        : cells.phone_number
          ? 'sms'
          : cells.webhook_url
            ? 'chat'
            : '';
  if (kind === 'sms') return { kind, countryCode: cells.phone_country_code ?? '', number: cells.phone_number ?? '' };
  if (kind === 'chat') return { kind, webhookUrl: cells.webhook_url ?? '' };
  return { kind: kind || 'email', email: cells.email ?? '' };
}

function targetCells(target: string): Partial<Record<Column, string>> {
  if (/^https?:\/\//i.test(target)) return { webhook_url: target };
  const phone = /^(\+\d{1,4})\s+(.+)$/.exec(target);
  if (phone) return { phone_country_code: phone[1]!, phone_number: phone[2]! };
  if (/^\+?\d[\d ]*$/.test(target)) return { kind: 'sms', phone_number: target };
  return { email: target };
}

export function parseSubscriberCsv(text: string, already: ReadonlyArray<Record<string, unknown>> = []): SubscriberCsvResult {
  const rows = parseCsv(text.replace(/^\uFEFF/, ''));
  const bodies: Array<Record<string, string>> = [];
  const errors: SubscriberCsvError[] = [];
  const seen = new Set<string>();
  const has = new Set(already.map(subscriberKey).filter((key): key is string => key !== null));
  const existing: string[] = [];
  let repeated = 0;
  const header = rows[0]?.cells.map((cell) => cell.trim().toLowerCase()) ?? [];
  const named = header.some((cell) => (COLUMNS as readonly string[]).includes(cell));
  for (const row of named ? rows.slice(1) : rows) {
    const cells = row.cells.map(unguarded);
    const byColumn: Partial<Record<Column, string>> = {};
    if (named) header.forEach((name, i) => (COLUMNS as readonly string[]).includes(name) && cells[i] && (byColumn[name as Column] = cells[i]));
    const form = formOf(named ? byColumn : targetCells(cells.find((cell) => cell !== '') ?? ''));
    const parsed = subscriptionFormSchema.safeParse(form);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const missing = form.kind === 'sms' && !form.countryCode ? 'Give the phone number with its country code, such as +41 79 123 45 67.' : null;
      errors.push({ line: row.line, message: missing ?? issue?.message ?? 'This line is not a subscriber.' });
      continue;
    }
    const body = subscriptionBodyOf(parsed.data);
    const key = subscriberKey(body) ?? JSON.stringify(body).toLowerCase();
    if (seen.has(key)) {
      repeated++;
      continue;
    }
    seen.add(key);
    if (has.has(key)) {
      existing.push(subscriptionTarget(body));
      continue;
    }
    bodies.push(body);
  }
  if (bodies.length === 0 && errors.length === 0 && existing.length === 0)
    errors.push({ line: 1, message: 'No subscribers: one email address, phone number or chat address a line.' });
  if (bodies.length > MAX_IMPORTED_SUBSCRIBERS) {
    errors.push({ line: 1, message: `At most ${MAX_IMPORTED_SUBSCRIBERS.toLocaleString('en')} subscribers at once; split the file.` });
  }
  return { bodies, errors, repeated, existing };
}

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

interface SubscriberCsvResult {
  /** addSubscription bodies, in the file's order. */
  bodies: Array<Record<string, string>>;
  /** The first MAX_LISTED_ERRORS problems, each with its line. */
  errors: SubscriberCsvError[];
  /** Every line with a problem, listed or not. */
  errorCount: number;
  /** Lines naming a subscriber an earlier line already named. */
  repeated: number;
  /** Subscribers the page already has (or has queued), skipped: where each delivers, in the file's order. */
  existing: string[];
}

/** Each subscriber is one outbox write. */
export const MAX_IMPORTED_SUBSCRIBERS = 50_000;

/** The largest file read: 50,000 subscribers of a full export line each, with room to spare. */
export const MAX_SUBSCRIBER_CSV_BYTES = 8 * 1024 * 1024;

/** Problems listed by line; the rest are counted. */
export const MAX_LISTED_ERRORS = 100;

/** Subscribers a page may already have, checked against: far above any real page's list. */
export const MAX_KNOWN_SUBSCRIBERS = 200_000;

/** Why a file is not read at all, or null: its size is known before a byte is read. */
export function subscriberFileTooLarge(bytes: number): string | null {
  if (bytes <= MAX_SUBSCRIBER_CSV_BYTES) return null;
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(n >= 10 * 1024 * 1024 ? 0 : 1)} MB`;
  return `The file is ${mb(bytes)}; at most ${mb(MAX_SUBSCRIBER_CSV_BYTES)} (about ${MAX_IMPORTED_SUBSCRIBERS.toLocaleString('en')} subscribers) are imported at once: split it.`;
}

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

/** The keys (subscriberKey) of the subscribers a page already has: those in `items`, the page's list as read. */
export function knownSubscriberKeys(items: ReadonlyArray<Record<string, unknown>>): string[] {
  return [...new Set(items.map(subscriberKey).filter((key): key is string => key !== null))];
}

/** `known`: keys (subscriberKey) of the subscribers the page already has, skipped and named in `existing`. */
export function parseSubscriberCsv(text: string, known: Iterable<string> = []): SubscriberCsvResult {
  const tooLarge = subscriberFileTooLarge(new TextEncoder().encode(text).length);
  if (tooLarge) return refused(1, tooLarge);
  // One row past the cap, header or not, to know the file holds more.
  const { rows, unclosedQuoteLine, cutAtRows } = parseCsv(text.replace(/^\uFEFF/, ''), MAX_IMPORTED_SUBSCRIBERS + 1);
  if (unclosedQuoteLine !== null) {
    return refused(unclosedQuoteLine, 'A quote opens on this line and never closes, so the rest of the file would be one cell: close it or remove it.');
  }
  const header = rows[0]?.cells.map((cell) => cell.trim().toLowerCase()) ?? [];
  const named = header.some((cell) => (COLUMNS as readonly string[]).includes(cell));
  if (cutAtRows || rows.length - (named ? 1 : 0) > MAX_IMPORTED_SUBSCRIBERS) {
    return refused(1, `At most ${MAX_IMPORTED_SUBSCRIBERS.toLocaleString('en')} subscribers at once; split the file.`);
  }
  const bodies: Array<Record<string, string>> = [];
  const errors: SubscriberCsvError[] = [];
  let errorCount = 0;
  const problem = (error: SubscriberCsvError) => {
    errorCount++;
    if (errors.length < MAX_LISTED_ERRORS) errors.push(error);
  };
  const seen = new Set<string>();
  const has = new Set(known);
  const existing: string[] = [];
  let repeated = 0;
  for (const row of named ? rows.slice(1) : rows) {
    const cells = row.cells.map(unguarded);
    const byColumn: Partial<Record<Column, string>> = {};
    if (named) header.forEach((name, i) => (COLUMNS as readonly string[]).includes(name) && cells[i] && (byColumn[name as Column] = cells[i]));
    const form = formOf(named ? byColumn : targetCells(cells.find((cell) => cell !== '') ?? ''));
    const parsed = subscriptionFormSchema.safeParse(form);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const missing = form.kind === 'sms' && !form.countryCode ? 'Give the phone number with its country code, such as +41 79 123 45 67.' : null;
      problem({ line: row.line, message: missing ?? issue?.message ?? 'This line is not a subscriber.' });
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
  if (bodies.length === 0 && errorCount === 0 && existing.length === 0)
    problem({ line: 1, message: 'No subscribers: one email address, phone number or chat address a line.' });
  return { bodies, errors, errorCount, repeated, existing };
}

/** A file refused whole, for one reason at one line: nothing is queued. */
function refused(line: number, message: string): SubscriberCsvResult {
  return { bodies: [], errors: [{ line, message }], errorCount: 1, repeated: 0, existing: [] };
}

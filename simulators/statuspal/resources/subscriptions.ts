import { floorSecond } from '../clock';
import type { RequestCtx } from '../context';
import { invalid } from '../errors';
import type { Page, Subscription, SubscriptionKind } from '../model';
import { keyComparator, parsePageQuery, type CursorKey } from '../pagination';
import type { RouteDef } from '../router';
import type { Store } from '../store';
import { subscriptionJson } from '../views';
import { extrasOf, optIntArray, optNullableStr, type Obj } from '../validate';
import { collectionRoutes, pagedAnswer, recordIn } from './collection';
import { checkServiceIds, touch } from './common';

/** Subscriptions: email, SMS or chat; ids are UUID strings; the list filters by email or phone. */

const KNOWN = new Set(['id', 'kind', 'email', 'phone_country_code', 'phone_number', 'webhook_url', 'service_ids', 'inserted_at', 'updated_at']);
const KINDS: readonly SubscriptionKind[] = ['email', 'sms', 'chat'];
const EMAIL_RE = /^[^@\s]+@[^@\s]+$/;

interface SubscriptionInput {
  kind?: SubscriptionKind;
  email?: string | null;
  phoneCountryCode?: string | null;
  phoneNumber?: string | null;
  webhookUrl?: string | null;
  serviceIds?: number[];
  extra: Record<string, unknown>;
}

const digits = (s: string): string => s.replace(/\s+/g, '');

function normalizeCountryCode(cc: string): string {
  const d = digits(cc).replace(/^\+/, '');
  if (!/^\d{1,4}$/.test(d)) throw invalid('phone_country_code must look like +41');
  return `+${d}`;
}

function parseInput(page: Page, o: Obj): SubscriptionInput {
  const kindRaw = o.kind;
  if (kindRaw !== undefined && !KINDS.includes(kindRaw as SubscriptionKind)) throw invalid('kind must be email, sms or chat');
  const input: SubscriptionInput = {
    kind: kindRaw as SubscriptionKind | undefined,
    email: optNullableStr(o, 'email'),
    phoneCountryCode: optNullableStr(o, 'phone_country_code'),
    phoneNumber: optNullableStr(o, 'phone_number'),
    webhookUrl: optNullableStr(o, 'webhook_url'),
    serviceIds: optIntArray(o, 'service_ids'),
    extra: extrasOf(o, KNOWN),
  };
  checkServiceIds(page, input.serviceIds);
  // A full number in phone_number ("+41 79 123 45 67") carries its own country code.
  if (input.phoneNumber && input.phoneNumber.trim().startsWith('+') && !input.phoneCountryCode) {
    const [cc, ...rest] = input.phoneNumber.trim().split(/\s+/);
    input.phoneCountryCode = cc ?? null;
    input.phoneNumber = rest.join(' ');
  }
  return input;
}

function inferKind(input: SubscriptionInput): SubscriptionKind {
  if (input.kind) return input.kind;
  if (input.email) return 'email';
  if (input.phoneNumber || input.phoneCountryCode) return 'sms';
  if (input.webhookUrl) return 'chat';
  throw invalid('cannot tell the kind of subscription: send kind, email, phone_number or webhook_url');
}

/** The record after applying input must be a valid subscription of its kind. */
function checkRecord(s: Subscription): void {
  if (s.kind === 'email' && !(s.email && EMAIL_RE.test(s.email.trim()))) throw invalid('email subscription needs an email');
  if (s.kind === 'sms') {
    if (!s.phoneNumber || !/^\d{3,15}$/.test(digits(s.phoneNumber))) throw invalid('sms subscription needs phone_number');
    if (!s.phoneCountryCode) throw invalid('sms subscription needs phone_country_code');
    s.phoneCountryCode = normalizeCountryCode(s.phoneCountryCode);
  }
  if (s.kind === 'chat' && !(s.webhookUrl && /^https?:\/\/\S+$/.test(s.webhookUrl))) {
    throw invalid('chat subscription needs webhook_url');
  }
}

export function createSubscription(store: Store, page: Page, o: Obj, now: number): Subscription {
  const input = parseInput(page, o);
  const t = floorSecond(now);
  const s: Subscription = {
    id: store.nextUuid(),
    seq: store.nextSubscriptionSeq(),
    kind: inferKind(input),
    email: input.email ?? null,
    phoneCountryCode: input.phoneCountryCode ?? null,
    phoneNumber: input.phoneNumber ?? null,
    webhookUrl: input.webhookUrl ?? null,
    serviceIds: input.serviceIds ?? null,
    insertedAt: t,
    updatedAt: t,
    extra: input.extra,
  };
  checkRecord(s);
  page.subscriptions.set(s.id, s);
  return s;
}

function updateSubscription(page: Page, s: Subscription, o: Obj, now: number): void {
  const input = parseInput(page, o);
  const next: Subscription = {
    ...s,
    kind: input.kind ?? s.kind,
    email: input.email === undefined ? s.email : input.email,
    phoneCountryCode: input.phoneCountryCode === undefined ? s.phoneCountryCode : input.phoneCountryCode,
    phoneNumber: input.phoneNumber === undefined ? s.phoneNumber : input.phoneNumber,
    webhookUrl: input.webhookUrl === undefined ? s.webhookUrl : input.webhookUrl,
    serviceIds: input.serviceIds ?? s.serviceIds,
    extra: { ...s.extra, ...input.extra },
  };
  checkRecord(next);
  Object.assign(s, next);
  touch(s, now);
}

/**
 * `filter`: an email (case-insensitive), or a phone number in the spec's three forms:
 * `+41 79 123 45 67` (full; spaces inside the number allowed), `+41` (country code alone),
 * `791234567` (number without country code). Numbers compare with spaces removed.
 */
export function matchesFilter(s: Subscription, filter: string): boolean {
  const f = filter.trim();
  if (f === '') return true;
  if (f.includes('@')) return (s.email ?? '').trim().toLowerCase() === f.toLowerCase();
  if (!s.phoneNumber) return false;
  const number = digits(s.phoneNumber);
  const cc = s.phoneCountryCode ?? '';
  if (f.startsWith('+')) {
    const space = f.search(/\s/);
    if (space > 0) return cc === normalizeLoose(f.slice(0, space)) && number === digits(f.slice(space));
    const compact = digits(f);
    return cc === compact || `${cc}${number}` === compact;
  }
  return number === digits(f);
}

const normalizeLoose = (cc: string): string => `+${digits(cc).replace(/^\+/, '')}`;

const keyOf = (s: Subscription): CursorKey => [s.seq];
const cmp = keyComparator([false]);

function list(ctx: RequestCtx, page: Page) {
  const query = parsePageQuery(ctx.query, 1);
  const filter = ctx.query.get('filter');
  let items = [...page.subscriptions.values()]; // Map order is insertion order: oldest first
  if (filter) items = items.filter((s) => matchesFilter(s, filter));
  return pagedAnswer(ctx, 'subscriptions', items, { keyOf, cmp, query }, subscriptionJson);
}

export const subscriptionRoutes: RouteDef[] = collectionRoutes<Subscription, Page>({
  op: 'subscriptions',
  path: '/status_pages/:sd/subscriptions',
  key: 'subscription',
  body: { tolerant: true },
  read: { scope: 'page', need: 'read' },
  write: { scope: 'page', need: 'edit' },
  holder: (ctx) => ctx.page(),
  list,
  find: (ctx, page) => recordIn(page.subscriptions, ctx.params.id, 'subscription'),
  view: (_ctx, s) => subscriptionJson(s),
  create: (ctx, page, o) => createSubscription(ctx.core.store, page, o, ctx.now),
  update: (ctx, page, s, o) => updateSubscription(page, s, o, ctx.now),
  remove: (_ctx, page, s) => page.subscriptions.delete(s.id),
  idOf: (s) => s.id,
});

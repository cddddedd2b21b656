import { floorSecond } from '../clock';
import type { Extra, Update } from '../model';
import type { Store } from '../store';
import { extrasOf, isObj, optBool, optDateTime, optObj, optStr, type Obj } from '../validate';
import { applyChanges } from './common';
import { invalid, notFound } from '../errors';
import { UPDATE_KEYS } from '../record-keys';

/** Incident updates and information notice updates share this record ("activity"). */

const KNOWN = new Set<string>([...UPDATE_KEYS, 'notify']);

export interface UpdateInput {
  type?: string;
  description?: string;
  postedAt?: number;
  translations?: unknown;
  tweet?: boolean;
  notify?: boolean;
  extra: Extra;
}

/**
 * `withType`: incident updates carry a required `type`; notice updates have none (the service shows
 * them as type "info", and a type sent anyway is ignored).
 */
export function parseUpdateInput(o: Obj, opts: { withType: boolean; partial: boolean }): UpdateInput {
  const input: UpdateInput = { extra: extrasOf(o, KNOWN) };
  if (opts.withType) input.type = optStr(o, 'type', { required: !opts.partial, nonEmpty: true });
  input.description = optStr(o, 'description', { required: !opts.partial });
  input.postedAt = optDateTime(o, 'posted_at', false) ?? undefined;
  input.translations = optObj(o, 'translations');
  input.tweet = optBool(o, 'tweet');
  input.notify = optBool(o, 'notify');
  return input;
}

export function parseUpdateList(v: unknown, withType: boolean): UpdateInput[] {
  if (v === undefined) return [];
  if (!Array.isArray(v) || !v.every(isObj)) throw invalid('updates must be an array of objects');
  return v.map((o) => parseUpdateInput(o, { withType, partial: false }));
}

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The service renders descriptions as paragraphs with line breaks; the fixtures show this form. */
export function descriptionToHtml(description: string): string {
  return description
    .trim()
    .split(/\r?\n[ \t]*\r?\n/)
    .filter((p) => p.trim() !== '')
    .map((p) => `<p>\n${p.split(/\r?\n/).map(escapeHtml).join('  <br />\n')}</p>\n`)
    .join('');
}

export function newUpdate(store: Store, input: UpdateInput, now: number, defaultType: string): Update {
  const t = floorSecond(now);
  const description = input.description ?? '';
  return {
    id: store.nextId('update'),
    type: input.type ?? defaultType,
    description,
    descriptionHtml: descriptionToHtml(description),
    postedAt: input.postedAt ?? t,
    insertedAt: t,
    updatedAt: t,
    subscribersNotifiedAt: input.notify ? t : null,
    translations: input.translations ?? {},
    tweet: input.tweet ?? false,
    extra: input.extra,
  };
}

function changeUpdateRecord(u: Update, input: UpdateInput, now: number): void {
  if (input.description !== undefined) {
    u.description = input.description;
    u.descriptionHtml = descriptionToHtml(input.description);
  }
  if (input.notify) u.subscribersNotifiedAt = floorSecond(now);
  applyChanges(u, input, ['type', 'postedAt', 'translations', 'tweet'], now);
}

/** Newest first by posted_at, as the service lists them. */
export function insertUpdate(list: Update[], u: Update): void {
  const i = list.findIndex((x) => x.postedAt < u.postedAt || (x.postedAt === u.postedAt && x.id < u.id));
  if (i < 0) list.push(u);
  else list.splice(i, 0, u);
}

/** Changes an update where it stands in its list, moving it when its posted_at moves. */
export function changeUpdateIn(list: Update[], u: Update, input: UpdateInput, now: number): void {
  changeUpdateRecord(u, input, now);
  if (input.postedAt !== undefined) {
    removeUpdateFrom(list, u);
    insertUpdate(list, u);
  }
}

export function removeUpdateFrom(list: Update[], u: Update): void {
  list.splice(list.indexOf(u), 1);
}

export function findUpdate(list: Update[], id: number): Update {
  const u = list.find((x) => x.id === id);
  if (!u) throw notFound(`update ${id}`);
  return u;
}

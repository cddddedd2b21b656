import type { WriteOperationName } from '@shared/outbox/write-operations';
import { sameInstant } from './current-version';
import { sameStoredText } from './stored-text';

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
const DATE_LIKE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const EMAIL_KEYS = new Set(['email']);

/**
 * Fields a server sets or changes by itself right after a create, or ignores: not evidence either way.
 *   order  services are renumbered when one is added;
 *   type   of a notice's update: the service shows them all as "info" whatever was sent.
 */
const NOT_COMPARED: Partial<Record<WriteOperationName, { object?: readonly string[]; update?: readonly string[] }>> = {
  addService: { object: ['order'] },
  createInfoNotice: { update: ['type'] },
  addInfoNoticeUpdate: { object: ['type'] },
};

function sameScalars(mine: unknown[], theirs: unknown[]): boolean {
  // Sets of ids (service_ids): the order is the server's business, and "2" is 2.
  const a = [...new Set(mine.map(String))].sort();
  const b = [...new Set(theirs.map(String))].sort();
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** One field we wrote against the server's copy of it, read the way the server keeps values. */
function sameField(key: string, mine: unknown, theirs: unknown): boolean {
  if (typeof mine === 'string') {
    if (typeof theirs !== 'string') return false;
    if (DATE_LIKE.test(mine) && DATE_LIKE.test(theirs)) return sameInstant(mine, theirs);
    if (EMAIL_KEYS.has(key)) return mine.trim().toLowerCase() === theirs.trim().toLowerCase();
    return sameStoredText(mine, theirs);
  }
  if (mine === null) return theirs === null || theirs === undefined || theirs === '';
  if (Array.isArray(mine)) {
    if (!Array.isArray(theirs)) return false;
    if (mine.every((v) => !isRecord(v)) && theirs.every((v) => !isRecord(v))) return sameScalars(mine, theirs);
    return everyMatchedOnce(mine.filter(isRecord), theirs.filter(isRecord), (a, b) => showsFields(b, a, []));
  }
  if (isRecord(mine)) return isRecord(theirs) && showsFields(theirs, mine, []);
  // Numbers and booleans; an id may come back as a string.
  return mine === theirs || (theirs !== null && theirs !== undefined && String(mine) === String(theirs));
}

/** Every one of `mine` matches a different one of `theirs`. */
function everyMatchedOnce<T>(mine: T[], theirs: T[], same: (mine: T, theirs: T) => boolean): boolean {
  const used = new Set<number>();
  return mine.every((item) => {
    const index = theirs.findIndex((candidate, i) => !used.has(i) && same(item, candidate));
    if (index < 0) return false;
    used.add(index);
    return true;
  });
}

/** The fields of `mine` that `object` shows (a field it does not show cannot be judged, and is skipped). */
function showsFields(object: Json, mine: Json, skip: readonly string[]): boolean {
  for (const [key, value] of Object.entries(mine)) {
    if (value === undefined || skip.includes(key) || !(key in object)) continue;
    if (!sameField(key, value, object[key])) return false;
  }
  return true;
}

/**
 * The notify flag, where the server shows it: echoed as `notify`, or as `subscribers_notified_at` on the
 * update. Only a write that said "do not notify" rules out an update whose subscribers were notified; a
 * notification may be sent later than the update is stored, so a missing one proves nothing.
 */
function showsNotify(update: Json, notify: unknown): boolean {
  if (typeof notify !== 'boolean') return true;
  if (typeof update.notify === 'boolean') return update.notify === notify;
  const notifiedAt = update.subscribers_notified_at;
  return notify || !(typeof notifiedAt === 'string' && notifiedAt !== '');
}

/** Whether a server update (of an incident or notice) can be the one we wrote. */
function showsUpdate(update: Json, mine: Json, options: { inheritedNotify?: unknown; skip?: readonly string[] } = {}): boolean {
  const { notify, ...fields } = mine;
  return showsFields(update, fields, options.skip ?? []) && showsNotify(update, notify ?? options.inheritedNotify);
}

/**
 * Whether a server object can be what a create of ours made: it shows every field the write set (its text as
 * the server may store it, stored-text.ts; ids as sets; times as instants), and each update the create carried
 * is one of its updates. A field the object does not show is not held against it.
 */
export function showsWrite(operation: WriteOperationName, object: Json, body: Json): boolean {
  const skip = NOT_COMPARED[operation] ?? {};
  if (operation === 'addIncidentUpdate' || operation === 'addInfoNoticeUpdate') return showsUpdate(object, body, { skip: skip.object ?? [] });
  const { updates, notify, ...fields } = body;
  if (!showsFields(object, fields, skip.object ?? [])) return false;
  if (typeof object.notify === 'boolean' && typeof notify === 'boolean' && object.notify !== notify) return false;
  if (!Array.isArray(updates) || updates.length === 0) return true;
  const theirs = Array.isArray(object.updates) ? object.updates.filter(isRecord) : null;
  // A list that leaves updates out cannot be judged on them.
  if (theirs === null) return !('updates' in object);
  return everyMatchedOnce(updates.filter(isRecord), theirs, (a, b) => showsUpdate(b, a, { inheritedNotify: notify, skip: skip.update ?? [] }));
}

import { floorSecond } from '../clock';
import { idParam, type RequestCtx } from '../context';
import { isKnownType, isScheduled, refreshLive } from '../derived';
import { invalid } from '../errors';
import type { Incident, Page, Update } from '../model';
import { keyComparator, parsePageQuery, type CursorKey } from '../pagination';
import type { RouteDef } from '../router';
import type { Store } from '../store';
import { incidentJson, updateJson } from '../views';
import { extrasOf, optBool, optDateTime, optIntArray, optNullableStr, optObj, optStr, type Obj } from '../validate';
import { collectionRoutes, pagedAnswer, recordIn } from './collection';
import { applyChanges, checkServiceIds, touch } from './common';
import { changeUpdateIn, findUpdate, insertUpdate, newUpdate, parseUpdateInput, parseUpdateList, removeUpdateFrom, type UpdateInput } from './updates';
import { INCIDENT_KEYS } from '../record-keys';

const KNOWN = new Set<string>([...INCIDENT_KEYS, 'notify']);

export interface IncidentInput {
  type?: string;
  title?: string;
  serviceIds?: number[];
  startsAt?: number;
  endsAt?: number | null;
  timezone?: string | null;
  affectsUptime?: boolean;
  translations?: unknown;
  updates?: UpdateInput[];
  notify?: boolean;
  extra: Record<string, unknown>;
}

function parseIncidentInput(page: Page, o: Obj, partial: boolean): IncidentInput {
  const input: IncidentInput = {
    type: optStr(o, 'type', { required: !partial, nonEmpty: true }),
    title: optStr(o, 'title', { required: !partial, nonEmpty: true }),
    serviceIds: optIntArray(o, 'service_ids'),
    startsAt: optDateTime(o, 'starts_at', false) ?? undefined,
    endsAt: optDateTime(o, 'ends_at', true),
    timezone: optNullableStr(o, 'timezone'),
    affectsUptime: optBool(o, 'affects_uptime'),
    translations: optObj(o, 'translations'),
    notify: optBool(o, 'notify'),
    updates: partial ? undefined : parseUpdateList(o.updates, true),
    extra: extrasOf(o, KNOWN),
  };
  if (input.type !== undefined && !isKnownType(page, input.type)) throw invalid(`unknown incident type ${input.type}`);
  checkServiceIds(page, input.serviceIds);
  return input;
}

function hasResolved(inc: Incident): boolean {
  return inc.updates.some((u) => u.type === 'resolved');
}

/** A resolved update closes the incident: it ends now (a maintenance ended early ends now too). */
function close(page: Page, inc: Incident, now: number): void {
  const t = floorSecond(now);
  inc.endsAtBeforeClose = inc.endsAt;
  if (!isScheduled(page, inc.type) || inc.endsAt === null || inc.endsAt > t) inc.endsAt = t;
  inc.closedAt = t;
}

function reopen(inc: Incident): void {
  inc.closedAt = null;
  inc.endsAt = inc.endsAtBeforeClose;
  inc.endsAtBeforeClose = null;
}

/** After updates changed: close on a first resolved update, reopen when the last one goes. */
function syncClosure(page: Page, inc: Incident, now: number, wasResolved: boolean): void {
  const isResolved = hasResolved(inc);
  if (isResolved && !wasResolved && inc.closedAt === null) close(page, inc, now);
  else if (!isResolved && wasResolved && inc.closedAt !== null) reopen(inc);
  refreshLive(page, inc);
}

export function createIncident(store: Store, page: Page, input: IncidentInput, now: number): Incident {
  const t = floorSecond(now);
  const id = store.nextId('incident');
  const inc: Incident = {
    id,
    type: input.type ?? 'major',
    title: input.title ?? '',
    url: `${page.publicBase}/incidents/${id}`,
    startsAt: input.startsAt ?? t,
    endsAt: input.endsAt ?? null,
    serviceIds: input.serviceIds ?? [],
    updates: [],
    insertedAt: t,
    updatedAt: t,
    timezone: input.timezone ?? null,
    affectsUptime: input.affectsUptime ?? false,
    translations: input.translations ?? {},
    closedAt: null,
    endsAtBeforeClose: null,
    extra: input.extra,
  };
  for (const u of input.updates ?? []) {
    insertUpdate(inc.updates, newUpdate(store, { ...u, notify: u.notify ?? input.notify }, now, 'issue'));
  }
  page.incidents.set(id, inc);
  // Written with an end already past: a retroactive incident, closed from the start.
  if (!isScheduled(page, inc.type) && inc.endsAt !== null && inc.endsAt <= now) inc.closedAt = t;
  syncClosure(page, inc, now, false);
  return inc;
}

function updateIncident(page: Page, inc: Incident, input: IncidentInput, now: number): void {
  applyChanges(inc, input, ['type', 'title', 'serviceIds', 'startsAt', 'timezone', 'affectsUptime', 'translations'], now);
  if (input.endsAt !== undefined) {
    inc.endsAt = input.endsAt;
    if (!isScheduled(page, inc.type)) {
      // Setting an end in the past closes; clearing it (or moving it ahead) reopens.
      inc.closedAt = input.endsAt !== null && input.endsAt <= now ? (inc.closedAt ?? floorSecond(now)) : null;
    } else if (inc.closedAt !== null && (input.endsAt === null || input.endsAt > now)) {
      inc.closedAt = null;
    }
  }
  refreshLive(page, inc);
}

function deleteIncident(page: Page, inc: Incident): void {
  page.incidents.delete(inc.id);
  refreshLive(page, inc);
}

export function addIncidentUpdate(store: Store, page: Page, inc: Incident, input: UpdateInput, now: number): Update {
  const was = hasResolved(inc);
  const u = newUpdate(store, input, now, 'update');
  insertUpdate(inc.updates, u);
  touch(inc, now);
  syncClosure(page, inc, now, was);
  return u;
}

function changeIncidentUpdate(page: Page, inc: Incident, u: Update, input: UpdateInput, now: number): void {
  const was = hasResolved(inc);
  changeUpdateIn(inc.updates, u, input, now);
  touch(inc, now);
  syncClosure(page, inc, now, was);
}

function deleteIncidentUpdate(page: Page, inc: Incident, u: Update, now: number): void {
  const was = hasResolved(inc);
  removeUpdateFrom(inc.updates, u);
  touch(inc, now);
  syncClosure(page, inc, now, was);
}

export function findIncident(page: Page, id: number): Incident {
  return recordIn(page.incidents, id, 'incident');
}

// Newest first: starts_at descending, then id descending.
const sortCache = new WeakMap<Page, { version: number; sorted: Incident[] }>();
function sortedIncidents(page: Page): Incident[] {
  const hit = sortCache.get(page);
  if (hit && hit.version === page.incidentVersion) return hit.sorted;
  const sorted = [...page.incidents.values()].sort((a, b) => b.startsAt - a.startsAt || b.id - a.id);
  sortCache.set(page, { version: page.incidentVersion, sorted });
  return sorted;
}
const keyOf = (i: Incident): CursorKey => [i.startsAt, i.id];
const cmp = keyComparator([true, true]);

function list(ctx: RequestCtx, page: Page) {
  const query = parsePageQuery(ctx.query, 2);
  const type = ctx.query.get('type');
  let items = sortedIncidents(page);
  if (type) items = items.filter((i) => i.type === type);
  return pagedAnswer(ctx, 'incidents', items, { keyOf, cmp, query }, incidentJson);
}

const P = '/status_pages/:sd/incidents';
const edit = { scope: 'page', need: 'edit' } as const;
const updateInput = (o: Obj, partial: boolean): UpdateInput => parseUpdateInput(o, { withType: true, partial });

export const incidentRoutes: RouteDef[] = [
  ...collectionRoutes<Incident, Page>({
    op: 'incidents',
    path: P,
    key: 'incident',
    read: 'none',
    write: edit,
    holder: (ctx) => ctx.page(),
    list,
    find: (ctx, page) => findIncident(page, idParam(ctx, 'id')),
    view: (_ctx, inc) => incidentJson(inc),
    create: (ctx, page, o) => createIncident(ctx.core.store, page, parseIncidentInput(page, o, false), ctx.now),
    update: (ctx, page, inc, o) => updateIncident(page, inc, parseIncidentInput(page, o, true), ctx.now),
    remove: (_ctx, page, inc) => deleteIncident(page, inc),
    idOf: (inc) => inc.id,
  }),
  // An incident's updates: created, changed and deleted one by one, read with the incident.
  ...collectionRoutes<Update, { page: Page; inc: Incident }>({
    op: 'incidents.updates',
    path: `${P}/:id/updates`,
    idParam: 'uid',
    key: 'update',
    write: edit,
    noGet: true,
    holder: (ctx) => ({ page: ctx.page(), inc: findIncident(ctx.page(), idParam(ctx, 'id')) }),
    find: (ctx, { inc }) => findUpdate(inc.updates, idParam(ctx, 'uid')),
    view: (_ctx, u) => updateJson(u),
    create: (ctx, { page, inc }, o) => addIncidentUpdate(ctx.core.store, page, inc, updateInput(o, false), ctx.now),
    update: (ctx, { page, inc }, u, o) => changeIncidentUpdate(page, inc, u, updateInput(o, true), ctx.now),
    remove: (ctx, { page, inc }, u) => deleteIncidentUpdate(page, inc, u, ctx.now),
    idOf: (u) => u.id,
  }),
];

import { floorSecond } from '../clock';
import { created, deleted, idParam, linkBase, ok, type RequestCtx } from '../context';
import { notFound } from '../errors';
import type { Notice, Page, Update } from '../model';
import { buildLinks, keyComparator, paginate, parsePageQuery, type CursorKey } from '../pagination';
import type { RouteDef } from '../router';
import type { Store } from '../store';
import { noticeJson, updateJson } from '../views';
import { extrasOf, optDateTime, optIntArray, optNullableStr, optObj, optStr, unwrap, type Obj } from '../validate';
import { checkServiceIds, touch } from './common';
import { findUpdate } from './incidents';
import { changeUpdateRecord, insertUpdate, newUpdate, parseUpdateInput, parseUpdateList, type UpdateInput } from './updates';

/** Information notices: like incidents without a type or level; featured between featured_from and featured_until. */

const KNOWN = new Set([
  'id',
  'title',
  'url',
  'updates',
  'service_ids',
  'featured_from',
  'featured_until',
  'inserted_at',
  'updated_at',
  'timezone',
  'translations',
  'notify',
]);

export interface NoticeInput {
  title?: string;
  serviceIds?: number[];
  featuredFrom?: number | null;
  featuredUntil?: number | null;
  timezone?: string | null;
  translations?: unknown;
  updates?: UpdateInput[];
  notify?: boolean;
  extra: Record<string, unknown>;
}

export function parseNoticeInput(page: Page, o: Obj, partial: boolean): NoticeInput {
  const input: NoticeInput = {
    title: optStr(o, 'title', { required: !partial, nonEmpty: true }),
    serviceIds: optIntArray(o, 'service_ids'),
    featuredFrom: optDateTime(o, 'featured_from', true),
    featuredUntil: optDateTime(o, 'featured_until', true),
    timezone: optNullableStr(o, 'timezone'),
    translations: optObj(o, 'translations'),
    updates: partial ? undefined : parseUpdateList(o.updates, false),
    notify: o.notify === true,
    extra: extrasOf(o, KNOWN),
  };
  checkServiceIds(page, input.serviceIds);
  return input;
}

export function createNotice(store: Store, page: Page, input: NoticeInput, now: number): Notice {
  const t = floorSecond(now);
  const id = store.nextId('incident'); // notices share the incident sequence on the real service
  const n: Notice = {
    id,
    title: input.title ?? '',
    url: `${page.publicBase}/info_notices/${id}`,
    updates: [],
    serviceIds: input.serviceIds ?? [],
    featuredFrom: input.featuredFrom === undefined ? t : input.featuredFrom,
    featuredUntil: input.featuredUntil ?? null,
    insertedAt: t,
    updatedAt: t,
    timezone: input.timezone ?? null,
    translations: input.translations ?? {},
    extra: input.extra,
  };
  for (const u of input.updates ?? []) {
    insertUpdate(n.updates, newUpdate(store, { ...u, type: 'info', notify: u.notify ?? input.notify }, now, 'info'));
  }
  page.notices.set(id, n);
  return n;
}

export function updateNotice(n: Notice, input: NoticeInput, now: number): void {
  if (input.title !== undefined) n.title = input.title;
  if (input.serviceIds !== undefined) n.serviceIds = input.serviceIds;
  if (input.featuredFrom !== undefined) n.featuredFrom = input.featuredFrom;
  if (input.featuredUntil !== undefined) n.featuredUntil = input.featuredUntil;
  if (input.timezone !== undefined) n.timezone = input.timezone;
  if (input.translations !== undefined) n.translations = input.translations;
  n.extra = { ...n.extra, ...input.extra };
  touch(n, now);
}

export function addNoticeUpdate(store: Store, n: Notice, input: UpdateInput, now: number): Update {
  const u = newUpdate(store, { ...input, type: 'info' }, now, 'info');
  insertUpdate(n.updates, u);
  touch(n, now);
  return u;
}

export function findNotice(page: Page, id: number): Notice {
  const n = page.notices.get(id);
  if (!n) throw notFound(`info notice ${id}`);
  return n;
}

const keyOf = (n: Notice): CursorKey => [n.insertedAt, n.id];
const cmp = keyComparator([true, true]);

function list(ctx: RequestCtx) {
  const page = ctx.page();
  const q = parsePageQuery(ctx.query, 2);
  const sorted = [...page.notices.values()].sort((a, b) => b.insertedAt - a.insertedAt || b.id - a.id);
  const paged = paginate(sorted, keyOf, cmp, q);
  return ok({
    info_notices: paged.items.map(noticeJson),
    links: buildLinks(linkBase(ctx), paged),
    meta: { total_count: paged.total },
  });
}

const P = '/status_pages/:sd/info_notices';
const edit = { scope: 'page', need: 'edit' } as const;
// Notice updates have no type: a `type` a client sends anyway is dropped (it is a known key).
const noType = (o: Obj, partial: boolean): UpdateInput => parseUpdateInput(o, { withType: false, partial });

export const noticeRoutes: RouteDef[] = [
  { op: 'info_notices.list', method: 'GET', path: P, access: 'none', handle: list },
  {
    op: 'info_notices.create',
    method: 'POST',
    path: P,
    access: edit,
    handle(ctx) {
      const page = ctx.page();
      const n = createNotice(ctx.core.store, page, parseNoticeInput(page, unwrap(ctx.body(), 'info_notice'), false), ctx.now);
      return created(ctx, { info_notice: noticeJson(n) }, n.id);
    },
  },
  {
    op: 'info_notices.get',
    method: 'GET',
    path: `${P}/:id`,
    access: 'none',
    handle: (ctx) => ok({ info_notice: noticeJson(findNotice(ctx.page(), idParam(ctx, 'id'))) }),
  },
  {
    op: 'info_notices.update',
    method: 'PUT',
    path: `${P}/:id`,
    access: edit,
    handle(ctx) {
      const page = ctx.page();
      const n = findNotice(page, idParam(ctx, 'id'));
      updateNotice(n, parseNoticeInput(page, unwrap(ctx.body(), 'info_notice'), true), ctx.now);
      return ok({ info_notice: noticeJson(n) }, n.id);
    },
  },
  {
    op: 'info_notices.delete',
    method: 'DELETE',
    path: `${P}/:id`,
    access: edit,
    handle(ctx) {
      const page = ctx.page();
      const n = findNotice(page, idParam(ctx, 'id'));
      page.notices.delete(n.id);
      return deleted(n.id);
    },
  },
  {
    op: 'info_notices.updates.create',
    method: 'POST',
    path: `${P}/:id/updates`,
    access: edit,
    handle(ctx) {
      const n = findNotice(ctx.page(), idParam(ctx, 'id'));
      const u = addNoticeUpdate(ctx.core.store, n, noType(unwrap(ctx.body(), 'update'), false), ctx.now);
      return created(ctx, { update: updateJson(u) }, u.id);
    },
  },
  {
    op: 'info_notices.updates.update',
    method: 'PUT',
    path: `${P}/:id/updates/:uid`,
    access: edit,
    handle(ctx) {
      const n = findNotice(ctx.page(), idParam(ctx, 'id'));
      const u = findUpdate(n.updates, idParam(ctx, 'uid'));
      const input = noType(unwrap(ctx.body(), 'update'), true);
      changeUpdateRecord(u, input, ctx.now);
      if (input.postedAt !== undefined) {
        n.updates.splice(n.updates.indexOf(u), 1);
        insertUpdate(n.updates, u);
      }
      touch(n, ctx.now);
      return ok({ update: updateJson(u) }, u.id);
    },
  },
  {
    op: 'info_notices.updates.delete',
    method: 'DELETE',
    path: `${P}/:id/updates/:uid`,
    access: edit,
    handle(ctx) {
      const n = findNotice(ctx.page(), idParam(ctx, 'id'));
      const u = findUpdate(n.updates, idParam(ctx, 'uid'));
      n.updates.splice(n.updates.indexOf(u), 1);
      touch(n, ctx.now);
      return deleted(u.id);
    },
  },
];

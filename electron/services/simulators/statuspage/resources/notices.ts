import { floorSecond } from '../clock';
import { created, deleted, idParam, ok, type RequestCtx } from '../context';
import type { Notice, Page, Update } from '../model';
import { keyComparator, parsePageQuery, type CursorKey } from '../pagination';
import type { RouteDef } from '../router';
import type { Store } from '../store';
import { noticeJson, updateJson } from '../views';
import { extrasOf, optDateTime, optIntArray, optNullableStr, optObj, optStr, unwrap, type Obj } from '../validate';
import { collectionRoutes, pagedAnswer, recordIn } from './collection';
import { applyChanges, checkServiceIds, touch } from './common';
import { changeUpdateIn, findUpdate, insertUpdate, newUpdate, parseUpdateInput, parseUpdateList, removeUpdateFrom, type UpdateInput } from './updates';
import { NOTICE_KEYS } from '../record-keys';

/** Information notices: like incidents without a type or level; featured between featured_from and featured_until. */

const KNOWN = new Set<string>([...NOTICE_KEYS, 'notify']);

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
  applyChanges(n, input, ['title', 'serviceIds', 'featuredFrom', 'featuredUntil', 'timezone', 'translations'], now);
}

export function addNoticeUpdate(store: Store, n: Notice, input: UpdateInput, now: number): Update {
  const u = newUpdate(store, { ...input, type: 'info' }, now, 'info');
  insertUpdate(n.updates, u);
  touch(n, now);
  return u;
}

export function findNotice(page: Page, id: number): Notice {
  return recordIn(page.notices, id, 'info notice');
}

const keyOf = (n: Notice): CursorKey => [n.insertedAt, n.id];
const cmp = keyComparator([true, true]);

function list(ctx: RequestCtx) {
  const page = ctx.page();
  const query = parsePageQuery(ctx.query, 2);
  const sorted = [...page.notices.values()].sort((a, b) => b.insertedAt - a.insertedAt || b.id - a.id);
  return pagedAnswer(ctx, 'info_notices', sorted, { keyOf, cmp, query }, noticeJson);
}

/** The notice the path names and, under `/updates/:uid`, its update. */
function updateOf(ctx: RequestCtx): { n: Notice; u: Update } {
  const n = findNotice(ctx.page(), idParam(ctx, 'id'));
  return { n, u: findUpdate(n.updates, idParam(ctx, 'uid')) };
}

const P = '/status_pages/:sd/info_notices';
const edit = { scope: 'page', need: 'edit' } as const;
// Notice updates have no type: a `type` a client sends anyway is dropped (it is a known key).
const noType = (o: Obj, partial: boolean): UpdateInput => parseUpdateInput(o, { withType: false, partial });

export const noticeRoutes: RouteDef[] = [
  ...collectionRoutes<Notice>({
    op: 'info_notices',
    path: P,
    key: 'info_notice',
    read: 'none',
    write: edit,
    list,
    find: (ctx) => findNotice(ctx.page(), idParam(ctx, 'id')),
    view: (_ctx, n) => noticeJson(n),
    create: (ctx, o) => createNotice(ctx.core.store, ctx.page(), parseNoticeInput(ctx.page(), o, false), ctx.now),
    update: (ctx, n, o) => updateNotice(n, parseNoticeInput(ctx.page(), o, true), ctx.now),
    remove: (ctx, n) => ctx.page().notices.delete(n.id),
    idOf: (n) => n.id,
  }),
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
      const { n, u } = updateOf(ctx);
      changeUpdateIn(n.updates, u, noType(unwrap(ctx.body(), 'update'), true), ctx.now);
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
      const { n, u } = updateOf(ctx);
      removeUpdateFrom(n.updates, u);
      touch(n, ctx.now);
      return deleted(u.id);
    },
  },
];

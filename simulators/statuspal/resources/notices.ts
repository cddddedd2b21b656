import { floorSecond } from '../clock';
import { idParam, type RequestCtx } from '../context';
import type { Notice, Page, Update } from '../model';
import { keyComparator, parsePageQuery, type CursorKey } from '../pagination';
import type { RouteDef } from '../router';
import type { Store } from '../store';
import { noticeJson, updateJson } from '../views';
import { extrasOf, optDateTime, optIntArray, optNullableStr, optObj, optStr, type Obj } from '../validate';
import { collectionRoutes, pagedAnswer, recordIn } from './collection';
import { applyChanges, checkServiceIds, touch } from './common';
import { changeUpdateIn, findUpdate, insertUpdate, newUpdate, parseUpdateInput, parseUpdateList, removeUpdateFrom, type UpdateInput } from './updates';
import { NOTICE_KEYS } from '../record-keys';

/** Information notices: like incidents without a type or level; featured between featured_from and featured_until. */

const KNOWN = new Set<string>([...NOTICE_KEYS, 'notify']);

interface NoticeInput {
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

function parseNoticeInput(page: Page, o: Obj, partial: boolean): NoticeInput {
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

function updateNotice(n: Notice, input: NoticeInput, now: number): void {
  applyChanges(n, input, ['title', 'serviceIds', 'featuredFrom', 'featuredUntil', 'timezone', 'translations'], now);
}

function addNoticeUpdate(store: Store, n: Notice, input: UpdateInput, now: number): Update {
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

function list(ctx: RequestCtx, page: Page) {
  const query = parsePageQuery(ctx.query, 2);
  const sorted = [...page.notices.values()].sort((a, b) => b.insertedAt - a.insertedAt || b.id - a.id);
  return pagedAnswer(ctx, 'info_notices', sorted, { keyOf, cmp, query }, noticeJson);
}

const P = '/status_pages/:sd/info_notices';
const edit = { scope: 'page', need: 'edit' } as const;
// Notice updates have no type: a `type` a client sends anyway is dropped (it is a known key).
const noType = (o: Obj, partial: boolean): UpdateInput => parseUpdateInput(o, { withType: false, partial });

export const noticeRoutes: RouteDef[] = [
  ...collectionRoutes<Notice, Page>({
    op: 'info_notices',
    path: P,
    key: 'info_notice',
    read: 'none',
    write: edit,
    holder: (ctx) => ctx.page(),
    list,
    find: (ctx, page) => findNotice(page, idParam(ctx, 'id')),
    view: (_ctx, n) => noticeJson(n),
    create: (ctx, page, o) => createNotice(ctx.core.store, page, parseNoticeInput(page, o, false), ctx.now),
    update: (ctx, page, n, o) => updateNotice(n, parseNoticeInput(page, o, true), ctx.now),
    remove: (_ctx, page, n) => page.notices.delete(n.id),
    idOf: (n) => n.id,
  }),
  // A notice's updates; a change moves the notice's updated_at as well.
  ...collectionRoutes<Update, Notice>({
    op: 'info_notices.updates',
    path: `${P}/:id/updates`,
    idParam: 'uid',
    key: 'update',
    write: edit,
    noGet: true,
    holder: (ctx) => findNotice(ctx.page(), idParam(ctx, 'id')),
    find: (ctx, n) => findUpdate(n.updates, idParam(ctx, 'uid')),
    view: (_ctx, u) => updateJson(u),
    create: (ctx, n, o) => addNoticeUpdate(ctx.core.store, n, noType(o, false), ctx.now),
    update(ctx, n, u, o) {
      changeUpdateIn(n.updates, u, noType(o, true), ctx.now);
      touch(n, ctx.now);
    },
    remove(ctx, n, u) {
      removeUpdateFrom(n.updates, u);
      touch(n, ctx.now);
    },
    idOf: (u) => u.id,
  }),
];

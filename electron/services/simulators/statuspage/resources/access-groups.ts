import { floorSecond } from '../clock';
import { created, deleted, idParam, ok } from '../context';
import { notFound } from '../errors';
import type { AccessGroup, Page } from '../model';
import type { RouteDef } from '../router';
import type { Store } from '../store';
import { accessGroupJson } from '../views';
import { extrasOf, optIntArray, optStr, unwrap, type Obj } from '../validate';
import { checkServiceIds, touch } from './common';

/** Access groups: named sets of services for private pages. */
const KNOWN = new Set(['id', 'name', 'service_ids', 'inserted_at', 'updated_at']);

function parse(page: Page, o: Obj, partial: boolean) {
  const input = {
    name: optStr(o, 'name', { required: !partial, nonEmpty: true }),
    serviceIds: optIntArray(o, 'service_ids'),
    extra: extrasOf(o, KNOWN),
  };
  checkServiceIds(page, input.serviceIds);
  return input;
}

export function createAccessGroup(store: Store, page: Page, o: Obj, now: number): AccessGroup {
  const input = parse(page, o, false);
  const t = floorSecond(now);
  const g: AccessGroup = {
    id: store.nextId('accessGroup'),
    name: input.name ?? '',
    serviceIds: input.serviceIds ?? [],
    insertedAt: t,
    updatedAt: t,
    extra: input.extra,
  };
  page.accessGroups.set(g.id, g);
  return g;
}

function find(page: Page, id: number): AccessGroup {
  const g = page.accessGroups.get(id);
  if (!g) throw notFound(`access group ${id}`);
  return g;
}

const P = '/status_pages/:sd/access_groups';
const admin = { scope: 'page', need: 'admin' } as const;

export const accessGroupRoutes: RouteDef[] = [
  {
    op: 'access_groups.list',
    method: 'GET',
    path: P,
    access: { scope: 'page', need: 'read' },
    // A bare array under `access_groups`: this list has no links or meta.
    handle: (ctx) => ok({ access_groups: [...ctx.page().accessGroups.values()].map(accessGroupJson) }),
  },
  {
    op: 'access_groups.create',
    method: 'POST',
    path: P,
    access: admin,
    handle(ctx) {
      const g = createAccessGroup(ctx.core.store, ctx.page(), unwrap(ctx.body(), 'access_group'), ctx.now);
      return created(ctx, { access_group: accessGroupJson(g) }, g.id);
    },
  },
  {
    op: 'access_groups.get',
    method: 'GET',
    path: `${P}/:id`,
    access: { scope: 'page', need: 'read' },
    handle: (ctx) => ok({ access_group: accessGroupJson(find(ctx.page(), idParam(ctx, 'id'))) }),
  },
  {
    op: 'access_groups.update',
    method: 'PUT',
    path: `${P}/:id`,
    access: admin,
    handle(ctx) {
      const page = ctx.page();
      const g = find(page, idParam(ctx, 'id'));
      const input = parse(page, unwrap(ctx.body(), 'access_group'), true);
      if (input.name !== undefined) g.name = input.name;
      if (input.serviceIds !== undefined) g.serviceIds = input.serviceIds;
      g.extra = { ...g.extra, ...input.extra };
      touch(g, ctx.now);
      return ok({ access_group: accessGroupJson(g) }, g.id);
    },
  },
  {
    op: 'access_groups.delete',
    method: 'DELETE',
    path: `${P}/:id`,
    access: admin,
    handle(ctx) {
      const page = ctx.page();
      const g = find(page, idParam(ctx, 'id'));
      page.accessGroups.delete(g.id);
      return deleted(g.id);
    },
  },
];

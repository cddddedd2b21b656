import { floorSecond } from '../clock';
import { idParam, ok } from '../context';
import type { AccessGroup, Page } from '../model';
import type { RouteDef } from '../router';
import type { Store } from '../store';
import { accessGroupJson } from '../views';
import { extrasOf, optIntArray, optStr, type Obj } from '../validate';
import { collectionRoutes, recordIn } from './collection';
import { applyChanges, checkServiceIds } from './common';

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

const P = '/status_pages/:sd/access_groups';

export const accessGroupRoutes: RouteDef[] = collectionRoutes<AccessGroup, Page>({
  op: 'access_groups',
  path: P,
  key: 'access_group',
  read: { scope: 'page', need: 'read' },
  write: { scope: 'page', need: 'admin' },
  holder: (ctx) => ctx.page(),
  // A bare array under `access_groups`: this list has no links or meta.
  list: (_ctx, page) => ok({ access_groups: [...page.accessGroups.values()].map(accessGroupJson) }),
  find: (ctx, page) => recordIn(page.accessGroups, idParam(ctx, 'id'), 'access group'),
  view: (_ctx, g) => accessGroupJson(g),
  create: (ctx, page, o) => createAccessGroup(ctx.core.store, page, o, ctx.now),
  update: (ctx, page, g, o) => applyChanges(g, parse(page, o, true), ['name', 'serviceIds'], ctx.now),
  remove: (_ctx, page, g) => page.accessGroups.delete(g.id),
  idOf: (g) => g.id,
});

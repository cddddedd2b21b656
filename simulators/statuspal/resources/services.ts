import { floorSecond } from '../clock';
import { idParam, ok, type RequestCtx } from '../context';
import { buildTree, computeLevels, refreshLive } from '../derived';
import { invalid } from '../errors';
import type { Page, Service } from '../model';
import type { RouteDef } from '../router';
import type { Store } from '../store';
import { serviceAdminJson } from '../views';
import { extrasOf, optBool, optInt, optNullableInt, optObj, optStr, type Obj } from '../validate';
import { collectionRoutes, recordIn } from './collection';
import { applyChanges, touch } from './common';

/** Services of a page, nested through parent_id (the summary shows them as `children`). */

const KNOWN = new Set([
  'id',
  'name',
  'description',
  'private_description',
  'parent_id',
  'children_ids',
  'children',
  'monitoring',
  'ping_url',
  'private',
  'order',
  'auto_incident',
  'translations',
  'current_incident_type',
  'inserted_at',
  'updated_at',
]);

interface ServiceInput {
  name?: string;
  description?: unknown;
  privateDescription?: unknown;
  parentId?: number | null;
  monitoring?: unknown;
  pingUrl?: unknown;
  private?: boolean;
  order?: number;
  autoIncident?: boolean;
  translations?: unknown;
  extra: Record<string, unknown>;
}

const nullableStr = (o: Obj, k: string): string | null | undefined => {
  const v = o[k];
  if (v === undefined || v === null) return v as undefined | null;
  if (typeof v !== 'string') throw invalid(`${k} must be a string or null`);
  return v;
};

function parseServiceInput(o: Obj, partial: boolean): ServiceInput {
  return {
    name: optStr(o, 'name', { required: !partial, nonEmpty: true }),
    description: nullableStr(o, 'description'),
    privateDescription: nullableStr(o, 'private_description'),
    parentId: optNullableInt(o, 'parent_id'),
    monitoring: nullableStr(o, 'monitoring'),
    pingUrl: nullableStr(o, 'ping_url'),
    private: optBool(o, 'private'),
    order: optInt(o, 'order'),
    autoIncident: optBool(o, 'auto_incident'),
    translations: optObj(o, 'translations'),
    extra: extrasOf(o, KNOWN),
  };
}

function checkParent(page: Page, selfId: number | null, parentId: number | null | undefined): void {
  if (parentId === undefined || parentId === null) return;
  if (!page.services.has(parentId)) throw invalid(`unknown parent_id ${parentId}`);
  // Walking up from the new parent must never reach the service itself.
  let cur: number | null = parentId;
  const seen = new Set<number>();
  while (cur !== null && !seen.has(cur)) {
    if (cur === selfId) throw invalid('parent_id would make a cycle');
    seen.add(cur);
    cur = page.services.get(cur)?.parentId ?? null;
  }
}

function nextOrder(page: Page, parentId: number | null): number {
  let max = -1;
  for (const s of page.services.values()) if (s.parentId === parentId && s.order > max) max = s.order;
  return max + 1;
}

export function createService(store: Store, page: Page, input: ServiceInput, now: number, id?: number): Service {
  checkParent(page, null, input.parentId);
  const t = floorSecond(now);
  const sid = id ?? store.nextId('service');
  if (id !== undefined) store.reserveId('service', id);
  const parentId = input.parentId ?? null;
  const s: Service = {
    id: sid,
    name: input.name ?? '',
    description: input.description ?? null,
    privateDescription: input.privateDescription ?? null,
    parentId,
    monitoring: input.monitoring ?? null,
    pingUrl: input.pingUrl ?? null,
    private: input.private ?? false,
    order: input.order ?? nextOrder(page, parentId),
    autoIncident: input.autoIncident ?? false,
    translations: input.translations ?? {},
    manualLevel: undefined,
    insertedAt: t,
    updatedAt: t,
    extra: input.extra,
  };
  page.services.set(sid, s);
  return s;
}

function updateService(page: Page, s: Service, input: ServiceInput, now: number): void {
  checkParent(page, s.id, input.parentId);
  const fields = [
    'name',
    'description',
    'privateDescription',
    'parentId',
    'monitoring',
    'pingUrl',
    'private',
    'order',
    'autoIncident',
    'translations',
  ] as const;
  applyChanges(s, input, fields, now);
}

/** Children move up to the deleted service's parent; references from incidents and notices are dropped. */
function deleteService(page: Page, s: Service, now: number): void {
  page.services.delete(s.id);
  for (const c of page.services.values()) {
    if (c.parentId === s.id) {
      c.parentId = s.parentId;
      touch(c, now);
    }
  }
  const drop = (ids: number[]): number[] => ids.filter((id) => id !== s.id);
  for (const inc of page.incidents.values()) {
    if (inc.serviceIds.includes(s.id)) {
      inc.serviceIds = drop(inc.serviceIds);
      refreshLive(page, inc);
    }
  }
  for (const n of page.notices.values()) n.serviceIds = drop(n.serviceIds);
  for (const g of page.accessGroups.values()) g.serviceIds = drop(g.serviceIds);
}

export function findService(page: Page, id: number): Service {
  return recordIn(page.services, id, 'service');
}

function adminView(ctx: RequestCtx, page: Page, s: Service) {
  const levels = computeLevels(page, ctx.now);
  const childrenIds = (levels.tree.children.get(s.id) ?? []).map((c) => c.id);
  return serviceAdminJson(s, childrenIds, levels.service.get(s.id) ?? null);
}

/**
 * The top-level services only (`parent_id` null), each with its `children_ids`, in display order: the shape
 * a third-party importer reports from the real service (panov-va/healthpage,
 * backend/internal/importer/statuspal.go; see docs/statuspal-services.md). Children are read with
 * `GET …/services/{id}`.
 */
function list(ctx: RequestCtx, page: Page) {
  const levels = computeLevels(page, ctx.now);
  const out = buildTree(page).roots.map((s) =>
    serviceAdminJson(
      s,
      (levels.tree.children.get(s.id) ?? []).map((c) => c.id),
      levels.service.get(s.id) ?? null,
    ),
  );
  return ok({ services: out, links: { next: null, prev: null }, meta: { total_count: out.length } });
}

export const serviceRoutes: RouteDef[] = collectionRoutes<Service, Page>({
  op: 'services',
  path: '/status_pages/:sd/services',
  key: 'service',
  read: { scope: 'page', need: 'read' },
  write: { scope: 'page', need: 'admin' },
  holder: (ctx) => ctx.page(),
  list,
  find: (ctx, page) => findService(page, idParam(ctx, 'id')),
  view: (ctx, s) => adminView(ctx, ctx.page(), s),
  create: (ctx, page, o) => createService(ctx.core.store, page, parseServiceInput(o, false), ctx.now),
  update: (ctx, page, s, o) => updateService(page, s, parseServiceInput(o, true), ctx.now),
  remove: (ctx, page, s) => deleteService(page, s, ctx.now),
  idOf: (s) => s.id,
});

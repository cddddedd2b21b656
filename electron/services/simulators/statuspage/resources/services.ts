import { floorSecond } from '../clock';
import { created, deleted, idParam, ok, type RequestCtx } from '../context';
import { buildTree, computeLevels, refreshLive } from '../derived';
import { invalid, notFound } from '../errors';
import type { Page, Service } from '../model';
import type { RouteDef } from '../router';
import type { Store } from '../store';
import { serviceAdminJson } from '../views';
import { extrasOf, optBool, optInt, optNullableInt, optObj, optStr, unwrap, type Obj } from '../validate';
import { touch } from './common';

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

export interface ServiceInput {
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

export function parseServiceInput(o: Obj, partial: boolean): ServiceInput {
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

export function updateService(page: Page, s: Service, input: ServiceInput, now: number): void {
  checkParent(page, s.id, input.parentId);
  if (input.name !== undefined) s.name = input.name;
  if (input.description !== undefined) s.description = input.description;
  if (input.privateDescription !== undefined) s.privateDescription = input.privateDescription;
  if (input.parentId !== undefined) s.parentId = input.parentId;
  if (input.monitoring !== undefined) s.monitoring = input.monitoring;
  if (input.pingUrl !== undefined) s.pingUrl = input.pingUrl;
  if (input.private !== undefined) s.private = input.private;
  if (input.order !== undefined) s.order = input.order;
  if (input.autoIncident !== undefined) s.autoIncident = input.autoIncident;
  if (input.translations !== undefined) s.translations = input.translations;
  s.extra = { ...s.extra, ...input.extra };
  touch(s, now);
}

/** Children move up to the deleted service's parent; references from incidents and notices are dropped. */
export function deleteService(page: Page, s: Service, now: number): void {
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
  const s = page.services.get(id);
  if (!s) throw notFound(`service ${id}`);
  return s;
}

function adminView(ctx: RequestCtx, page: Page, s: Service) {
  const levels = computeLevels(page, ctx.now);
  const childrenIds = (levels.tree.children.get(s.id) ?? []).map((c) => c.id);
  return serviceAdminJson(s, childrenIds, levels.service.get(s.id) ?? null);
}

const P = '/status_pages/:sd/services';
const admin = { scope: 'page', need: 'admin' } as const;

export const serviceRoutes: RouteDef[] = [
  {
    op: 'services.list',
    method: 'GET',
    path: P,
    access: { scope: 'page', need: 'read' },
    handle(ctx) {
      const page = ctx.page();
      const levels = computeLevels(page, ctx.now);
      // Depth-first in display order, so parents come before their children.
      const out: Record<string, unknown>[] = [];
      const walk = (list: Service[]): void => {
        for (const s of list) {
          const kids = levels.tree.children.get(s.id) ?? [];
          out.push(
            serviceAdminJson(
              s,
              kids.map((c) => c.id),
              levels.service.get(s.id) ?? null,
            ),
          );
          walk(kids);
        }
      };
      walk(buildTree(page).roots);
      return ok({ services: out, links: { next: null, prev: null }, meta: { total_count: out.length } });
    },
  },
  {
    op: 'services.create',
    method: 'POST',
    path: P,
    access: admin,
    handle(ctx) {
      const page = ctx.page();
      const s = createService(ctx.core.store, page, parseServiceInput(unwrap(ctx.body(), 'service'), false), ctx.now);
      return created(ctx, { service: adminView(ctx, page, s) }, s.id);
    },
  },
  {
    op: 'services.get',
    method: 'GET',
    path: `${P}/:id`,
    access: { scope: 'page', need: 'read' },
    handle(ctx) {
      const page = ctx.page();
      return ok({ service: adminView(ctx, page, findService(page, idParam(ctx, 'id'))) });
    },
  },
  {
    op: 'services.update',
    method: 'PUT',
    path: `${P}/:id`,
    access: admin,
    handle(ctx) {
      const page = ctx.page();
      const s = findService(page, idParam(ctx, 'id'));
      updateService(page, s, parseServiceInput(unwrap(ctx.body(), 'service'), true), ctx.now);
      return ok({ service: adminView(ctx, page, s) }, s.id);
    },
  },
  {
    op: 'services.delete',
    method: 'DELETE',
    path: `${P}/:id`,
    access: admin,
    handle(ctx) {
      const page = ctx.page();
      const s = findService(page, idParam(ctx, 'id'));
      deleteService(page, s, ctx.now);
      return deleted(s.id);
    },
  },
];

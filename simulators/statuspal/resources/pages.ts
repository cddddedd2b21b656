import { ok, type RequestCtx } from '../context';
import { computeLevels } from '../derived';
import { invalid, notFound } from '../errors';
import type { Org, Page } from '../model';
import type { RouteDef } from '../router';
import type { Store } from '../store';
import { pageAdminJson } from '../views';
import { extrasOf, isObj, optStr, type Obj } from '../validate';
import { collectionRoutes } from './collection';
import { applyChanges } from './common';

/** Status pages of an organization, addressed by subdomain. */

const KNOWN = new Set(['subdomain', 'name', 'url', 'time_zone', 'current_incident_type', 'organization_id', 'inserted_at', 'updated_at']);
const SUBDOMAIN_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

function parse(o: Obj) {
  const subdomain = optStr(o, 'subdomain', { required: false, nonEmpty: true });
  if (subdomain !== undefined && !SUBDOMAIN_RE.test(subdomain)) throw invalid('subdomain: lowercase letters, digits, dashes');
  return {
    subdomain,
    name: optStr(o, 'name', { nonEmpty: true }),
    url: optStr(o, 'url'),
    timeZone: optStr(o, 'time_zone', { nonEmpty: true }),
    extra: extrasOf(o, KNOWN),
  };
}

function createPage(store: Store, org: Org, o: Obj, now: number): Page {
  const input = parse(o);
  let subdomain = input.subdomain;
  if (subdomain === undefined) {
    // The body is optional per schema: make up a free subdomain like the dashboard would ask for.
    let n = store.pages.size + 1;
    while (store.pages.has(`page-${n}`)) n++;
    subdomain = `page-${n}`;
  }
  if (store.pages.has(subdomain)) throw invalid('subdomain taken');
  return store.newPage({
    subdomain,
    orgId: org.id,
    name: input.name ?? 'New status page',
    url: input.url,
    timeZone: input.timeZone,
    now,
    extra: input.extra,
  });
}

function updatePage(store: Store, page: Page, o: Obj, now: number): void {
  const input = parse(o);
  if (input.subdomain !== undefined && input.subdomain !== page.subdomain) {
    if (store.pages.has(input.subdomain)) throw invalid('subdomain taken');
    store.pages.delete(page.subdomain);
    page.subdomain = input.subdomain;
    store.pages.set(page.subdomain, page);
  }
  applyChanges(page, input, ['name', 'url', 'timeZone'], now);
}

function pageOfOrg(ctx: RequestCtx, org: Org): Page {
  const page = ctx.core.store.pages.get(ctx.params.sd ?? '');
  if (!page || page.orgId !== org.id) throw notFound('status page');
  return page;
}

const view = (ctx: RequestCtx, p: Page) => pageAdminJson(p, computeLevels(p, ctx.now).page);

/** `status_page` is optional on add; when present it must be an object. */
function optionalWrapped(body: unknown): Obj {
  if (body === undefined || body === null) return {};
  if (!isObj(body)) throw invalid('body must be an object');
  const inner = body.status_page;
  if (inner === undefined) return {};
  if (!isObj(inner)) throw invalid('status_page must be an object');
  return inner;
}

export const pageRoutes: RouteDef[] = collectionRoutes<Page, Org>({
  op: 'org_status_pages',
  path: '/orgs/:org/status_pages',
  idParam: 'sd',
  key: 'status_page',
  body: { create: (ctx) => optionalWrapped(ctx.body()) },
  read: { scope: 'org', need: 'read' },
  write: { scope: 'org', need: 'admin' },
  holder: (ctx) => ctx.org(),
  list(ctx, org) {
    const pages = ctx.core.store.pagesOfOrg(org.id).sort((a, b) => a.insertedAt - b.insertedAt || (a.subdomain < b.subdomain ? -1 : 1));
    return ok({
      status_pages: pages.map((p) => view(ctx, p)),
      links: { next: null, prev: null },
      meta: { total_count: pages.length },
    });
  },
  find: pageOfOrg,
  view,
  create: (ctx, org, o) => createPage(ctx.core.store, org, o, ctx.now),
  update: (ctx, _org, page, o) => updatePage(ctx.core.store, page, o, ctx.now),
  remove: (ctx, _org, page) => ctx.core.store.pages.delete(page.subdomain),
  idOf: (page) => page.subdomain,
});

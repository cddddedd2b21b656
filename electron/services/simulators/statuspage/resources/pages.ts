import { created, deleted, ok, type RequestCtx } from '../context';
import { computeLevels } from '../derived';
import { invalid, notFound } from '../errors';
import type { Org, Page } from '../model';
import type { RouteDef } from '../router';
import type { Store } from '../store';
import { pageAdminJson } from '../views';
import { extrasOf, isObj, optStr, type Obj } from '../validate';
import { touch } from './common';

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

export function createPage(store: Store, org: Org, o: Obj, now: number): Page {
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
  if (input.name !== undefined) page.name = input.name;
  if (input.url !== undefined) page.url = input.url;
  if (input.timeZone !== undefined) page.timeZone = input.timeZone;
  page.extra = { ...page.extra, ...input.extra };
  touch(page, now);
}

function pageOfOrg(ctx: RequestCtx): Page {
  const org = ctx.org();
  const page = ctx.core.store.pages.get(ctx.params.sd ?? '');
  if (!page || page.orgId !== org.id) throw notFound('status page');
  return page;
}

const view = (ctx: RequestCtx, p: Page) => pageAdminJson(p, computeLevels(p, ctx.now).page);

const P = '/orgs/:org/status_pages';
const admin = { scope: 'org', need: 'admin' } as const;
const read = { scope: 'org', need: 'read' } as const;

/** `status_page` is optional on add; when present it must be an object. */
function optionalWrapped(body: unknown): Obj {
  if (body === undefined || body === null) return {};
  if (!isObj(body)) throw invalid('body must be an object');
  const inner = body.status_page;
  if (inner === undefined) return {};
  if (!isObj(inner)) throw invalid('status_page must be an object');
  return inner;
}

export const pageRoutes: RouteDef[] = [
  {
    op: 'org_status_pages.list',
    method: 'GET',
    path: P,
    access: read,
    handle(ctx) {
      const pages = ctx.core.store.pagesOfOrg(ctx.org().id).sort((a, b) => a.insertedAt - b.insertedAt || (a.subdomain < b.subdomain ? -1 : 1));
      return ok({
        status_pages: pages.map((p) => view(ctx, p)),
        links: { next: null, prev: null },
        meta: { total_count: pages.length },
      });
    },
  },
  {
    op: 'org_status_pages.create',
    method: 'POST',
    path: P,
    access: admin,
    handle(ctx) {
      const page = createPage(ctx.core.store, ctx.org(), optionalWrapped(ctx.body()), ctx.now);
      return created(ctx, { status_page: view(ctx, page) }, page.subdomain);
    },
  },
  {
    op: 'org_status_pages.get',
    method: 'GET',
    path: `${P}/:sd`,
    access: read,
    handle: (ctx) => ok({ status_page: view(ctx, pageOfOrg(ctx)) }),
  },
  {
    op: 'org_status_pages.update',
    method: 'PUT',
    path: `${P}/:sd`,
    access: admin,
    handle(ctx) {
      const page = pageOfOrg(ctx);
      const body = ctx.body();
      if (!isObj(body) || !isObj(body.status_page)) throw invalid('body must be {"status_page": {...}}');
      updatePage(ctx.core.store, page, body.status_page, ctx.now);
      return ok({ status_page: view(ctx, page) }, page.subdomain);
    },
  },
  {
    op: 'org_status_pages.delete',
    method: 'DELETE',
    path: `${P}/:sd`,
    access: admin,
    handle(ctx) {
      const page = pageOfOrg(ctx);
      ctx.core.store.pages.delete(page.subdomain);
      return deleted(page.subdomain);
    },
  },
];

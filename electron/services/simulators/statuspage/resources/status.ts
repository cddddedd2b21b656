import { idParam, ok } from '../context';
import { pageStatusJson, serviceStatusJson, serviceSummaryJson, summaryJson } from '../derived';
import type { RouteDef } from '../router';
import { findService } from './services';

/** The public reads: hello, status and summary of a page or a service. No key needed. */
export const statusRoutes: RouteDef[] = [
  { op: 'hello', method: 'GET', path: '/hello', access: 'none', handle: () => ok({ message: 'hello' }) },
  {
    op: 'status_pages.status',
    method: 'GET',
    path: '/status_pages/:sd/status',
    access: 'none',
    handle: (ctx) => ok(pageStatusJson(ctx.page(), ctx.now)),
  },
  {
    op: 'status_pages.summary',
    method: 'GET',
    path: '/status_pages/:sd/summary',
    access: 'none',
    handle: (ctx) => ok(summaryJson(ctx.page(), ctx.now)),
  },
  {
    op: 'services.status',
    method: 'GET',
    path: '/status_pages/:sd/services/:id/status',
    access: 'none',
    handle(ctx) {
      const page = ctx.page();
      return ok(serviceStatusJson(page, findService(page, idParam(ctx, 'id')), ctx.now));
    },
  },
  {
    op: 'services.summary',
    method: 'GET',
    path: '/status_pages/:sd/services/:id/summary',
    access: 'none',
    handle(ctx) {
      const page = ctx.page();
      return ok(serviceSummaryJson(page, findService(page, idParam(ctx, 'id')), ctx.now));
    },
  },
];

import { idParam, ok } from '../context';
import { pageStatusJson, serviceStatusJson, serviceSummaryJson, summaryJson } from '../derived';
import type { Page, Service } from '../model';
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
  serviceRead('status', serviceStatusJson),
  serviceRead('summary', serviceSummaryJson),
];

/** A public read of one service of a page: `/services/:id/status` or `/services/:id/summary`. */
function serviceRead(what: 'status' | 'summary', json: (page: Page, s: Service, now: number) => unknown): RouteDef {
  return {
    op: `services.${what}`,
    method: 'GET',
    path: `/status_pages/:sd/services/:id/${what}`,
    access: 'none',
    handle(ctx) {
      const page = ctx.page();
      return ok(json(page, findService(page, idParam(ctx, 'id')), ctx.now));
    },
  };
}

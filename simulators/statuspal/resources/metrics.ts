import { created, idParam } from '../context';
import { invalid, notFound } from '../errors';
import type { Metric, Page } from '../model';
import type { RouteDef } from '../router';
import type { Store } from '../store';
import { unwrap } from '../validate';

/** Custom metrics: metrics themselves are made in the dashboard (here: seeds/control); the API adds points. */

// Bounded so a long benchmark cannot grow memory without limit.
const MAX_ENTRIES = 100_000;

export function addMetric(store: Store, page: Page, name: string, id?: number): Metric {
  const mid = id ?? store.nextId('metric');
  store.reserveId('metric', mid);
  const m: Metric = { id: mid, name, entries: [] };
  page.metrics.set(mid, m);
  return m;
}

export const metricRoutes: RouteDef[] = [
  {
    op: 'metrics.entries.create',
    method: 'POST',
    path: '/status_pages/:sd/metrics/:id/entries',
    access: { scope: 'page', need: 'edit' },
    handle(ctx) {
      const m = ctx.page().metrics.get(idParam(ctx, 'id'));
      if (!m) throw notFound('metric');
      const o = unwrap(ctx.body(), 'entry');
      const { time, value } = o;
      if (typeof time !== 'number' || !Number.isInteger(time) || time < 0) throw invalid('time must be unix seconds');
      if (typeof value !== 'number' || !Number.isFinite(value)) throw invalid('value must be a number');
      m.entries.push({ time, value });
      if (m.entries.length > MAX_ENTRIES) m.entries.splice(0, m.entries.length - MAX_ENTRIES);
      return created(ctx, { entry: { time, value } }, m.id);
    },
  },
];

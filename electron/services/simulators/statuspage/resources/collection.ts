import { created, deleted, linkBase, ok, type HandlerResult, type RequestCtx } from '../context';
import { notFound } from '../errors';
import { buildLinks, paginate, type CursorKey, type PageQuery } from '../pagination';
import type { Access, RouteDef } from '../router';
import { unwrap, type Obj } from '../validate';

/**
 * A collection of records under one path, with the API's five operations on it: list and create at
 * `path`, get, update and delete at `path/:id`. Every record kind answers in the same shape, so the
 * shape lives here and each resource file says only what is its own.
 */
export interface Collection<R> {
  /** operation names are `${op}.list`, `${op}.create` and so on */
  op: string;
  path: string;
  /** the JSON key that wraps one record, in request bodies and answers */
  key: string;
  read: Access;
  write: Access;
  list(ctx: RequestCtx): HandlerResult;
  /** the record the path names (a 404 when there is none) */
  find(ctx: RequestCtx): R;
  view(ctx: RequestCtx, record: R): unknown;
  create(ctx: RequestCtx, body: Obj): R;
  update(ctx: RequestCtx, record: R, body: Obj): void;
  remove(ctx: RequestCtx, record: R): void;
  /** what the write log records as the result */
  idOf(record: R): number | string;
  /** the path parameter that names one record; `id` when not given */
  idParam?: string;
  /**
   * How a request body holds the record: `{ [key]: {...} }`, also a bare record when `tolerant`;
   * `create` reads a create's body its own way.
   */
  body?: { tolerant?: boolean; create?(ctx: RequestCtx): Obj };
  /** operations the API does not have on this collection */
  without?: readonly ('get' | 'update')[];
}

export function collectionRoutes<R>(c: Collection<R>): RouteDef[] {
  const one = `${c.path}/:${c.idParam ?? 'id'}`;
  const body = (ctx: RequestCtx): Obj => unwrap(ctx.body(), c.key, c.body?.tolerant);
  const createBody = (ctx: RequestCtx): Obj => (c.body?.create ? c.body.create(ctx) : body(ctx));
  const answer = (ctx: RequestCtx, r: R) => ({ [c.key]: c.view(ctx, r) });
  const routes: RouteDef[] = [
    { op: `${c.op}.list`, method: 'GET', path: c.path, access: c.read, handle: (ctx) => c.list(ctx) },
    {
      op: `${c.op}.create`,
      method: 'POST',
      path: c.path,
      access: c.write,
      handle(ctx) {
        const r = c.create(ctx, createBody(ctx));
        return created(ctx, answer(ctx, r), c.idOf(r));
      },
    },
    { op: `${c.op}.get`, method: 'GET', path: one, access: c.read, handle: (ctx) => ok(answer(ctx, c.find(ctx))) },
    {
      op: `${c.op}.update`,
      method: 'PUT',
      path: one,
      access: c.write,
      handle(ctx) {
        // The record is looked up before the body is read: an unknown id is a 404 whatever was sent.
        const r = c.find(ctx);
        c.update(ctx, r, body(ctx));
        return ok(answer(ctx, r), c.idOf(r));
      },
    },
    {
      op: `${c.op}.delete`,
      method: 'DELETE',
      path: one,
      access: c.write,
      handle(ctx) {
        const r = c.find(ctx);
        c.remove(ctx, r);
        return deleted(c.idOf(r));
      },
    },
  ];
  return routes.filter((r) => !c.without?.some((op) => r.op === `${c.op}.${op}`));
}

/** The record with this id, or a 404 that names it. */
export function recordIn<K, R>(records: Map<K, R>, id: K | undefined, what: string): R {
  const r = id === undefined ? undefined : records.get(id);
  if (!r) throw notFound(`${what} ${id ?? ''}`);
  return r;
}

/** One page of a sorted list as the API answers it: the items under `key`, then links and the total. */
export function pagedAnswer<R>(
  ctx: RequestCtx,
  key: string,
  sorted: readonly R[],
  order: { keyOf: (r: R) => CursorKey; cmp: (a: CursorKey, b: CursorKey) => number; query: PageQuery },
  view: (r: R) => unknown,
): HandlerResult {
  const paged = paginate(sorted, order.keyOf, order.cmp, order.query);
  return ok({ [key]: paged.items.map(view), links: buildLinks(linkBase(ctx), paged), meta: { total_count: paged.total } });
}

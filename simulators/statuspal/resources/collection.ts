import { created, deleted, linkBase, ok, type HandlerResult, type RequestCtx } from '../context';
import { notFound } from '../errors';
import { buildLinks, paginate, type CursorKey, type PageQuery } from '../pagination';
import type { Access, Method, RouteDef } from '../router';
import { unwrap, type Obj } from '../validate';

/**
 * A collection of records under one path, with the API's operations on it: list and create at `path`,
 * get, update and delete at `path/:id`. Every record kind answers in the same shape, so the shape lives
 * here and each resource file says only what is its own.
 *
 * `H` is where the records live (the page, the organization, an incident for its updates). It is looked
 * up first, before the record and before the body is read: an unknown holder or id is a 404 whatever
 * the body says.
 */
export interface Collection<R, H> {
  /** operation names are `${op}.list`, `${op}.create` and so on */
  op: string;
  path: string;
  /** the JSON key that wraps one record, in request bodies and answers */
  key: string;
  /** the access of list and get; write's when not given */
  read?: Access;
  write: Access;
  holder(ctx: RequestCtx): H;
  /** the list operation; a collection without one has none */
  list?(ctx: RequestCtx, holder: H): HandlerResult;
  /** the record the path names (a 404 when there is none) */
  find(ctx: RequestCtx, holder: H): R;
  view(ctx: RequestCtx, record: R): unknown;
  create(ctx: RequestCtx, holder: H, body: Obj): R;
  update(ctx: RequestCtx, holder: H, record: R, body: Obj): void;
  remove(ctx: RequestCtx, holder: H, record: R): void;
  /** what the write log records as the result */
  idOf(record: R): number | string;
  /** the path parameter that names one record; `id` when not given */
  idParam?: string;
  /**
   * How a request body holds the record: `{ [key]: {...} }`, also a bare record when `tolerant`;
   * `create` reads a create's body its own way.
   */
  body?: { tolerant?: boolean; create?(ctx: RequestCtx): Obj };
  /** the API has no get of one record here */
  noGet?: boolean;
}

type OperationName = 'list' | 'create' | 'get' | 'update' | 'delete';

/** Where each operation is and what it needs, in the order the router tries them. */
const OPERATIONS: readonly { name: OperationName; method: Method; ofOne: boolean; writes: boolean }[] = [
  { name: 'list', method: 'GET', ofOne: false, writes: false },
  { name: 'create', method: 'POST', ofOne: false, writes: true },
  { name: 'get', method: 'GET', ofOne: true, writes: false },
  { name: 'update', method: 'PUT', ofOne: true, writes: true },
  { name: 'delete', method: 'DELETE', ofOne: true, writes: true },
];

export function collectionRoutes<R, H>(c: Collection<R, H>): RouteDef[] {
  const body = (ctx: RequestCtx): Obj => unwrap(ctx.body(), c.key, c.body?.tolerant);
  const createBody = (ctx: RequestCtx): Obj => (c.body?.create ? c.body.create(ctx) : body(ctx));
  const answer = (ctx: RequestCtx, r: R) => ({ [c.key]: c.view(ctx, r) });
  const list = c.list;
  const handlers: Record<OperationName, RouteDef['handle'] | undefined> = {
    list: list && ((ctx) => list(ctx, c.holder(ctx))),
    create(ctx) {
      const r = c.create(ctx, c.holder(ctx), createBody(ctx));
      return created(ctx, answer(ctx, r), c.idOf(r));
    },
    get: c.noGet ? undefined : (ctx) => ok(answer(ctx, c.find(ctx, c.holder(ctx)))),
    update(ctx) {
      const h = c.holder(ctx);
      const r = c.find(ctx, h);
      c.update(ctx, h, r, body(ctx));
      return ok(answer(ctx, r), c.idOf(r));
    },
    delete(ctx) {
      const h = c.holder(ctx);
      const r = c.find(ctx, h);
      c.remove(ctx, h, r);
      return deleted(c.idOf(r));
    },
  };
  return OPERATIONS.flatMap(({ name, method, ofOne, writes }) => {
    const handle = handlers[name];
    if (!handle) return [];
    const path = ofOne ? `${c.path}/:${c.idParam ?? 'id'}` : c.path;
    return [{ op: `${c.op}.${name}`, method, path, access: writes ? c.write : (c.read ?? c.write), handle }];
  });
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

import type { SimClock } from './clock';
import type { TextStyle } from './text-style';
import { badRequest, notFound } from './errors';
import type { KeyRecord, Org, Page } from './model';
import type { LinkBase } from './pagination';
import type { Store } from './store';
import type { WriteLog } from './write-log';

export type LinkStyle = 'absolute' | 'relative';
export type DeleteBody = '""' | '{}' | 'empty';

/** What handlers may depend on: state, clock and the answer style options. */
export interface SimCore {
  store: Store;
  clock: SimClock;
  writeLog: WriteLog;
  options: {
    linkStyle: LinkStyle;
    deleteBody: DeleteBody;
    /** Status of successful creations (POST). The real code is not documented; 201 by default. */
    createStatus: 200 | 201;
    /** How text sent in writes is kept (text-style.ts); changed with setTextStyle. */
    textStyle: TextStyle;
  };
}

export interface HandlerResult {
  status: number;
  body: unknown;
  /** id of the created/changed/deleted record, for the write log */
  resultId?: number | string | null;
  /** answered with the configured delete body */
  deleted?: boolean;
}

/** What the request says, as the router found it. */
interface RequestFacts {
  core: SimCore;
  method: string;
  /** path after /api/v2 */
  path: string;
  /** full request path, used for links */
  fullPath: string;
  query: URLSearchParams;
  params: Record<string, string>;
  principal: KeyRecord | null;
  origin: string;
}

export interface RequestCtx extends RequestFacts {
  now: number;
  body(): unknown;
  page(): Page;
  org(): Org;
}

export function createCtx(input: RequestFacts & { rawBody: string }): RequestCtx {
  let parsed: { value: unknown } | undefined;
  let page: Page | undefined;
  let org: Org | undefined;
  const { rawBody, ...facts } = input;
  const { core, params } = facts;
  return {
    ...facts,
    now: core.clock.nowMs(),
    body() {
      if (!parsed) {
        const text = rawBody.trim();
        if (text === '') parsed = { value: undefined };
        else {
          try {
            parsed = { value: JSON.parse(text) };
          } catch {
            throw badRequest('unparseable JSON body');
          }
        }
      }
      return parsed.value;
    },
    page() {
      if (!page) {
        const sd = params.sd;
        if (sd === undefined) throw new Error('route has no :sd');
        page = core.store.getPage(sd);
      }
      return page;
    },
    org() {
      if (!org) {
        const id = intParam(params.org);
        if (id === null) throw notFound('organization');
        org = core.store.getOrg(id);
      }
      return org;
    },
  };
}

/** Path ids are integers; anything else cannot name a record, so it is a 404. */
function intParam(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}

export function idParam(ctx: RequestCtx, name: string): number {
  const id = intParam(ctx.params[name]);
  if (id === null) throw notFound(`${name} ${ctx.params[name] ?? ''}`);
  return id;
}

export function linkBase(ctx: RequestCtx): LinkBase {
  return { origin: ctx.origin, path: ctx.fullPath, query: ctx.query, style: ctx.core.options.linkStyle };
}

export function created(ctx: RequestCtx, body: unknown, resultId: number | string): HandlerResult {
  return { status: ctx.core.options.createStatus, body, resultId };
}

export function ok(body: unknown, resultId?: number | string | null): HandlerResult {
  return { status: 200, body, resultId };
}

export function deleted(resultId: number | string): HandlerResult {
  return { status: 200, body: null, resultId, deleted: true };
}

import { authenticate, authorizeOrg, authorizePage, identify, type Need } from './auth';
import { createCtx, type HandlerResult, type RequestCtx, type SimCore } from './context';
import { HttpError } from './errors';
import type { KeyRecord } from './model';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Access = 'none' | { scope: 'page' | 'org'; need: Need };

export interface RouteDef {
  /** operation name, e.g. `incidents.create` */
  op: string;
  method: Method;
  /** relative to /api/v2, with :sd (subdomain), :org and other :params */
  path: string;
  access: Access;
  handle(ctx: RequestCtx): HandlerResult;
}

interface Compiled extends RouteDef {
  segments: string[];
}

type Match = { kind: 'route'; route: RouteDef; params: Record<string, string> } | { kind: 'none' } | { kind: 'method' };

export class Router {
  readonly #routes: Compiled[];

  constructor(routes: RouteDef[]) {
    this.#routes = routes.map((r) => ({ ...r, segments: r.path.split('/').filter(Boolean) }));
  }

  list(): readonly RouteDef[] {
    return this.#routes;
  }

  match(method: string, path: string): Match {
    const parts = path.split('/').filter(Boolean);
    let pathMatched = false;
    for (const r of this.#routes) {
      if (r.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let okay = true;
      for (let i = 0; i < parts.length; i++) {
        const seg = r.segments[i] as string;
        const part = parts[i] as string;
        if (seg.startsWith(':')) {
          try {
            params[seg.slice(1)] = decodeURIComponent(part);
          } catch {
            okay = false;
            break;
          }
        } else if (seg !== part) {
          okay = false;
          break;
        }
      }
      if (!okay) continue;
      pathMatched = true;
      if (r.method === method) return { kind: 'route', route: r, params };
    }
    return pathMatched ? { kind: 'method' } : { kind: 'none' };
  }
}

interface DispatchInput {
  method: string;
  /** path after /api/v2 */
  path: string;
  fullPath: string;
  query: URLSearchParams;
  authorization: string | string[] | undefined;
  origin: string;
  rawBody: string;
}

interface DispatchOutput extends HandlerResult {
  route: RouteDef | null;
  principal: KeyRecord | null;
}

/**
 * Order of checks: route (404/405) → key (401) → page/organization exists (404) → permission (403)
 * → handler (404 for unknown ids, 400 unparseable body, 422 invalid body).
 */
export function dispatch(core: SimCore, router: Router, input: DispatchInput): DispatchOutput {
  const m = router.match(input.method, input.path);
  if (m.kind !== 'route') {
    const status = m.kind === 'method' ? 405 : 404;
    return { status, body: { error: status }, route: null, principal: identify(core.store, input.authorization) };
  }
  const { route, params } = m;
  let principal: KeyRecord | null = null;
  try {
    const { authorization, ...request } = input;
    principal = route.access === 'none' ? identify(core.store, authorization) : authenticate(core.store, authorization);
    // The key is known from here on as the principal; the context does not carry the header.
    const ctx = createCtx({ core, ...request, params, principal });
    if (route.access !== 'none') {
      const { scope, need } = route.access;
      if (scope === 'page') authorizePage(core.store, principal!, ctx.page(), need);
      else authorizeOrg(core.store, principal!, ctx.org(), need);
    } else if (params.sd !== undefined) {
      ctx.page();
    }
    return { ...route.handle(ctx), route, principal };
  } catch (err) {
    if (err instanceof HttpError) {
      return { status: err.status, body: { error: err.status }, route, principal };
    }
    throw err;
  }
}

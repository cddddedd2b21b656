import { floorSecond } from '../clock';
import { idParam, type RequestCtx } from '../context';
import { invalid } from '../errors';
import { ORG_ROLES, PAGE_ROLES, type Membership, type Role } from '../model';
import { keyComparator, parsePageQuery, type CursorKey } from '../pagination';
import type { RouteDef } from '../router';
import type { Store } from '../store';
import { memberJson } from '../views';
import { extrasOf, optStr, type Obj } from '../validate';
import { collectionRoutes, pagedAnswer, recordIn } from './collection';
import { touch } from './common';

/**
 * Status page members and organization members: a user (by email) with a role. These memberships
 * are what user keys are authorized by (see auth.ts), so removing one takes the rights away.
 */
const KNOWN = new Set(['id', 'user_id', 'email', 'name', 'role', 'inserted_at', 'updated_at']);
const EMAIL_RE = /^[^@\s]+@[^@\s]+$/;

function parseRole(o: Obj, roles: readonly Role[], required: boolean): Role | undefined {
  const role = optStr(o, 'role', { required });
  if (role !== undefined && !roles.includes(role as Role)) throw invalid(`role must be one of ${roles.join(', ')}`);
  return role as Role | undefined;
}

export function addMembership(store: Store, members: Map<number, Membership>, o: Obj, roles: readonly Role[], now: number): Membership {
  const email = optStr(o, 'email', { required: true, nonEmpty: true }) as string;
  if (!EMAIL_RE.test(email.trim())) throw invalid('email is not an email address');
  const name = optStr(o, 'name');
  const role = parseRole(o, roles, false) ?? 'viewer';
  const user = store.ensureUser(email, name);
  for (const m of members.values()) if (m.userId === user.id) throw invalid('already a member');
  const t = floorSecond(now);
  const m: Membership = {
    id: store.nextId('member'),
    userId: user.id,
    role,
    insertedAt: t,
    updatedAt: t,
    extra: extrasOf(o, KNOWN),
  };
  members.set(m.id, m);
  return m;
}

type Members = Map<number, Membership>;

/** Where the members of a page and of an organization are, and the roles each may hold. */
const MEMBERSHIPS = {
  page: { op: 'status_page_members', path: '/status_pages/:sd/members', roles: PAGE_ROLES, members: (ctx: RequestCtx): Members => ctx.page().members },
  org: { op: 'org_members', path: '/orgs/:org/members', roles: ORG_ROLES, members: (ctx: RequestCtx): Members => ctx.org().members },
} as const;

function memberRoutes(scope: 'page' | 'org'): RouteDef[] {
  const opts = MEMBERSHIPS[scope];
  const keyOf = (m: Membership): CursorKey => [m.id];
  const cmp = keyComparator([false]);
  const view = (ctx: RequestCtx, m: Membership) => memberJson(m, ctx.core.store.users.get(m.userId));
  return collectionRoutes<Membership, Members>({
    op: opts.op,
    path: opts.path,
    key: 'member',
    body: { tolerant: true },
    read: { scope, need: 'read' },
    write: { scope, need: 'admin' },
    // A membership is read through the list (filtered by email); the API has no get of one.
    noGet: true,
    holder: opts.members,
    list(ctx, members) {
      const query = parsePageQuery(ctx.query, 1);
      const email = ctx.query.get('email')?.trim().toLowerCase();
      let items = [...members.values()].sort((a, b) => a.id - b.id);
      if (email) items = items.filter((m) => ctx.core.store.users.get(m.userId)?.email.toLowerCase() === email);
      return pagedAnswer(ctx, 'members', items, { keyOf, cmp, query }, (m) => view(ctx, m));
    },
    find: (ctx, members) => recordIn(members, idParam(ctx, 'id'), 'member'),
    view,
    create: (ctx, members, o) => addMembership(ctx.core.store, members, o, opts.roles, ctx.now),
    update(ctx, _members, m, o) {
      const role = parseRole(o, opts.roles, false);
      const name = optStr(o, 'name');
      optStr(o, 'email'); // type-checked; a membership keeps its user
      if (role !== undefined) m.role = role;
      const user = ctx.core.store.users.get(m.userId);
      if (name !== undefined && user) user.name = name;
      m.extra = { ...m.extra, ...extrasOf(o, KNOWN) };
      touch(m, ctx.now);
    },
    remove: (_ctx, members, m) => members.delete(m.id),
    idOf: (m) => m.id,
  });
}

export const pageMemberRoutes = memberRoutes('page');
export const orgMemberRoutes = memberRoutes('org');

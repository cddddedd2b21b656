import { floorSecond } from './clock';
import { notFound } from './errors';
import type { Extra, KeyRecord, Org, Page, Role, User } from './model';
import { createPrng, uuidFrom } from './prng';

/** Id sequences are global per kind, as database sequences are on the real service. */
type IdKind = 'incident' | 'update' | 'service' | 'webhook' | 'accessGroup' | 'member' | 'user' | 'org' | 'metric';

/**
 * All state of one simulator: organizations, pages (which own everything else), users and keys.
 * Pure data plus the small helpers every resource needs; resource rules live in resources/*.
 */
export class Store {
  readonly orgs = new Map<number, Org>();
  readonly pages = new Map<string, Page>();
  readonly users = new Map<number, User>();
  readonly #usersByEmail = new Map<string, User>();
  readonly #keysByRaw = new Map<string, KeyRecord>();
  readonly #ids = new Map<IdKind, number>();
  #keySeq = 0;
  #subscriptionSeq = 0;
  readonly #uuidRand: () => number;

  constructor(randomSeed: number) {
    // A stream of its own, so creating subscriptions does not shift the fault PRNG's sequence.
    this.#uuidRand = createPrng((randomSeed ^ 0x5bd1e995) >>> 0);
  }

  nextId(kind: IdKind): number {
    const next = (this.#ids.get(kind) ?? 0) + 1;
    this.#ids.set(kind, next);
    return next;
  }

  /** Seeds bring their own ids: later creations continue above them. */
  reserveId(kind: IdKind, id: number): void {
    if (id > (this.#ids.get(kind) ?? 0)) this.#ids.set(kind, id);
  }

  nextUuid(): string {
    return uuidFrom(this.#uuidRand);
  }

  nextSubscriptionSeq(): number {
    return ++this.#subscriptionSeq;
  }

  // ---- organizations and pages ----

  createOrg(input: { id?: number; name: string; now: number; extra?: Extra }): Org {
    const id = input.id ?? this.nextId('org');
    this.reserveId('org', id);
    const org: Org = {
      id,
      name: input.name,
      insertedAt: floorSecond(input.now),
      updatedAt: floorSecond(input.now),
      members: new Map(),
      extra: input.extra ?? {},
    };
    this.orgs.set(id, org);
    return org;
  }

  getOrg(id: number): Org {
    const org = this.orgs.get(id);
    if (!org) throw notFound(`organization ${id}`);
    return org;
  }

  getPage(subdomain: string): Page {
    const page = this.pages.get(subdomain);
    if (!page) throw notFound(`status page ${subdomain}`);
    return page;
  }

  newPage(input: { subdomain: string; orgId: number; name: string; url?: string; timeZone?: string; now: number; publicBase?: string; extra?: Extra }): Page {
    const t = floorSecond(input.now);
    const page: Page = {
      subdomain: input.subdomain,
      orgId: input.orgId,
      name: input.name,
      url: input.url ?? `${input.subdomain}.example.com`,
      timeZone: input.timeZone ?? 'Etc/UTC',
      extra: input.extra ?? {},
      insertedAt: t,
      updatedAt: t,
      publicBase: input.publicBase ?? `https://${input.subdomain}.statuspal.io`,
      incidentTypes: new Map(),
      legacySummary: false,
      services: new Map(),
      incidents: new Map(),
      live: new Set(),
      notices: new Map(),
      subscriptions: new Map(),
      webhooks: new Map(),
      accessGroups: new Map(),
      members: new Map(),
      metrics: new Map(),
      incidentVersion: 0,
    };
    this.pages.set(page.subdomain, page);
    return page;
  }

  pagesOfOrg(orgId: number): Page[] {
    const out: Page[] = [];
    for (const p of this.pages.values()) if (p.orgId === orgId) out.push(p);
    return out;
  }

  // ---- users and keys ----

  ensureUser(email: string, name?: string | null): User {
    const norm = email.trim().toLowerCase();
    let user = this.#usersByEmail.get(norm);
    if (!user) {
      user = { id: this.nextId('user'), email: email.trim(), name: name ?? null };
      this.users.set(user.id, user);
      this.#usersByEmail.set(norm, user);
    } else if (name !== undefined && name !== null) {
      user.name = name;
    }
    return user;
  }

  findUserByEmail(email: string): User | undefined {
    return this.#usersByEmail.get(email.trim().toLowerCase());
  }

  /** Adds a key; the record's `id` is what logs show, never the raw key. */
  addKey(
    input:
      { kind: 'org'; orgId: number; access: 'read' | 'write'; key?: string; label?: string } | { kind: 'user'; userId: number; key?: string; label?: string },
  ): KeyRecord {
    const id = `key_${++this.#keySeq}`;
    const raw = input.key ?? `sim_${uuidFrom(this.#uuidRand).replaceAll('-', '')}`;
    if (this.#keysByRaw.has(raw)) throw new Error('key already exists');
    const rec: KeyRecord =
      input.kind === 'org'
        ? { id, raw, kind: 'org', orgId: input.orgId, access: input.access, label: input.label }
        : { id, raw, kind: 'user', userId: input.userId, label: input.label };
    this.#keysByRaw.set(raw, rec);
    return rec;
  }

  findKey(raw: string): KeyRecord | undefined {
    return this.#keysByRaw.get(raw);
  }

  revokeKey(raw: string): boolean {
    return this.#keysByRaw.delete(raw);
  }

  /** A user's role on a page: the best of a page membership and an organization membership. */
  userRoleOnPage(userId: number, page: Page): Role | null {
    let best: Role | null = null;
    for (const m of page.members.values()) if (m.userId === userId) best = betterRole(best, m.role);
    const org = this.orgs.get(page.orgId);
    if (org) {
      for (const m of org.members.values()) {
        // Billing is an organization-only role: it gives no say over page content.
        if (m.userId === userId && m.role !== 'billing') best = betterRole(best, m.role);
      }
    }
    return best;
  }

  userRoleOnOrg(userId: number, org: Org): Role | null {
    let best: Role | null = null;
    for (const m of org.members.values()) if (m.userId === userId) best = betterRole(best, m.role);
    return best;
  }
}

const ROLE_RANK: Record<Role, number> = { billing: 0, viewer: 1, editor: 2, admin: 3, owner: 4 };

export function roleRank(role: Role | null): number {
  return role === null ? -1 : ROLE_RANK[role];
}

function betterRole(a: Role | null, b: Role): Role {
  return a === null || ROLE_RANK[b] > ROLE_RANK[a] ? b : a;
}

/**
 * updated_at must change on every write (clients detect conflicts with it) although the service shows
 * whole seconds: when two writes land in the same second, the later one moves a second ahead.
 */
export function bumpTime(previous: number, now: number): number {
  const t = floorSecond(now);
  return t > previous ? t : previous + 1000;
}

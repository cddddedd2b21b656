import type { BaseLevel, Incident, Notice, Page, Service } from './model';
import { incidentJson, noticeJson, pagePublicJson } from './views';

/**
 * Everything the service computes rather than stores: the level of a page and of each service, which
 * incidents are open, which maintenances are active or upcoming, which notices are featured.
 * All functions are O(live incidents + services + notices) of one page.
 */

const RANK: Record<BaseLevel, number> = { major: 3, minor: 2, scheduled: 1 };

/** Base level of an incident type: the three built-ins, the page's custom types, else minor. */
function baseOf(page: Page, type: string): BaseLevel {
  if (type === 'major' || type === 'minor' || type === 'scheduled') return type;
  // Unknown types cannot be created through the API; a seed may still bring one. Minor is the safe middle.
  return page.incidentTypes.get(type) ?? 'minor';
}

export function isKnownType(page: Page, type: string): boolean {
  return type === 'major' || type === 'minor' || type === 'scheduled' || page.incidentTypes.has(type);
}

export function isScheduled(page: Page, type: string): boolean {
  return baseOf(page, type) === 'scheduled';
}

type Phase = 'open' | 'closed' | 'upcoming' | 'active' | 'ended';

/**
 * Non-scheduled incidents are open until closed (resolved). Maintenances follow their window:
 * upcoming before starts_at, active until ends_at (or until resolved; an end not after the start means
 * "no planned end"), ended after.
 */
function phaseOf(page: Page, inc: Incident, now: number): Phase {
  if (!isScheduled(page, inc.type)) return inc.closedAt === null ? 'open' : 'closed';
  if (inc.closedAt !== null) return 'ended';
  if (now < inc.startsAt) return 'upcoming';
  if (inc.endsAt !== null && inc.endsAt > inc.startsAt && now >= inc.endsAt) return 'ended';
  return 'active';
}

/** Keeps the live set in step with an incident after any write to it. */
export function refreshLive(page: Page, inc: Incident): void {
  if (inc.closedAt === null && page.incidents.get(inc.id) === inc) page.live.add(inc);
  else page.live.delete(inc);
  page.incidentVersion++;
}

/** After the clock moves backwards, maintenances pruned as ended may be live again. */
export function rebuildLive(page: Page): void {
  page.live.clear();
  for (const inc of page.incidents.values()) if (inc.closedAt === null) page.live.add(inc);
  page.incidentVersion++;
}

function noticeFeatured(n: Notice, now: number): boolean {
  const from = n.featuredFrom ?? n.insertedAt;
  return from <= now && (n.featuredUntil === null || now < n.featuredUntil);
}

interface Level {
  rank: number;
  type: string;
}

function better(a: Level | null | undefined, b: Level | null | undefined): Level | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return b.rank > a.rank ? b : a;
}

interface Tree {
  roots: Service[];
  children: Map<number, Service[]>;
}

const byOrder = (a: Service, b: Service): number => a.order - b.order || a.id - b.id;

export function buildTree(page: Page): Tree {
  const roots: Service[] = [];
  const children = new Map<number, Service[]>();
  for (const s of page.services.values()) {
    if (s.parentId !== null && page.services.has(s.parentId)) {
      let list = children.get(s.parentId);
      if (!list) children.set(s.parentId, (list = []));
      list.push(s);
    } else {
      roots.push(s);
    }
  }
  roots.sort(byOrder);
  for (const list of children.values()) list.sort(byOrder);
  return { roots, children };
}

interface Levels {
  /** The page's current_incident_type (custom names kept), null when operational. */
  page: string | null;
  /** Each service's current_incident_type including its descendants. */
  service: Map<number, string | null>;
  tree: Tree;
  /** Incidents grouped for the summary (already sorted). */
  open: Incident[];
  active: Incident[];
  upcoming: Incident[];
}

export function computeLevels(page: Page, now: number): Levels {
  const own = new Map<number, Level | null>();
  let pageLevel: Level | null = null;
  const open: Incident[] = [];
  const active: Incident[] = [];
  const upcoming: Incident[] = [];
  for (const inc of page.live) {
    const phase = phaseOf(page, inc, now);
    if (phase === 'ended' || phase === 'closed') {
      page.live.delete(inc); // time moved past it; rebuildLive() brings it back if time goes backwards
      continue;
    }
    if (phase === 'upcoming') {
      upcoming.push(inc);
      continue;
    }
    (phase === 'open' ? open : active).push(inc);
    const lvl: Level = { rank: RANK[baseOf(page, inc.type)], type: inc.type };
    pageLevel = better(pageLevel, lvl);
    for (const sid of inc.serviceIds) own.set(sid, better(own.get(sid), lvl));
  }
  for (const s of page.services.values()) {
    if (s.manualLevel === undefined) continue;
    const lvl = s.manualLevel === null ? null : { rank: RANK[baseOf(page, s.manualLevel)], type: s.manualLevel };
    own.set(s.id, lvl); // a level set directly replaces what incidents say about this service itself
    pageLevel = better(pageLevel, lvl);
  }
  const tree = buildTree(page);
  const service = new Map<number, string | null>();
  const visit = (s: Service, seen: Set<number>): Level | null => {
    if (seen.has(s.id)) return null; // defensive: a cycle never comes from the API
    seen.add(s.id);
    let lvl = own.get(s.id) ?? null;
    for (const c of tree.children.get(s.id) ?? []) lvl = better(lvl, visit(c, seen));
    service.set(s.id, lvl ? lvl.type : null);
    return lvl;
  };
  const seen = new Set<number>();
  for (const r of tree.roots) visit(r, seen);
  open.sort((a, b) => b.startsAt - a.startsAt || b.id - a.id);
  active.sort((a, b) => a.startsAt - b.startsAt || a.id - b.id);
  upcoming.sort((a, b) => a.startsAt - b.startsAt || a.id - b.id);
  return { page: pageLevel ? pageLevel.type : null, service, tree, open, active, upcoming };
}

function statusTypeOf(page: Page, type: string | null): BaseLevel | null {
  return type === null ? null : baseOf(page, type);
}

function serviceSummaryNode(s: Service, levels: Levels): Record<string, unknown> {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    children: (levels.tree.children.get(s.id) ?? []).map((c) => serviceSummaryNode(c, levels)),
    current_incident_type: levels.service.get(s.id) ?? null,
  };
}

function serviceStatusNode(s: Service, levels: Levels): Record<string, unknown> {
  return {
    id: s.id,
    name: s.name,
    current_incident_type: levels.service.get(s.id) ?? null,
    children: (levels.tree.children.get(s.id) ?? []).map((c) => serviceStatusNode(c, levels)),
  };
}

function featuredNotices(page: Page, now: number, serviceIds?: Set<number>): Notice[] {
  const out: Notice[] = [];
  for (const n of page.notices.values()) {
    if (!noticeFeatured(n, now)) continue;
    if (serviceIds && !n.serviceIds.some((id) => serviceIds.has(id))) continue;
    out.push(n);
  }
  return out.sort((a, b) => (b.featuredFrom ?? b.insertedAt) - (a.featuredFrom ?? a.insertedAt) || b.id - a.id);
}

export function pageStatusJson(page: Page, now: number): Record<string, unknown> {
  return { status_page: pagePublicJson(page, computeLevels(page, now).page) };
}

export function summaryJson(page: Page, now: number): Record<string, unknown> {
  const levels = computeLevels(page, now);
  const out: Record<string, unknown> = {
    status_page: pagePublicJson(page, levels.page),
    services: levels.tree.roots.map((s) => serviceSummaryNode(s, levels)),
    incidents: levels.open.map(incidentJson),
    maintenances: levels.active.map(incidentJson),
    upcoming_maintenances: levels.upcoming.map(incidentJson),
  };
  if (!page.legacySummary) {
    out.info_notices = featuredNotices(page, now).map(noticeJson);
    out.current_status_type = statusTypeOf(page, levels.page);
  }
  return out;
}

function subtreeIds(service: Service, tree: Tree): Set<number> {
  const ids = new Set<number>();
  const stack = [service];
  while (stack.length) {
    const s = stack.pop()!;
    if (ids.has(s.id)) continue;
    ids.add(s.id);
    stack.push(...(tree.children.get(s.id) ?? []));
  }
  return ids;
}

export function serviceStatusJson(page: Page, service: Service, now: number): Record<string, unknown> {
  return { service: serviceStatusNode(service, computeLevels(page, now)) };
}

export function serviceSummaryJson(page: Page, service: Service, now: number): Record<string, unknown> {
  const levels = computeLevels(page, now);
  const ids = subtreeIds(service, levels.tree);
  const touches = (i: Incident): boolean => i.serviceIds.some((id) => ids.has(id));
  const level = levels.service.get(service.id) ?? null;
  return {
    service: serviceSummaryNode(service, levels),
    incidents: levels.open.filter(touches).map(incidentJson),
    maintenances: levels.active.filter(touches).map(incidentJson),
    upcoming_maintenances: levels.upcoming.filter(touches).map(incidentJson),
    info_notices: featuredNotices(page, now, ids).map(noticeJson),
    current_status_type: statusTypeOf(page, level),
  };
}

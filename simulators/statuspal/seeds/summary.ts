import { floorSecond, parseDateTime } from '../clock';
import { computeLevels, refreshLive } from '../derived';
import { BASE_LEVELS, type BaseLevel, type Extra, type Incident, type Notice, type Service, type Update } from '../model';
import { descriptionToHtml } from '../resources/updates';
import type { Store } from '../store';
import { INCIDENT_KEYS, NOTICE_KEYS, UPDATE_KEYS } from '../record-keys';
import { isObj, type Obj } from '../validate';
import { DEMO_ORG_ID } from './base';

/**
 * Builds a page from a captured `GET summary` document so that the simulator's summary of it is the
 * same document again: same ids, titles, types, service tree and levels.
 *
 * Decisions, for captures that are not self-consistent:
 * - Custom incident types get a base level: the `current_status_type` when the type is the page's
 *   current one, `scheduled` when it appears as a maintenance, else minor.
 * - Items listed in `incidents` are open whatever their ends_at says (the capture shows them open).
 * - Service children without an id (the API docs example has `[{}]`) are dropped.
 * - An id listed twice (the docs example lists 89 three times) keeps it the first time; copies get new ids.
 * - Where a service level in the capture does not follow from its incidents, the service gets that level
 *   set directly (as the control `setServiceLevel` does), so the round trip keeps it.
 */

export interface SeedSummaryOptions {
  /** organization that owns the page; default 1 */
  orgId?: number;
  /** use this subdomain instead of the document's */
  subdomain?: string;
  /** move every datetime so the capture instant is the simulator's now (demo mode) */
  shiftToNow?: boolean;
}

export interface SeedSummaryResult {
  subdomain: string;
  /** the capture instant (latest timestamp of the document), in simulated time after any shift */
  captureTime: string;
  remappedIds: { list: string; from: number; to: number }[];
  /** services given a level directly to match the capture */
  levelOverrides: number[];
  /** what still differs from the document (empty for consistent captures) */
  mismatches: string[];
}

const STAMP_KEYS = new Set(['inserted_at', 'updated_at', 'posted_at', 'subscribers_notified_at', 'featured_from']);

/** The latest moment the document shows as already happened: when it was captured. */
export function captureTimeOf(doc: unknown): number | null {
  let max: number | null = null;
  const see = (v: unknown): void => {
    if (typeof v !== 'string') return;
    const ms = parseDateTime(v);
    if (ms !== null && (max === null || ms > max)) max = ms;
  };
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isObj(v)) {
      for (const [k, x] of Object.entries(v)) {
        if (STAMP_KEYS.has(k)) see(x);
        else if (typeof x === 'object') walk(x);
      }
    }
  };
  if (!isObj(doc)) return null;
  walk(doc.incidents);
  walk(doc.maintenances);
  walk(doc.upcoming_maintenances);
  walk(doc.info_notices);
  // Open incidents and active maintenances have started by then.
  for (const list of [doc.incidents, doc.maintenances]) {
    if (Array.isArray(list)) for (const i of list) if (isObj(i)) see(i.starts_at);
  }
  return max;
}

const arr = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);
const str = (v: unknown, fallback: string): string => (typeof v === 'string' ? v : fallback);
const omit = (o: Obj, keys: readonly string[]): Extra => {
  const out: Extra = {};
  for (const [k, v] of Object.entries(o)) if (!keys.includes(k)) out[k] = v;
  return out;
};

export function seedFromSummary(store: Store, doc: unknown, now: number, opts: SeedSummaryOptions = {}): SeedSummaryResult {
  if (!isObj(doc) || !isObj(doc.status_page)) throw new TypeError('not a summary document: status_page missing');
  const sp = doc.status_page;
  const subdomain = opts.subdomain ?? (typeof sp.subdomain === 'string' ? sp.subdomain : undefined);
  if (!subdomain) throw new TypeError('summary has no status_page.subdomain (pass subdomain)');
  const orgId = opts.orgId ?? DEMO_ORG_ID;
  if (!store.orgs.has(orgId)) throw new TypeError(`organization ${orgId} does not exist`);

  const captured = captureTimeOf(doc) ?? floorSecond(now);
  const shift = opts.shiftToNow ? floorSecond(now) - captured : 0;
  const captureInstant = captured + shift;
  const time = (v: unknown): number | null => {
    if (typeof v !== 'string') return null;
    const ms = parseDateTime(v);
    return ms === null ? null : floorSecond(ms) + shift;
  };

  const incidentsIn = arr(doc.incidents);
  const maintenancesIn = arr(doc.maintenances);
  const upcomingIn = arr(doc.upcoming_maintenances);
  const noticesIn = arr(doc.info_notices);
  const firstUrl = [...incidentsIn, ...maintenancesIn, ...upcomingIn].map((i) => i.url).find((u) => typeof u === 'string');
  const publicBase =
    typeof firstUrl === 'string' && /\/incidents\/\d+$/.test(firstUrl) ? firstUrl.replace(/\/incidents\/\d+$/, '') : `https://${subdomain}.statuspal.io`;

  store.pages.delete(subdomain);
  const page = store.newPage({
    subdomain,
    orgId,
    name: str(sp.name, subdomain),
    url: str(sp.url, ''),
    timeZone: str(sp.time_zone, 'Etc/UTC'),
    now: captureInstant,
    publicBase,
    extra: omit(sp, ['name', 'url', 'subdomain', 'time_zone', 'current_incident_type']),
  });
  page.legacySummary = !('current_status_type' in doc) || !('info_notices' in doc);

  // Custom incident types and their base levels.
  const cst = doc.current_status_type;
  const pageType = typeof sp.current_incident_type === 'string' ? sp.current_incident_type : null;
  const isBase = (t: string): t is BaseLevel => (BASE_LEVELS as readonly string[]).includes(t);
  for (const i of [...maintenancesIn, ...upcomingIn]) {
    if (typeof i.type === 'string' && !isBase(i.type)) page.incidentTypes.set(i.type, 'scheduled');
  }
  if (pageType && !isBase(pageType) && typeof cst === 'string' && isBase(cst)) page.incidentTypes.set(pageType, cst);
  for (const i of incidentsIn) {
    if (typeof i.type === 'string' && !isBase(i.type) && !page.incidentTypes.has(i.type)) page.incidentTypes.set(i.type, 'minor');
  }

  // Services, nested as in the document.
  const wantedLevel = new Map<number, string | null>();
  const addServices = (list: unknown, parentId: number | null): void => {
    arr(list).forEach((s, index) => {
      if (typeof s.id !== 'number' || !Number.isInteger(s.id) || page.services.has(s.id)) return;
      const svc: Service = {
        id: s.id,
        name: str(s.name, ''),
        description: s.description ?? null,
        privateDescription: s.private_description ?? null,
        parentId,
        monitoring: s.monitoring ?? null,
        pingUrl: s.ping_url ?? null,
        private: s.private === true,
        order: index,
        autoIncident: s.auto_incident === true,
        translations: s.translations ?? {},
        manualLevel: undefined,
        insertedAt: captureInstant,
        updatedAt: captureInstant,
        extra: omit(s, [
          'id',
          'name',
          'description',
          'private_description',
          'children',
          'current_incident_type',
          'monitoring',
          'ping_url',
          'private',
          'auto_incident',
          'translations',
          'parent_id',
          'children_ids',
          'order',
        ]),
      };
      page.services.set(svc.id, svc);
      store.reserveId('service', svc.id);
      wantedLevel.set(svc.id, typeof s.current_incident_type === 'string' ? s.current_incident_type : null);
      addServices(s.children, svc.id);
    });
  };
  addServices(doc.services, null);

  // Reserve every id first, so remapped copies get ids above all of them.
  for (const i of [...incidentsIn, ...maintenancesIn, ...upcomingIn, ...noticesIn]) {
    if (typeof i.id === 'number') store.reserveId('incident', i.id);
    for (const u of arr(i.updates)) if (typeof u.id === 'number') store.reserveId('update', u.id);
  }
  const remappedIds: SeedSummaryResult['remappedIds'] = [];
  const usedIds = new Set<number>();
  const claimId = (raw: unknown, list: string): number => {
    if (typeof raw === 'number' && Number.isInteger(raw) && !usedIds.has(raw)) {
      usedIds.add(raw);
      return raw;
    }
    const to = store.nextId('incident');
    usedIds.add(to);
    if (typeof raw === 'number') remappedIds.push({ list, from: raw, to });
    return to;
  };

  const buildUpdate = (u: Obj): Update => {
    const description = str(u.description, '');
    const inserted = time(u.inserted_at) ?? captureInstant;
    return {
      id: typeof u.id === 'number' ? u.id : store.nextId('update'),
      type: str(u.type, 'update'),
      description,
      descriptionHtml: typeof u.description_html === 'string' ? u.description_html : descriptionToHtml(description),
      postedAt: time(u.posted_at) ?? inserted,
      insertedAt: inserted,
      updatedAt: time(u.updated_at) ?? inserted,
      subscribersNotifiedAt: time(u.subscribers_notified_at),
      translations: u.translations ?? {},
      tweet: u.tweet ?? false,
      extra: omit(u, UPDATE_KEYS),
    };
  };
  const addIncidents = (list: Obj[], name: string, fallbackType: string): void => {
    for (const i of list) {
      const id = claimId(i.id, name);
      const inserted = time(i.inserted_at) ?? captureInstant;
      const inc: Incident = {
        id,
        type: str(i.type, fallbackType),
        title: str(i.title, ''),
        url: typeof i.url === 'string' && id === i.id ? i.url : `${publicBase}/incidents/${id}`,
        startsAt: time(i.starts_at) ?? inserted,
        endsAt: time(i.ends_at),
        serviceIds: Array.isArray(i.service_ids) ? i.service_ids.filter((x): x is number => typeof x === 'number') : [],
        updates: arr(i.updates).map(buildUpdate),
        insertedAt: inserted,
        updatedAt: time(i.updated_at) ?? inserted,
        timezone: i.timezone ?? null,
        affectsUptime: i.affects_uptime ?? false,
        translations: i.translations ?? {},
        closedAt: null,
        endsAtBeforeClose: null,
        extra: omit(i, INCIDENT_KEYS),
      };
      page.incidents.set(id, inc);
      refreshLive(page, inc);
    }
  };
  addIncidents(incidentsIn, 'incidents', 'major');
  addIncidents(maintenancesIn, 'maintenances', 'scheduled');
  addIncidents(upcomingIn, 'upcoming_maintenances', 'scheduled');

  for (const n of noticesIn) {
    const id = claimId(n.id, 'info_notices');
    const inserted = time(n.inserted_at) ?? captureInstant;
    const notice: Notice = {
      id,
      title: str(n.title, ''),
      url: typeof n.url === 'string' && id === n.id ? n.url : `${publicBase}/info_notices/${id}`,
      updates: arr(n.updates).map(buildUpdate),
      serviceIds: Array.isArray(n.service_ids) ? n.service_ids.filter((x): x is number => typeof x === 'number') : [],
      featuredFrom: time(n.featured_from) ?? inserted,
      featuredUntil: time(n.featured_until),
      insertedAt: inserted,
      updatedAt: time(n.updated_at) ?? inserted,
      timezone: n.timezone ?? null,
      translations: n.translations ?? {},
      extra: omit(n, NOTICE_KEYS),
    };
    page.notices.set(id, notice);
  }

  // Levels as of the capture: set directly where the document does not follow from its incidents.
  const levelOverrides: number[] = [];
  const depth = (s: Service): number => {
    let d = 0;
    for (let p = s.parentId; p !== null; p = page.services.get(p)?.parentId ?? null) d++;
    return d;
  };
  const first = computeLevels(page, captureInstant);
  const consistent = [...wantedLevel].every(([id, want]) => (first.service.get(id) ?? null) === want);
  // Deepest first, so a child's level is settled before its parent is compared (only for odd captures).
  const deepestFirst = consistent ? [] : [...page.services.values()].sort((a, b) => depth(b) - depth(a));
  for (const s of deepestFirst) {
    const levels = computeLevels(page, captureInstant);
    const want = wantedLevel.get(s.id) ?? null;
    if ((levels.service.get(s.id) ?? null) !== want) {
      s.manualLevel = want;
      levelOverrides.push(s.id);
    }
  }
  const mismatches: string[] = [];
  const final = computeLevels(page, captureInstant);
  for (const [id, want] of wantedLevel) {
    if ((final.service.get(id) ?? null) !== want) mismatches.push(`service ${id}: ${final.service.get(id) ?? null} != ${want}`);
  }
  if (final.page !== pageType) mismatches.push(`page: ${final.page} != ${pageType}`);
  // computeLevels prunes ended maintenances from the live set; the real clock may be elsewhere.
  for (const inc of page.incidents.values()) refreshLive(page, inc);

  return { subdomain, captureTime: new Date(captureInstant).toISOString().slice(0, 19), remappedIds, levelOverrides, mismatches };
}

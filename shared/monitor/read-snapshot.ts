import { apiDateTimeToEpochMs } from '../statuspal/datetime';
import { learnCustomTypes, toBaseLevel, type BaseLevel, type CustomTypeEvidence, type CustomTypeLevels } from '../statuspal/levels';
import type { IncidentSnapshot, NoticeSnapshot, PageSnapshot, ServiceSnapshot, UpdateSnapshot } from './snapshot';

/*
 * Reads a parsed `GET summary` body straight into a PageSnapshot. This is the monitor's hot path,
 * so it does not run the zod wire schema and then normalise (that alone costs ~1.2x JSON.parse
 * on the largest real page): it checks exactly the fields it reads, with the wire schemas' rules
 * (required: status_page name/subdomain, the four lists, item id/type/title; typed when present),
 * and throws SummaryShapeError otherwise. Fields it does not read are not checked (tolerance).
 * Levels use ../statuspal/levels, the same rules as normalizePageSummary. Error paths are built
 * only when something fails, so the happy path allocates no path strings.
 */

export class SummaryShapeError extends Error {
  path: string;

  constructor(
    field: string,
    readonly what: string,
  ) {
    super(`${field}: ${what}`);
    this.name = 'SummaryShapeError';
    this.path = field;
  }

  /** Prepends a parent segment while the error travels up. */
  within(segment: string): SummaryShapeError {
    this.path = this.path === '' ? segment : this.path.startsWith('[') ? `${segment}${this.path}` : `${segment}.${this.path}`;
    this.message = `${this.path}: ${this.what}`;
    return this;
  }
}

type Obj = Record<string, unknown>;

function rethrow(error: unknown, segment: string): never {
  if (error instanceof SummaryShapeError) throw error.within(segment);
  throw error;
}

function obj(value: unknown, field: string): Obj {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new SummaryShapeError(field, 'expected an object');
  return value as Obj;
}

function str(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new SummaryShapeError(field, 'expected a string');
  return value;
}

function optStr(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new SummaryShapeError(field, 'expected a string');
  return value;
}

function int(value: unknown, field: string): number {
  if (!Number.isSafeInteger(value)) throw new SummaryShapeError(field, 'expected an integer');
  return value as number;
}

function list(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value)) throw new SummaryShapeError(field, 'expected an array');
  return value;
}

const EMPTY: never[] = [];

function optList(value: unknown, field: string): unknown[] {
  return value === undefined || value === null ? EMPTY : list(value, field);
}

function intList(value: unknown, field: string): number[] {
  if (value === undefined || value === null) return [];
  const items = list(value, field);
  for (let i = 0; i < items.length; i++) if (!Number.isSafeInteger(items[i])) throw new SummaryShapeError(`${field}[${i}]`, 'expected an integer');
  return items as number[];
}

/** API datetime (naive UTC) to ISO; an unreadable value is null, as tryParseApiDateTime does. */
function iso(value: unknown, field: string): string | null {
  const text = optStr(value, field);
  if (text === null) return null;
  const epoch = apiDateTimeToEpochMs(text);
  return epoch === null ? null : new Date(epoch).toISOString();
}

/** Level of a type, memoised per read: a page has a handful of types and a hundred services. */
class LevelCache {
  readonly #cache = new Map<string, BaseLevel>();
  readonly #customTypes: CustomTypeLevels;
  readonly #fallback: BaseLevel | undefined;

  constructor(customTypes: CustomTypeLevels, fallback?: BaseLevel) {
    this.#customTypes = customTypes;
    this.#fallback = fallback;
  }

  of(type: string | null): BaseLevel {
    if (type === null) return 'operational';
    let level = this.#cache.get(type);
    if (level === undefined) {
      level = toBaseLevel(type, this.#fallback ? { customTypes: this.#customTypes, fallback: this.#fallback } : { customTypes: this.#customTypes });
      this.#cache.set(type, level);
    }
    return level;
  }
}

interface UpdatesRead {
  ids: number[];
  latest: UpdateSnapshot | null;
}

/**
 * Ids of all updates and the latest one: by posted_at, else inserted_at; at the same second (a resolution
 * posted right after an update) the higher id, which the server gives the later one, whatever the list order.
 */
function readUpdates(value: unknown, typeRequired: boolean): UpdatesRead {
  const items = optList(value, 'updates');
  const ids: number[] = new Array(items.length);
  let best: Obj | null = null;
  let bestAt = -Infinity;
  for (let i = 0; i < items.length; i++) {
    try {
      const update = obj(items[i], '');
      ids[i] = int(update.id, 'id');
      if (typeRequired) str(update.type, 'type');
      else optStr(update.type, 'type');
      optStr(update.description, 'description');
      const stamp = optStr(update.posted_at, 'posted_at') ?? optStr(update.inserted_at, 'inserted_at');
      const at = stamp === null ? null : apiDateTimeToEpochMs(stamp);
      const rank = at ?? -Infinity;
      if (best === null || rank > bestAt || (rank === bestAt && ids[i]! > (best.id as number))) {
        best = update;
        bestAt = rank;
      }
    } catch (error) {
      rethrow(error, `updates[${i}]`);
    }
  }
  if (best === null) return { ids, latest: null };
  return {
    ids,
    latest: {
      id: best.id as number,
      type: (best.type as string | null | undefined) ?? null,
      description: (best.description as string | null | undefined) ?? '',
      postedAt: bestAt === -Infinity ? null : new Date(bestAt).toISOString(),
    },
  };
}

/** The latest update of one incident as the API answers it (its own read): what a resolution said. */
export function latestUpdateOf(incident: unknown): UpdateSnapshot | null {
  return readUpdates(obj(incident, '').updates, true).latest;
}

function readIncident(value: unknown, levels: LevelCache): IncidentSnapshot {
  const item = obj(value, '');
  const type = str(item.type, 'type');
  const updates = readUpdates(item.updates, true);
  return {
    id: int(item.id, 'id'),
    type,
    level: levels.of(type),
    title: str(item.title, 'title'),
    url: optStr(item.url, 'url'),
    startsAt: iso(item.starts_at, 'starts_at'),
    endsAt: iso(item.ends_at, 'ends_at'),
    serviceIds: intList(item.service_ids, 'service_ids'),
    updateIds: updates.ids,
    latestUpdate: updates.latest,
    resolved: updates.latest?.type === 'resolved',
  };
}

function readNotice(value: unknown): NoticeSnapshot {
  const item = obj(value, '');
  const updates = readUpdates(item.updates, false);
  return {
    id: int(item.id, 'id'),
    title: str(item.title, 'title'),
    url: optStr(item.url, 'url'),
    serviceIds: intList(item.service_ids, 'service_ids'),
    featuredFrom: iso(item.featured_from, 'featured_from'),
    featuredUntil: iso(item.featured_until, 'featured_until'),
    updateIds: updates.ids,
    latestUpdate: updates.latest,
  };
}

function readService(value: unknown, levels: LevelCache): ServiceSnapshot {
  const node = obj(value, '');
  const currentType = optStr(node.current_incident_type, 'current_incident_type');
  const children = optList(node.children, 'children');
  const out: ServiceSnapshot[] = new Array(children.length);
  for (let i = 0; i < children.length; i++) {
    try {
      out[i] = readService(children[i], levels);
    } catch (error) {
      rethrow(error, `children[${i}]`);
    }
  }
  return {
    id: node.id === undefined || node.id === null ? null : int(node.id, 'id'),
    name: optStr(node.name, 'name') ?? '',
    currentType,
    level: levels.of(currentType),
    children: out,
  };
}

function readList<T>(value: unknown, field: string, read: (item: unknown) => T): T[] {
  const items = list(value, field);
  const out: T[] = new Array(items.length);
  for (let i = 0; i < items.length; i++) {
    try {
      out[i] = read(items[i]);
    } catch (error) {
      rethrow(error, `${field}[${i}]`);
    }
  }
  return out;
}

/**
 * `json`: the parsed body. `knownCustomTypes`: what earlier polls of this page taught (merged
 * with what this summary says; the result is in `customTypes`).
 */
export function readPageSnapshot(json: unknown, knownCustomTypes: CustomTypeLevels = {}): PageSnapshot {
  const root = obj(json, 'summary');
  const page = obj(root.status_page, 'status_page');
  const name = str(page.name, 'status_page.name');
  const subdomain = str(page.subdomain, 'status_page.subdomain');
  const currentType = optStr(page.current_incident_type, 'status_page.current_incident_type');
  const statusType = root.current_status_type === undefined ? undefined : optStr(root.current_status_type, 'current_status_type');
  // Types first: learnCustomTypes reads the maintenance lists' `type` fields unchecked.
  const maintenancesRaw = list(root.maintenances, 'maintenances');
  const upcomingRaw = list(root.upcoming_maintenances, 'upcoming_maintenances');
  for (let i = 0; i < maintenancesRaw.length; i++) str(obj(maintenancesRaw[i], `maintenances[${i}]`).type, `maintenances[${i}].type`);
  for (let i = 0; i < upcomingRaw.length; i++) str(obj(upcomingRaw[i], `upcoming_maintenances[${i}]`).type, `upcoming_maintenances[${i}].type`);
  const customTypes = learnCustomTypes(root as CustomTypeEvidence, knownCustomTypes);
  const levels = new LevelCache(customTypes);
  const maintenanceLevels = new LevelCache(customTypes, 'scheduled');
  return {
    name,
    subdomain,
    url: optStr(page.url, 'status_page.url'),
    timeZone: optStr(page.time_zone, 'status_page.time_zone'),
    currentType,
    level: toBaseLevel(currentType, statusType === undefined ? { customTypes } : { customTypes, currentStatusType: statusType }),
    hasStatusType: statusType !== undefined,
    services: readList(root.services, 'services', (item) => readService(item, levels)),
    incidents: readList(root.incidents, 'incidents', (item) => readIncident(item, levels)),
    maintenances: readList(maintenancesRaw, 'maintenances', (item) => readIncident(item, maintenanceLevels)),
    upcomingMaintenances: readList(upcomingRaw, 'upcoming_maintenances', (item) => readIncident(item, maintenanceLevels)),
    infoNotices: root.info_notices === undefined || root.info_notices === null ? [] : readList(root.info_notices, 'info_notices', readNotice),
    customTypes,
  };
}

import { tryParseApiDateTime } from './datetime';
import { learnCustomTypes, toBaseLevel, type BaseLevel, type CustomTypeLevels } from './levels';
import type { Incident, IncidentUpdate } from './schemas/incident';
import type { InfoNotice, InfoNoticeUpdate } from './schemas/info-notice';
import type { ServiceNode } from './schemas/service';
import type { PageSummary, ServiceSummary } from './schemas/summary';

/*
 * Accessors over the wire objects: UTC dates and base levels. Kept apart from the wire schemas
 * so those stay lossless (parse → serialise round-trips).
 */

interface NormalizedUpdate {
  id: number;
  /** Open string; `resolved` closes an incident. Null for information notice updates without one. */
  type: string | null;
  description: string;
  postedAt: Date | null;
  insertedAt: Date | null;
  updatedAt: Date | null;
}

interface NormalizedIncident {
  id: number;
  /** The type as the page names it (may be custom): show this text. */
  type: string;
  /** Drive colour and severity from this. */
  level: BaseLevel;
  title: string;
  url: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
  serviceIds: number[];
  updates: NormalizedUpdate[];
  updatedAt: Date | null;
}

interface NormalizedInfoNotice {
  id: number;
  title: string;
  url: string | null;
  serviceIds: number[];
  featuredFrom: Date | null;
  featuredUntil: Date | null;
  updates: NormalizedUpdate[];
  updatedAt: Date | null;
}

export interface NormalizedService {
  /** Null only for malformed nodes (the API's own example has an empty child). */
  id: number | null;
  name: string;
  currentType: string | null;
  level: BaseLevel;
  children: NormalizedService[];
}

interface NormalizedLists {
  /** Whether the server said which base level applies (older pages do not). */
  hasStatusType: boolean;
  incidents: NormalizedIncident[];
  maintenances: NormalizedIncident[];
  upcomingMaintenances: NormalizedIncident[];
  infoNotices: NormalizedInfoNotice[];
  /** Custom types with their base level, to keep for the next poll of the same page. */
  customTypes: Record<string, BaseLevel>;
}

interface NormalizedPageSummary extends NormalizedLists {
  name: string;
  subdomain: string;
  url: string | null;
  timeZone: string | null;
  currentType: string | null;
  level: BaseLevel;
  services: NormalizedService[];
}

interface NormalizedServiceSummary extends NormalizedLists {
  service: NormalizedService;
  level: BaseLevel;
}

function normalizeUpdate(update: IncidentUpdate | InfoNoticeUpdate): NormalizedUpdate {
  return {
    id: update.id,
    type: update.type ?? null,
    description: update.description ?? '',
    postedAt: tryParseApiDateTime(update.posted_at),
    insertedAt: tryParseApiDateTime(update.inserted_at),
    updatedAt: tryParseApiDateTime(update.updated_at),
  };
}

/** `fallback`: level of an unexplained custom type (`scheduled` for items of a maintenance list). */
function normalizeIncident(incident: Incident, customTypes: CustomTypeLevels = {}, fallback?: BaseLevel): NormalizedIncident {
  return {
    id: incident.id,
    type: incident.type,
    level: toBaseLevel(incident.type, { customTypes, ...(fallback ? { fallback } : {}) }),
    title: incident.title,
    url: incident.url ?? null,
    startsAt: tryParseApiDateTime(incident.starts_at),
    endsAt: tryParseApiDateTime(incident.ends_at),
    serviceIds: incident.service_ids ?? [],
    updates: (incident.updates ?? []).map(normalizeUpdate),
    updatedAt: tryParseApiDateTime(incident.updated_at),
  };
}

function normalizeInfoNotice(notice: InfoNotice): NormalizedInfoNotice {
  return {
    id: notice.id,
    title: notice.title,
    url: notice.url ?? null,
    serviceIds: notice.service_ids ?? [],
    featuredFrom: tryParseApiDateTime(notice.featured_from),
    featuredUntil: tryParseApiDateTime(notice.featured_until),
    updates: (notice.updates ?? []).map(normalizeUpdate),
    updatedAt: tryParseApiDateTime(notice.updated_at),
  };
}

function normalizeService(node: ServiceNode, customTypes: CustomTypeLevels = {}): NormalizedService {
  const currentType = node.current_incident_type ?? null;
  return {
    id: node.id ?? null,
    name: node.name ?? '',
    currentType,
    level: toBaseLevel(currentType, { customTypes }),
    children: (node.children ?? []).map((child) => normalizeService(child, customTypes)),
  };
}

function normalizeLists(summary: PageSummary | ServiceSummary, customTypes: Record<string, BaseLevel>): NormalizedLists {
  return {
    hasStatusType: summary.current_status_type !== undefined,
    incidents: summary.incidents.map((i) => normalizeIncident(i, customTypes)),
    maintenances: summary.maintenances.map((i) => normalizeIncident(i, customTypes, 'scheduled')),
    upcomingMaintenances: summary.upcoming_maintenances.map((i) => normalizeIncident(i, customTypes, 'scheduled')),
    infoNotices: (summary.info_notices ?? []).map(normalizeInfoNotice),
    customTypes,
  };
}

/** `knownCustomTypes`: what earlier polls of this page taught; merged with what this one says. */
export function normalizePageSummary(summary: PageSummary, knownCustomTypes: CustomTypeLevels = {}): NormalizedPageSummary {
  const customTypes = learnCustomTypes(summary, knownCustomTypes);
  const page = summary.status_page;
  const currentType = page.current_incident_type ?? null;
  return {
    name: page.name,
    subdomain: page.subdomain,
    url: page.url ?? null,
    timeZone: page.time_zone ?? null,
    currentType,
    level: toBaseLevel(currentType, { customTypes, currentStatusType: summary.current_status_type }),
    services: summary.services.map((s) => normalizeService(s, customTypes)),
    ...normalizeLists(summary, customTypes),
  };
}

export function normalizeServiceSummary(summary: ServiceSummary, knownCustomTypes: CustomTypeLevels = {}): NormalizedServiceSummary {
  const customTypes = learnCustomTypes(summary, knownCustomTypes);
  const service = normalizeService(summary.service, customTypes);
  return {
    service,
    level: toBaseLevel(service.currentType, { customTypes, currentStatusType: summary.current_status_type }),
    ...normalizeLists(summary, customTypes),
  };
}

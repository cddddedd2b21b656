import type { BaseLevel } from '../../statuspal/levels';
import { worstLevel } from '../../statuspal/levels';
import type { IncidentSnapshot, PageSnapshot, ServiceSnapshot, UpdateSnapshot } from '../snapshot';
import { ProviderNotUnderstoodError, type FormatName } from './not-understood';
import { providerNumericId, providerSlug } from './provider-id';
import {
  componentLevel,
  impactLevel,
  isKnownComponentStatus,
  isKnownImpact,
  maintenancePhase,
  unknownWord,
  UNKNOWN_PROVIDER_LEVEL,
  worseOf,
} from './provider-levels';
import { providerSummarySchema, type ProviderComponent, type ProviderIncident, type ProviderSummary } from './provider-summary';

/*
 * A provider's summary.json → the monitor's PageSnapshot, so the same diff, events, tray,
 * notifications, mutes and follows apply. What goes where:
 * - components → services; a group (`group: true`) is a parent, components naming it in
 *   `group_id` its children (a group_id naming no group: top level); `currentType` is the raw
 *   status when not operational (shown as the provider words it);
 * - incidents → incidents: `type` is the impact, the level from provider-levels.ts; the updates'
 *   `status` is the update type (resolved / postmortem close the incident);
 * - scheduled_maintenances: `scheduled` / `maintenance_scheduled` → upcoming, `in_progress` /
 *   `verifying` / `maintenance_in_progress` → active, `completed` / `maintenance_complete` are over and
 *   left out (the diff then reports it ended); an unknown status is placed by its window (a maintenance
 *   next month is upcoming, whatever its word);
 * - the page level is status.indicator; without one, the worst of the incidents and components;
 * - an unknown word (component status, impact, indicator) is shown as "unknown (<word>)", at least
 *   minor and never better than the page's indicator says (provider-levels.ts).
 * A document with neither a status nor a components list is not this format: not understood.
 * No info notices and no custom types in this format.
 */

/** How "not understood" names the two formats of this document (their records, formats/, carry the same). */
export const STATUSPAGE = { id: 'statuspage', notUnderstoodAs: 'a Statuspage page' } as const satisfies FormatName;
export const INCIDENTIO = { id: 'incidentio', notUnderstoodAs: 'an incident.io page' } as const satisfies FormatName;
const SUMMARY_FORMATS = { statuspage: STATUSPAGE, incidentio: INCIDENTIO } as const;

interface ProviderReadOptions {
  /** Which vocabulary the page was watched as (the words of both are read either way). */
  format?: 'statuspage' | 'incidentio';
  /** The clock that places maintenances of an unknown status; default Date.now(). */
  now?: number;
}

function isoOrNull(value: string | null | undefined): string | null {
  if (!value) return null;
  const epoch = Date.parse(value);
  return Number.isFinite(epoch) ? new Date(epoch).toISOString() : null;
}

function readUpdates(incident: ProviderIncident): { ids: number[]; latest: UpdateSnapshot | null } {
  const updates = incident.incident_updates ?? [];
  const ids = updates.map((u) => providerNumericId('update', u.id));
  let latest: UpdateSnapshot | null = null;
  let latestAt = -Infinity;
  updates.forEach((update, i) => {
    const postedAt = isoOrNull(update.display_at) ?? isoOrNull(update.created_at);
    const at = postedAt === null ? -Infinity : Date.parse(postedAt);
    if (latest === null || at > latestAt) {
      latest = { id: ids[i]!, type: update.status ?? null, description: update.body ?? '', postedAt };
      latestAt = at;
    }
  });
  return { ids, latest };
}

const CLOSED_INCIDENT = new Set(['resolved', 'postmortem', 'completed']);

function incidentUrl(incident: ProviderIncident, pageUrl: string | null): string | null {
  if (incident.shortlink) return incident.shortlink;
  return pageUrl ? `${pageUrl.replace(/\/+$/, '')}/incidents/${encodeURIComponent(incident.id)}` : null;
}

function readIncident(incident: ProviderIncident, pageUrl: string | null, maintenance: boolean, floor: BaseLevel): IncidentSnapshot {
  const { ids, latest } = readUpdates(incident);
  const impact = incident.impact ?? (maintenance ? 'maintenance' : null);
  return {
    id: providerNumericId('incident', incident.id),
    type: impact === null ? 'incident' : isKnownImpact(impact) ? impact : unknownWord(impact),
    level: maintenance ? 'scheduled' : impactLevel(impact, UNKNOWN_PROVIDER_LEVEL, floor),
    title: incident.name ?? '(untitled)',
    url: incidentUrl(incident, pageUrl),
    startsAt: maintenance
      ? (isoOrNull(incident.scheduled_for) ?? isoOrNull(incident.started_at))
      : (isoOrNull(incident.started_at) ?? isoOrNull(incident.created_at)),
    endsAt: maintenance ? isoOrNull(incident.scheduled_until) : isoOrNull(incident.resolved_at),
    serviceIds: (incident.components ?? []).map((c) => providerNumericId('component', c.id)),
    updateIds: ids,
    latestUpdate: latest,
    resolved: CLOSED_INCIDENT.has(incident.status ?? '') || CLOSED_INCIDENT.has((latest as UpdateSnapshot | null)?.type ?? ''),
  };
}

function serviceOf(component: ProviderComponent, children: ServiceSnapshot[], floor: BaseLevel): ServiceSnapshot {
  const status = component.status ?? null;
  const level = componentLevel(status, floor);
  return {
    id: providerNumericId('component', component.id),
    name: component.name ?? '',
    currentType: level === 'operational' || status === null ? null : isKnownComponentStatus(status) ? status : unknownWord(status),
    level,
    children,
  };
}

function readServices(components: readonly ProviderComponent[], floor: BaseLevel): ServiceSnapshot[] {
  const sorted = components
    .map((component, index) => ({ component, index }))
    .sort((a, b) => (a.component.position ?? Infinity) - (b.component.position ?? Infinity) || a.index - b.index)
    .map((entry) => entry.component);
  const groups = new Set(sorted.filter((c) => c.group === true).map((c) => c.id));
  const childrenOf = new Map<string, ProviderComponent[]>();
  for (const component of sorted) {
    if (component.group === true || !component.group_id || !groups.has(component.group_id)) continue;
    const list = childrenOf.get(component.group_id) ?? [];
    list.push(component);
    childrenOf.set(component.group_id, list);
  }
  const out: ServiceSnapshot[] = [];
  for (const component of sorted) {
    if (component.group !== true && component.group_id && groups.has(component.group_id)) continue;
    out.push(
      serviceOf(
        component,
        (childrenOf.get(component.id) ?? []).map((child) => serviceOf(child, [], floor)),
        floor,
      ),
    );
  }
  return out;
}

function flatLevels(services: readonly ServiceSnapshot[]): BaseLevel[] {
  return services.flatMap((s) => [s.level, ...flatLevels(s.children)]);
}

/** The zod result, or "not understood" naming the first bad field. */
function parseProviderSummary(json: unknown, format: 'statuspage' | 'incidentio' = 'statuspage'): ProviderSummary {
  const result = providerSummarySchema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const path = issue.path
      .map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))
      .join('.')
      .replace(/\.\[/g, '[');
    throw new ProviderNotUnderstoodError(SUMMARY_FORMATS[format], `${path === '' ? 'summary' : path}: ${issue.message}`);
  }
  // Another format's document (Instatus' summary.json has a `page` too) must not read as "all operational".
  if (!result.data.status?.indicator && !Array.isArray(result.data.components))
    throw new ProviderNotUnderstoodError(SUMMARY_FORMATS[format], 'it has neither status.indicator nor a components list');
  return result.data;
}

/**
 * `json`: the parsed body of `<pageUrl>/api/v2/summary.json`. `pageUrl`: the URL the user gave
 * (the subdomain key and the fallback name and link).
 */
export function readProviderSnapshot(json: unknown, pageUrl: string, options: ProviderReadOptions = {}): PageSnapshot {
  const summary = parseProviderSummary(json, options.format);
  const now = options.now ?? Date.now();
  const page = summary.page;
  const url = page.url ?? pageUrl;
  const indicator = summary.status?.indicator ?? null;
  // The page's own word is the floor of anything it says in words we do not know.
  const floor = indicator === null ? 'operational' : impactLevel(indicator);
  const services = readServices(summary.components ?? [], floor);
  const incidents = (summary.incidents ?? []).map((i) => readIncident(i, url, false, floor));
  const maintenances: IncidentSnapshot[] = [];
  const upcoming: IncidentSnapshot[] = [];
  for (const item of summary.scheduled_maintenances ?? []) {
    const read = readIncident(item, url, true, floor);
    const phase = maintenancePhase(item.status, { startsAt: read.startsAt, endsAt: read.endsAt }, now);
    if (phase === 'upcoming') upcoming.push(read);
    else if (phase === 'active') maintenances.push(read);
  }
  const derived = worstLevel([
    ...incidents.filter((i) => !i.resolved).map((i) => i.level),
    ...flatLevels(services),
    ...(maintenances.length > 0 ? ['scheduled' as const] : []),
  ]);
  const known = indicator === null || isKnownImpact(indicator);
  const level = indicator === null ? derived : known ? impactLevel(indicator) : worseOf(derived, UNKNOWN_PROVIDER_LEVEL);
  return {
    name: page.name ?? new URL(pageUrl).host,
    subdomain: providerSlug(pageUrl),
    url,
    timeZone: page.time_zone ?? null,
    currentType: level === 'operational' ? null : known ? (indicator ?? level) : unknownWord(indicator),
    level,
    hasStatusType: indicator !== null && known,
    services,
    incidents,
    maintenances,
    upcomingMaintenances: upcoming,
    infoNotices: [],
    customTypes: {},
  };
}

import type { BaseLevel } from '../../statuspage/levels';
import { worstLevel } from '../../statuspage/levels';
import { SummaryShapeError } from '../read-snapshot';
import type { IncidentSnapshot, PageSnapshot, ServiceSnapshot, UpdateSnapshot } from '../snapshot';
import { providerNumericId, providerSlug } from './provider-id';
import { componentLevel, impactLevel } from './provider-levels';
import { providerSummarySchema, type ProviderComponent, type ProviderIncident, type ProviderSummary } from './provider-summary';

/*
 * A provider's summary.json → the monitor's PageSnapshot, so the same diff, events, tray,
 * notifications, mutes and follows apply. What goes where:
 * - components → services; a group (`group: true`) is a parent, components naming it in
 *   `group_id` its children (a group_id naming no group: top level); `currentType` is the raw
 *   status when not operational (shown as the provider words it);
 * - incidents → incidents: `type` is the impact, the level from provider-levels.ts; the updates'
 *   `status` is the update type (resolved / postmortem close the incident);
 * - scheduled_maintenances: `scheduled` → upcoming, `in_progress` / `verifying` → active,
 *   `completed` is over and left out (the diff then reports it ended);
 * - the page level is status.indicator; without one, the worst of the incidents and components.
 * No info notices and no custom types in this format.
 */

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

function readIncident(incident: ProviderIncident, pageUrl: string | null, maintenance: boolean): IncidentSnapshot {
  const { ids, latest } = readUpdates(incident);
  const impact = incident.impact ?? (maintenance ? 'maintenance' : null);
  return {
    id: providerNumericId('incident', incident.id),
    type: impact ?? 'incident',
    level: maintenance ? 'scheduled' : impactLevel(impact),
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

function serviceOf(component: ProviderComponent, children: ServiceSnapshot[]): ServiceSnapshot {
  const status = component.status ?? null;
  const level = componentLevel(status);
  return {
    id: providerNumericId('component', component.id),
    name: component.name ?? '',
    currentType: level === 'operational' ? null : status,
    level,
    children,
  };
}

function readServices(components: readonly ProviderComponent[]): ServiceSnapshot[] {
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
        (childrenOf.get(component.id) ?? []).map((child) => serviceOf(child, [])),
      ),
    );
  }
  return out;
}

function flatLevels(services: readonly ServiceSnapshot[]): BaseLevel[] {
  return services.flatMap((s) => [s.level, ...flatLevels(s.children)]);
}

/** The zod result, or a SummaryShapeError naming the first bad field (as the monitor reports it). */
export function parseProviderSummary(json: unknown): ProviderSummary {
  const result = providerSummarySchema.safeParse(json);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.path
    .map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))
    .join('.')
    .replace(/\.\[/g, '[');
  throw new SummaryShapeError(path === '' ? 'summary' : path, issue.message);
}

/**
 * `json`: the parsed body of `<pageUrl>/api/v2/summary.json`. `pageUrl`: the URL the user gave
 * (the subdomain key and the fallback name and link).
 */
export function readProviderSnapshot(json: unknown, pageUrl: string): PageSnapshot {
  const summary = parseProviderSummary(json);
  const page = summary.page;
  const url = page.url ?? pageUrl;
  const services = readServices(summary.components ?? []);
  const incidents = (summary.incidents ?? []).map((i) => readIncident(i, url, false));
  const maintenances: IncidentSnapshot[] = [];
  const upcoming: IncidentSnapshot[] = [];
  for (const item of summary.scheduled_maintenances ?? []) {
    const status = item.status ?? 'scheduled';
    if (status === 'completed') continue;
    (status === 'scheduled' ? upcoming : maintenances).push(readIncident(item, url, true));
  }
  const indicator = summary.status?.indicator ?? null;
  const derived = worstLevel([
    ...incidents.filter((i) => !i.resolved).map((i) => i.level),
    ...flatLevels(services),
    ...(maintenances.length > 0 ? ['scheduled' as const] : []),
  ]);
  const level = indicator === null ? derived : impactLevel(indicator);
  return {
    name: page.name ?? new URL(pageUrl).host,
    subdomain: providerSlug(pageUrl),
    url,
    timeZone: page.time_zone ?? null,
    currentType: level === 'operational' ? null : (indicator ?? level),
    level,
    hasStatusType: indicator !== null,
    services,
    incidents,
    maintenances,
    upcomingMaintenances: upcoming,
    infoNotices: [],
    customTypes: {},
  };
}

import type { IncidentRef, MonitorEvent } from './events';
import type { NotificationIntent } from './notification-intent';
import { notificationsPausedAt, type NotificationPrefs } from './notification-prefs';
import { capitalize, incidentTypeLabel, oneLine, shortUtc } from './notification-text';
import { SEVERITY_RANK, isAtLeast, severityOfLevel, worseSeverity, type Severity } from './severity';
import { levelInSentence } from '../people-words/level-words';
import type { WatchedPage } from './watched-page';
import type { BaseLevel } from '../statuspal/levels';

/*
 * Which events of one poll of one page deserve a native notification, coalesced into one.
 *
 * - Nothing while notifications are disabled or paused.
 * - Catch-up events (found by the first good poll after a stale period) never notify: that
 *   state already existed. The first poll after start produces no diff events at all.
 * - page.recovered notifies, at low priority, only when the level found differs from the level
 *   before the stale period (you were away, and the page changed); never for a network blip.
 * - page.stale never notifies: it is about our connection, shown in the tray instead.
 * - A followed incident notifies on every event about it, even when the page or its services
 *   are muted or it is below the minimum severity.
 * - Otherwise: a muted page, or an item whose services are all muted (a parent's mute covers its
 *   children), stays silent; the minimum severity applies (operational < maintenance < minor <
 *   major). Incident updates notify only when they escalate the type; follow an incident to get
 *   every update, or set the page to tell every update of its incidents (`notifyUpdates`). Maintenances notify at low priority, notices only at minimum `operational`.
 * - Service level changes explain the incidents of the same poll (one "N services changed level"
 *   line); alone they are the news. A parent whose change only muted children explain is muted.
 * - A page level change that only muted items explain stays silent too.
 */

export interface NotificationPolicyInput {
  page: Pick<WatchedPage, 'id' | 'muted' | 'mutedServiceIds' | 'followedIncidentIds'> & { name?: string; notifyUpdates?: boolean };
  /** The events of one poll of this page. */
  events: readonly MonitorEvent[];
  prefs: NotificationPrefs;
  nowMs: number;
  /** Parents of each service (serviceAncestorIndex of the latest snapshot). */
  serviceAncestors?: ReadonlyMap<number, readonly number[]>;
  /** A time as the user reads it (surfaceTimeFormatter); default `YYYY-MM-DD HH:MM UTC`. */
  formatTime?: (epochMs: number) => string;
}

interface Candidate {
  event: MonitorEvent;
  severity: Severity;
  priority: 'normal' | 'low';
  /** Short text for the title. */
  headline: string;
  /** The same as a body line under another headline. */
  line: string;
  /** Longer text when this candidate is the only one. */
  detail: string | null;
  incidentId: number | undefined;
  /** It tells that something wrong is over: a resolution, an end, a level back up. */
  ends: boolean;
}

/** Headline order among equally severe candidates: news first, explanations last. */
const TYPE_ORDER: Record<MonitorEvent['type'], number> = {
  'incident.opened': 0,
  'incident.resolved': 1,
  'incident.updated': 2,
  'maintenance.started': 3,
  'page.level_changed': 4,
  'maintenance.ended': 5,
  'maintenance.scheduled': 6,
  'notice.posted': 7,
  'page.recovered': 8,
  'service.level_changed': 9,
  'notice.removed': 10,
  'page.stale': 11,
};

const MAX_BODY_LINES = 4;

function depth(event: MonitorEvent): number {
  return event.type === 'service.level_changed' ? event.service.ancestors.length : 0;
}

function updateText(incident: IncidentRef): string | null {
  const text = incident.latestUpdate?.description;
  return text ? oneLine(text, 200) : null;
}

function pageLevelHeadline(to: MonitorEvent & { type: 'page.level_changed' }): string {
  return to.to === 'operational' ? 'All systems operational' : capitalize(levelInSentence(to.to));
}

/** A level that got better: from an outage or a degradation towards operational. */
function better(from: BaseLevel, to: BaseLevel): boolean {
  return SEVERITY_RANK[severityOfLevel(to)] < SEVERITY_RANK[severityOfLevel(from)];
}

export function decideNotification(input: NotificationPolicyInput): NotificationIntent | null {
  const { page, events, prefs } = input;
  if (!prefs.enabled || notificationsPausedAt(prefs, input.nowMs) || events.length === 0) return null;
  const min = prefs.minSeverity;
  // Settings written before the toggle existed have it on, as new ones do.
  const maintenanceStartEnd = prefs.maintenanceStartEnd ?? true;
  const followed = new Set(page.followedIncidentIds);
  const startsAt = (iso: string | null): string => {
    const at = iso === null ? Number.NaN : Date.parse(iso);
    return input.formatTime && !Number.isNaN(at) ? input.formatTime(at) : shortUtc(iso);
  };
  const mutedServices = new Set(page.mutedServiceIds);

  const serviceMuted = (id: number, ancestors?: readonly number[]): boolean => {
    if (mutedServices.has(id)) return true;
    for (const parent of ancestors ?? input.serviceAncestors?.get(id) ?? []) if (mutedServices.has(parent)) return true;
    return false;
  };
  // Items with no service are page-wide: only the page mute silences them.
  const allServicesMuted = (ids: readonly number[]): boolean => mutedServices.size > 0 && ids.length > 0 && ids.every((id) => serviceMuted(id));

  const candidates: Candidate[] = [];
  let mutedCauses = 0;
  let audibleCauses = 0;
  let pageLevelEvent: (MonitorEvent & { type: 'page.level_changed' }) | null = null;

  for (const event of events) {
    if (event.type === 'page.stale' || event.type === 'notice.removed') continue;
    if (event.type === 'page.recovered') {
      const prev = event.previousLevel;
      if (page.muted || prev === null || prev === event.level) continue;
      const severity = worseSeverity(severityOfLevel(prev), severityOfLevel(event.level));
      if (!isAtLeast(severity, min)) continue;
      candidates.push({
        event,
        severity,
        priority: 'low',
        headline: `Reachable again: ${levelInSentence(event.level)}`,
        line: `Reachable again: ${levelInSentence(event.level)}`,
        detail: `Now ${levelInSentence(event.level)}; it was ${levelInSentence(prev)} before the page could not be checked.`,
        incidentId: undefined,
        ends: better(prev, event.level),
      });
      continue;
    }
    if (event.catchUp) continue;
    if (event.type === 'page.level_changed') {
      pageLevelEvent = event; // decided below, once the causes are known
      continue;
    }
    if (event.type === 'service.level_changed') continue; // decided below, once incidents are known
    if (event.type === 'notice.posted') {
      if (min !== 'operational' || page.muted || allServicesMuted(event.notice.serviceIds)) continue;
      candidates.push({
        event,
        severity: 'operational',
        priority: 'low',
        headline: `Notice: ${oneLine(event.notice.title, 100)}`,
        line: `Notice: ${oneLine(event.notice.title, 100)}`,
        detail: event.notice.latestUpdate?.description ? oneLine(event.notice.latestUpdate.description, 200) : null,
        incidentId: undefined,
        ends: false,
      });
      continue;
    }

    // Incident and maintenance events.
    const incident = event.incident;
    const isFollowed = followed.has(incident.id);
    const muted = page.muted || allServicesMuted(incident.serviceIds);
    if (!isFollowed) {
      if (muted) mutedCauses++;
      else audibleCauses++;
      if (muted) continue;
    } else {
      audibleCauses++;
    }
    const severity = severityOfLevel(incident.level);
    const title = oneLine(incident.title, 100);
    let headline: string;
    let priority: 'normal' | 'low' = incident.kind === 'maintenance' ? 'low' : 'normal';
    switch (event.type) {
      case 'incident.opened':
        if (!isFollowed && !isAtLeast(severity, min)) continue;
        headline = `${incidentTypeLabel(incident)}: ${title}`;
        break;
      case 'incident.updated': {
        const escalated = event.changes.includes('type') && SEVERITY_RANK[severity] > SEVERITY_RANK[severityOfLevel(event.previous.level)];
        // A page set to tell every update: each one at or above the minimum, as escalations are.
        const told = escalated || page.notifyUpdates === true;
        if (!isFollowed && !(told && isAtLeast(severity, min))) continue;
        headline = escalated ? `Now ${incidentTypeLabel(incident)}: ${title}` : `Update: ${title}`;
        if (escalated) priority = 'normal';
        break;
      }
      case 'incident.resolved':
        if (!isFollowed && !isAtLeast(severity, min)) continue;
        headline = event.reason === 'became_maintenance' ? `Now a maintenance: ${title}` : `Resolved: ${title}`;
        break;
      case 'maintenance.scheduled':
        if (!isFollowed && !isAtLeast(severity, min)) continue;
        headline = `Maintenance scheduled: ${title}`;
        break;
      case 'maintenance.started':
        if (!isFollowed && !maintenanceStartEnd && !isAtLeast(severity, min)) continue;
        headline = `Maintenance started: ${title}`;
        break;
      case 'maintenance.ended':
        if (!isFollowed && !maintenanceStartEnd && !isAtLeast(severity, min)) continue;
        headline = event.reason === 'cancelled' ? `Maintenance cancelled: ${title}` : `Maintenance ended: ${title}`;
        break;
      default:
        continue;
    }
    const when = event.type === 'maintenance.scheduled' ? `Starts ${startsAt(incident.startsAt)}.` : null;
    // A resolution quotes the resolution's words, never the update before it ("we are monitoring" reads as open):
    // a page that drops a resolved incident from its summary without them is said to no longer list it.
    const text =
      event.type === 'incident.resolved' && event.reason !== 'became_maintenance' && incident.latestUpdate?.type !== 'resolved'
        ? 'No longer listed as open on the page.'
        : updateText(incident);
    candidates.push({
      event,
      severity,
      priority,
      headline,
      line: headline,
      detail: when && text ? `${when} ${text}` : (when ?? text),
      incidentId: incident.id,
      ends: (event.type === 'incident.resolved' && event.reason !== 'became_maintenance') || event.type === 'maintenance.ended',
    });
  }

  // Service levels explain incidents; alone (no incident in this poll) they are the news.
  const serviceEvents = events.filter((e): e is MonitorEvent & { type: 'service.level_changed' } => e.type === 'service.level_changed' && !e.catchUp);
  const directlyMuted = new Map<number, boolean>();
  for (const e of serviceEvents)
    directlyMuted.set(
      e.service.id,
      page.muted ||
        serviceMuted(
          e.service.id,
          e.service.ancestors.map((a) => a.id),
        ),
    );
  // A parent's level is the worst of its children: when only muted children changed under it, it is muted too.
  const effectivelyMuted = (e: MonitorEvent & { type: 'service.level_changed' }): boolean => {
    if (directlyMuted.get(e.service.id)) return true;
    const below = serviceEvents.filter((d) => d.service.ancestors.some((a) => a.id === e.service.id));
    return below.length > 0 && below.every((d) => directlyMuted.get(d.service.id) === true);
  };
  const servicesAreCauses = mutedCauses + audibleCauses === 0;
  for (const event of serviceEvents) {
    if (effectivelyMuted(event)) {
      if (servicesAreCauses) mutedCauses++;
      continue;
    }
    if (servicesAreCauses) audibleCauses++;
    const severity = worseSeverity(severityOfLevel(event.from), severityOfLevel(event.to));
    if (!isAtLeast(severity, min)) continue;
    const path = [...event.service.ancestors.map((a) => a.name), event.service.name].join(' › ');
    candidates.push({
      event,
      severity,
      priority: event.to === 'scheduled' || event.from === 'scheduled' ? 'low' : 'normal',
      headline: `${path}: ${levelInSentence(event.to)}`,
      line: `${path}: ${levelInSentence(event.to)}`,
      detail: `${path} is now ${levelInSentence(event.to)} (was ${levelInSentence(event.from)}).`,
      incidentId: undefined,
      ends: better(event.from, event.to),
    });
  }

  if (pageLevelEvent && !page.muted && !(mutedCauses > 0 && audibleCauses === 0)) {
    const severity = worseSeverity(severityOfLevel(pageLevelEvent.from), severityOfLevel(pageLevelEvent.to));
    if (isAtLeast(severity, min)) {
      candidates.push({
        event: pageLevelEvent,
        severity,
        priority: pageLevelEvent.to === 'scheduled' || (pageLevelEvent.from === 'scheduled' && pageLevelEvent.to === 'operational') ? 'low' : 'normal',
        headline: pageLevelHeadline(pageLevelEvent),
        line: `Page status: ${levelInSentence(pageLevelEvent.to)} (was ${levelInSentence(pageLevelEvent.from)})`,
        detail: `Now ${levelInSentence(pageLevelEvent.to)} (was ${levelInSentence(pageLevelEvent.from)}).`,
        incidentId: undefined,
        ends: better(pageLevelEvent.from, pageLevelEvent.to),
      });
    }
  }

  if (candidates.length === 0) return null;
  candidates.sort(
    (a, b) =>
      SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] ||
      TYPE_ORDER[a.event.type] - TYPE_ORDER[b.event.type] ||
      Number(a.priority === 'low') - Number(b.priority === 'low') ||
      depth(b.event) - depth(a.event), // the specific service (API) says more than its parent (Web)
  );
  const top = candidates[0]!;
  const pageName = input.page.name ?? events[0]!.page.name;
  const rest = candidates.slice(1);
  const lines: string[] = [];
  if (top.detail) lines.push(top.detail);
  // Service changes explain the rest; one line for all of them.
  const services = rest.filter((c) => c.event.type === 'service.level_changed');
  for (const c of rest) if (c.event.type !== 'service.level_changed') lines.push(c.line);
  if (services.length === 1) lines.push(services[0]!.line);
  else if (services.length > 1) lines.push(`${services.length} services changed level`);
  const shown = lines.slice(0, MAX_BODY_LINES);
  if (lines.length > MAX_BODY_LINES) shown.push(`and ${lines.length - MAX_BODY_LINES} more`);

  const severity = candidates.reduce<Severity>((worst, c) => worseSeverity(worst, c.severity), 'operational');
  const incidentId = candidates.find((c) => c.incidentId !== undefined)?.incidentId;
  return {
    pageId: page.id,
    title: `${pageName}: ${top.headline}`,
    body: shown.join('\n'),
    severity,
    priority: candidates.some((c) => c.priority === 'normal') ? 'normal' : 'low',
    target: incidentId === undefined ? { pageId: page.id } : { pageId: page.id, incidentId },
    eventIds: candidates.map((c) => c.event.id),
    ...(candidates.every((c) => c.ends) ? { ends: true } : {}),
  };
}

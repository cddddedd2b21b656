import type { AlertChange, AlertMessage } from '@shared/alerts/alert-message';
import type { IncidentRef, MonitorEvent, MonitorEventOf } from '@shared/monitor/events';
import { capitalize, incidentTypeLabel, oneLine, shortUtc } from '@shared/monitor/notification-text';
import { indexServices, type IndexedService } from '@shared/monitor/refs';
import { SEVERITY_RANK, severityOfLevel, worseSeverity, type Severity } from '@shared/monitor/severity';
import { levelInSentence } from '@shared/people-words/level-words';
import { incidentKeyOf, messageKeyOf } from './alert-keys';
import type { PagePoll } from './page-poll';

/*
 * One poll of one page → the changes the team is told of, in the words the desktop notifications use
 * (shared/monitor/notification-policy.ts, notification-text.ts, people-words/level-words.ts).
 *
 * - Catch-up events happened while the page could not be checked: history, not news. A stale page is our
 *   connection, not the page; its recovery is not sent either.
 * - An incident, maintenance or notice is one change each. Service and page level changes explain the
 *   incidents of the same poll and are folded into them; alone, they are one "level" change for the poll.
 * - A page leaving a major level is always told, so a trigger made by its level meets its resolve.
 * - action: trigger when a page goes to a major level or a major incident opens (or escalates to major);
 *   resolve when an incident is over or the page leaves a major level; info otherwise. Every watched page
 *   is our own page or a provider the team follows, so both kinds trigger.
 */

/** A change with what routing needs beside the message: keys, action, the services for the rules' filter. */
export interface RoutedChange {
  change: AlertChange;
  key: string;
  incidentKey: string;
  action: AlertMessage['action'];
  /** Ids of the services it touches, their parents included (a rule on "Web" covers "Web › API"). */
  serviceIds: number[];
  /**
   * A page leaving major in the poll whose major incident's resolution explains it: that resolution already
   * says so to a channel, so only a receiver acting by dedup_key (PagerDuty) is sent it, to close a trigger
   * the page's level may have made on its own (a resolve of nothing open is dropped there).
   */
  onlyForDedup?: boolean;
}

type LevelEvent = MonitorEventOf<'page.level_changed'> | MonitorEventOf<'service.level_changed'>;
type SubjectEvent = Exclude<MonitorEvent, LevelEvent | MonitorEventOf<'page.stale'> | MonitorEventOf<'page.recovered'>>;

interface PollContext {
  pageId: string;
  pageName: string;
  pageUrl: string | null;
  services: Map<number, IndexedService>;
}

const isLevelEvent = (event: MonitorEvent): event is LevelEvent => event.type === 'page.level_changed' || event.type === 'service.level_changed';

export function changesOfPoll(poll: PagePoll): RoutedChange[] {
  const context: PollContext = {
    pageId: poll.page.id,
    pageName: poll.name,
    pageUrl: pageUrlOf(poll),
    services: indexServices(poll.snapshot?.services ?? []),
  };
  const news = poll.events.filter((event) => !event.catchUp && event.type !== 'page.stale' && event.type !== 'page.recovered');
  const subjects: RoutedChange[] = [];
  for (const event of news) {
    if (isLevelEvent(event) || event.type === 'page.stale' || event.type === 'page.recovered') continue;
    const change = subjectChange(context, event);
    if (change) subjects.push(change);
  }
  const level = levelChange(context, news.filter(isLevelEvent), subjects);
  return level ? [...subjects, level] : subjects;
}

function pageUrlOf(poll: PagePoll): string | null {
  if (poll.page.url) return poll.page.url;
  const url = poll.snapshot?.url;
  if (!url) return null;
  return /^https?:\/\//i.test(url) ? url : `https://${url}`;
}

function servicePath(context: PollContext, id: number): string | null {
  const entry = context.services.get(id);
  return entry ? [...entry.ancestors.map((a) => a.name), entry.node.name].join(' › ') : null;
}

function withAncestors(context: PollContext, ids: readonly number[]): number[] {
  const out = new Set<number>();
  for (const id of ids) {
    out.add(id);
    for (const parent of context.services.get(id)?.ancestors ?? []) out.add(parent.id);
  }
  return [...out];
}

function updateText(incident: Pick<IncidentRef, 'latestUpdate'>): string | null {
  const text = incident.latestUpdate?.description;
  return text ? oneLine(text, 500) : null;
}

function subjectChange(context: PollContext, event: SubjectEvent): RoutedChange | null {
  if (event.type === 'notice.removed') return null;
  if (event.type === 'notice.posted') {
    const notice = event.notice;
    const subject = { kind: 'notice' as const, id: String(notice.id), title: notice.title, url: notice.url };
    return build(context, event, {
      subject,
      phase: 'opened',
      severity: 'operational',
      headline: `Notice: ${oneLine(notice.title, 100)}`,
      text: updateText(notice),
      serviceIds: notice.serviceIds,
      action: 'info',
      version: String(notice.latestUpdate?.id ?? ''),
    });
  }
  const incident = event.incident;
  const subject = { kind: incident.kind, id: String(incident.id), title: incident.title, url: incident.url };
  const severity = severityOfLevel(incident.level);
  const title = oneLine(incident.title, 100);
  const major = severity === 'major';
  const common = { subject, severity, serviceIds: incident.serviceIds, text: updateText(incident) };
  switch (event.type) {
    case 'incident.opened':
      return build(context, event, {
        ...common,
        phase: 'opened',
        headline: `${incidentTypeLabel(incident)}: ${title}`,
        action: major ? 'trigger' : 'info',
        version: String(incident.latestUpdate?.id ?? ''),
      });
    case 'incident.updated': {
      const typeChanged = event.changes.includes('type');
      if (event.newUpdates === 0 && !typeChanged) return null; // a title or schedule edit is not news for the team
      const escalatedToMajor = major && SEVERITY_RANK[severityOfLevel(event.previous.level)] < SEVERITY_RANK.major;
      return build(context, event, {
        ...common,
        phase: 'updated',
        headline: typeChanged ? `Now ${incidentTypeLabel(incident)}: ${title}` : `Update: ${title}`,
        action: escalatedToMajor ? 'trigger' : 'info',
        version: `${incident.latestUpdate?.id ?? incident.latestUpdate?.postedAt ?? ''}|${incident.type}`,
      });
    }
    case 'incident.resolved': {
      const toMaintenance = event.reason === 'became_maintenance';
      // A resolution quotes the resolution's words, never the update before it ("we are monitoring" reads as open).
      const quoted = toMaintenance || incident.latestUpdate?.type === 'resolved';
      return build(context, event, {
        ...common,
        phase: 'resolved',
        headline: toMaintenance ? `Now a maintenance: ${title}` : `Resolved: ${title}`,
        text: quoted ? common.text : 'No longer listed as open on the page.',
        action: 'resolve',
        // Two watchers may read the resolution's words or not: the resolution itself is the change.
        version: '',
      });
    }
    case 'maintenance.scheduled':
      return build(context, event, {
        ...common,
        phase: 'updated',
        headline: `Maintenance scheduled: ${title}`,
        text: [`Starts ${shortUtc(incident.startsAt)}.`, common.text].filter(Boolean).join(' '),
        action: 'info',
        version: `scheduled|${incident.startsAt ?? ''}`,
      });
    case 'maintenance.started':
      return build(context, event, { ...common, phase: 'opened', headline: `Maintenance started: ${title}`, action: 'info', version: 'started' });
    case 'maintenance.ended':
      // Its incident.opened (or its next start) tells the rest.
      if (event.reason === 'became_incident' || event.reason === 'rescheduled') return null;
      return build(context, event, {
        ...common,
        phase: 'resolved',
        headline: event.reason === 'cancelled' ? `Maintenance cancelled: ${title}` : `Maintenance ended: ${title}`,
        action: 'info',
        version: event.reason,
      });
  }
}

interface ChangeParts {
  subject: AlertChange['subject'];
  phase: AlertChange['phase'];
  severity: Severity;
  headline: string;
  text: string | null;
  serviceIds: readonly number[];
  /** Services already in words (level changes); default: the paths of `serviceIds`. */
  serviceNames?: string[];
  action: AlertMessage['action'];
  /** What tells this change from an earlier one of the same subject and phase (the update's id, the level). */
  version: string;
}

function build(context: PollContext, event: MonitorEvent, parts: ChangeParts): RoutedChange {
  const services = parts.serviceNames ?? parts.serviceIds.flatMap((id) => servicePath(context, id) ?? []);
  return {
    change: {
      pageId: context.pageId,
      pageName: context.pageName,
      pageUrl: context.pageUrl,
      subject: parts.subject,
      phase: parts.phase,
      severity: parts.severity,
      headline: parts.headline,
      text: parts.text,
      services,
      at: event.at,
    },
    key: messageKeyOf(context.pageId, parts.subject, parts.phase, parts.version),
    incidentKey: incidentKeyOf(context.pageId, parts.subject),
    action: parts.action,
    serviceIds: withAncestors(context, parts.serviceIds),
  };
}

/** The page's and its services' level changes of the poll as one change, or null when the poll's incidents explain them. */
function levelChange(context: PollContext, events: readonly LevelEvent[], subjects: readonly RoutedChange[]): RoutedChange | null {
  if (events.length === 0) return null;
  const pageEvent = events.find((e): e is MonitorEventOf<'page.level_changed'> => e.type === 'page.level_changed');
  const serviceEvents = events.filter((e): e is MonitorEventOf<'service.level_changed'> => e.type === 'service.level_changed');
  const paths = serviceEvents.map((e) => [...e.service.ancestors.map((a) => a.name), e.service.name].join(' › '));
  const serviceIds = serviceEvents.flatMap((e) => [e.service.id, ...e.service.ancestors.map((a) => a.id)]);
  const severity = events.reduce<Severity>((worst, e) => worseSeverity(worst, worseSeverity(severityOfLevel(e.from), severityOfLevel(e.to))), 'operational');
  const version = [pageEvent ? `${pageEvent.from}>${pageEvent.to}` : '', ...serviceEvents.map((e) => `${e.service.id}:${e.from}>${e.to}`).sort()].join(',');
  const parts = { subject: null, phase: 'level' as const, severity, serviceIds: [...new Set(serviceIds)], serviceNames: paths, version };

  if (!pageEvent) {
    if (subjects.length > 0) return null; // the incidents of the poll are the news
    const only = serviceEvents.length === 1 ? serviceEvents[0]! : null;
    return build(context, serviceEvents[0]!, {
      ...parts,
      headline: only ? `${paths[0]}: ${levelInSentence(only.to)}` : `${serviceEvents.length} services changed level`,
      text: only ? `${paths[0]} is now ${levelInSentence(only.to)} (was ${levelInSentence(only.from)}).` : null,
      action: 'info',
    });
  }
  const toRank = SEVERITY_RANK[severityOfLevel(pageEvent.to)];
  const worse = toRank > SEVERITY_RANK[severityOfLevel(pageEvent.from)];
  const leavesMajor = pageEvent.from === 'major' && pageEvent.to !== 'major';
  const explained = worse ? subjects.some((s) => SEVERITY_RANK[s.change.severity] >= toRank) : subjects.length > 0;
  if (explained && !leavesMajor) return null;
  const level = build(context, pageEvent, {
    ...parts,
    headline: pageEvent.to === 'operational' ? 'All systems operational' : capitalize(levelInSentence(pageEvent.to)),
    text: `Now ${levelInSentence(pageEvent.to)} (was ${levelInSentence(pageEvent.from)}).`,
    action: worse && pageEvent.to === 'major' ? 'trigger' : leavesMajor ? 'resolve' : 'info',
  });
  const resolvedByIncident = leavesMajor && subjects.some((s) => s.change.phase === 'resolved' && s.change.severity === 'major');
  return resolvedByIncident ? { ...level, onlyForDedup: true } : level;
}

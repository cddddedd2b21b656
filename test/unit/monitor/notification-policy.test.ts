import { describe, expect, it } from 'vitest';
import { diffSnapshots } from '../../../shared/monitor/diff';
import type { MonitorEvent } from '../../../shared/monitor/events';
import { notificationIntentSchema } from '../../../shared/monitor/notification-intent';
import { decideNotification, type NotificationPolicyInput } from '../../../shared/monitor/notification-policy';
import { DEFAULT_NOTIFICATION_PREFS, pauseNotifications, type NotificationPrefs } from '../../../shared/monitor/notification-prefs';
import { readPageSnapshot } from '../../../shared/monitor/read-snapshot';
import { serviceAncestorIndex } from '../../../shared/monitor/refs';
import type { PageSnapshot } from '../../../shared/monitor/snapshot';
import { baseSummary, fixtureSnapshot, setServiceType, wireIncident, wireUpdate } from './support/fixtures';
import { watchedPage } from './support/pages';

const NOW = Date.UTC(2025, 5, 1, 12, 0, 0);
const AT = new Date(NOW).toISOString();
const page = watchedPage({ name: 'Acme' });
const ref = { id: page.id, name: 'Acme', subdomain: page.subdomain };

function events(prev: PageSnapshot, next: PageSnapshot, catchUp = false): MonitorEvent[] {
  return diffSnapshots(prev, next, { page: ref, at: AT, ...(catchUp ? { catchUp } : {}) });
}

function decide(evts: MonitorEvent[], overrides: Partial<NotificationPolicyInput> = {}, prefs: Partial<NotificationPrefs> = {}) {
  const intent = decideNotification({ page, events: evts, prefs: { ...DEFAULT_NOTIFICATION_PREFS, ...prefs }, nowMs: NOW, ...overrides });
  if (intent) notificationIntentSchema.parse(intent);
  return intent;
}

const snap = (json: any) => readPageSnapshot(json);
const operational = snap(baseSummary());

function withIncident(type: string, level: string, serviceIds: number[] = [2], id = 70): any {
  const s = baseSummary();
  s.status_page.current_incident_type = type;
  s.current_status_type = level;
  s.incidents = [wireIncident({ id, type, title: 'API errors', serviceIds })];
  for (const sid of serviceIds) setServiceType(s, sid, type);
  if (serviceIds.includes(2) || serviceIds.includes(3)) setServiceType(s, 1, type);
  return s;
}

describe('decideNotification', () => {
  it('coalesces one poll of one page into one notification that opens the incident', () => {
    const intent = decide(events(operational, snap(withIncident('major', 'major'))));
    expect(intent).toEqual({
      pageId: page.id,
      title: 'Acme: Major outage: API errors',
      body: 'API errors: first update\nPage status: major outage (was operational)\n2 services changed level',
      severity: 'major',
      priority: 'normal',
      target: { pageId: page.id, incidentId: 70 },
      eventIds: expect.any(Array),
    });
    expect(intent!.eventIds).toHaveLength(4);
  });

  it('every real fixture transition gives at most one valid intent', () => {
    const names = [
      'exoscale-operational',
      'exoscale-network-degraded',
      'exoscale-vie2-maintenance-critical',
      'peak-customer-api-down',
      'maintenance-ongoing-with-incident',
      'exoscale-recent-incident-closed',
    ] as const;
    for (const a of names)
      for (const b of names) {
        const intent = decide(events(fixtureSnapshot(a), fixtureSnapshot(b)), {}, { minSeverity: 'operational' });
        if (a === b) expect(intent).toBeNull();
        else expect(intent?.pageId).toBe(page.id);
      }
    const degraded = decide(events(fixtureSnapshot('exoscale-operational'), fixtureSnapshot('exoscale-network-degraded')));
    expect(degraded).toMatchObject({
      title: 'Acme: Performance (minor incident): [Network] Increased internet network latencies and packet loss',
      severity: 'minor',
      target: { incidentId: 198647 },
    });
  });

  it('respects the minimum severity: operational < maintenance < minor < major', () => {
    const minor = events(operational, snap(withIncident('performance', 'minor')));
    expect(decide(minor, {}, { minSeverity: 'minor' })).not.toBeNull();
    expect(decide(minor, {}, { minSeverity: 'major' })).toBeNull();
    const maintenance = events(fixtureSnapshot('exoscale-operational'), fixtureSnapshot('exoscale-vie2-maintenance-critical'));
    expect(decide(maintenance, {}, { minSeverity: 'minor', maintenanceStartEnd: false })).toBeNull();
    expect(decide(maintenance, {}, { minSeverity: 'maintenance' })).toMatchObject({ severity: 'maintenance', priority: 'low', target: { incidentId: 209618 } });
  });

  it('notifies the resolution of an incident (good news), not each routine update', () => {
    const open = withIncident('minor', 'minor');
    const updated = structuredClone(open);
    updated.incidents[0].updates.unshift(wireUpdate(9, 'update', 'Still on it', '2025-06-01T11:00:00'));
    expect(decide(events(snap(open), snap(updated)))).toBeNull();
    const resolved = decide(events(snap(updated), operational));
    expect(resolved).toMatchObject({ title: 'Acme: Resolved: API errors', severity: 'minor', target: { incidentId: 70 } });
    expect(resolved!.body).toContain('Page status: operational (was minor incident)');
    // Dropped from the summary: the update before the resolution is not quoted as if it were the news.
    expect(resolved!.body).not.toContain('Still on it');
    expect(resolved!.body.split('\n')[0]).toBe('No longer listed as open on the page.');
    expect(resolved!.ends).toBe(true);
  });

  it('quotes the resolution’s own words when the event carries them, and a notification with any bad news does not end', () => {
    const open = withIncident('major', 'major');
    const monitoring = structuredClone(open);
    monitoring.incidents[0].updates.unshift(wireUpdate(9, 'monitoring', 'A fix is out; we are monitoring.', '2025-06-01T11:00:00'));
    const [resolvedEvent, ...rest] = events(snap(monitoring), operational).sort((a) => (a.type === 'incident.resolved' ? -1 : 1));
    expect(resolvedEvent!.type).toBe('incident.resolved');
    const withWords = {
      ...resolvedEvent!,
      incident: {
        ...(resolvedEvent as MonitorEvent & { type: 'incident.resolved' }).incident,
        latestUpdate: { id: 10, type: 'resolved', description: 'Logins are fast again', postedAt: AT },
      },
    } as MonitorEvent;
    const intent = decide([withWords, ...rest]);
    expect(intent).toMatchObject({ title: 'Acme: Resolved: API errors', severity: 'major', ends: true });
    expect(intent!.body.split('\n')[0]).toBe('Logins are fast again');
    expect(intent!.body).not.toContain('monitoring');
    const opened = decide(events(operational, snap(open)));
    expect(opened!.ends).toBeUndefined();
  });

  it('notifies an update that escalates the incident type', () => {
    const open = withIncident('minor', 'minor');
    const worse = withIncident('major', 'major');
    const intent = decide(events(snap(open), snap(worse)));
    expect(intent).toMatchObject({ title: 'Acme: Now Major outage: API errors', severity: 'major', priority: 'normal' });
  });

  it('a followed incident notifies every update, even muted and below the minimum', () => {
    const open = withIncident('minor', 'minor');
    const updated = structuredClone(open);
    updated.incidents[0].updates.unshift(wireUpdate(9, 'update', 'Deploying a fix', '2025-06-01T11:00:00'));
    const followed = watchedPage({ name: 'Acme', muted: true, mutedServiceIds: [2], followedIncidentIds: [70] });
    const intent = decide(events(snap(open), snap(updated)), { page: followed }, { minSeverity: 'major' });
    expect(intent).toMatchObject({ pageId: followed.id, title: 'Acme: Update: API errors', body: 'Deploying a fix', target: { incidentId: 70 } });
  });

  it('a page set to tell every update notifies each update of its incidents, within mutes and the minimum', () => {
    const open = withIncident('minor', 'minor');
    const updated = structuredClone(open);
    updated.incidents[0].updates.unshift(wireUpdate(9, 'update', 'Deploying a fix', '2025-06-01T11:00:00'));
    const change = events(snap(open), snap(updated));
    // By default an update that does not escalate is quiet.
    expect(decide(change)).toBeNull();
    const everyUpdate = watchedPage({ name: 'Acme', notifyUpdates: true });
    expect(decide(change, { page: everyUpdate })).toMatchObject({ title: 'Acme: Update: API errors', body: 'Deploying a fix', target: { incidentId: 70 } });
    // Not past a mute or below the minimum: that is what following one incident is for.
    expect(decide(change, { page: watchedPage({ name: 'Acme', notifyUpdates: true, mutedServiceIds: [2] }) })).toBeNull();
    expect(decide(change, { page: everyUpdate }, { minSeverity: 'major' })).toBeNull();
  });

  it('a muted page stays silent', () => {
    expect(decide(events(operational, snap(withIncident('major', 'major'))), { page: watchedPage({ muted: true }) })).toBeNull();
  });

  it('muted services silence their incidents and the level change they cause; a parent mute covers children', () => {
    const evts = events(operational, snap(withIncident('major', 'major', [2])));
    const next = snap(withIncident('major', 'major', [2]));
    expect(decide(evts, { page: watchedPage({ mutedServiceIds: [2] }), serviceAncestors: serviceAncestorIndex(next.services) })).toBeNull();
    expect(decide(evts, { page: watchedPage({ mutedServiceIds: [1] }), serviceAncestors: serviceAncestorIndex(next.services) })).toBeNull();
    expect(decide(evts, { page: watchedPage({ mutedServiceIds: [4] }), serviceAncestors: serviceAncestorIndex(next.services) })).not.toBeNull();
    // An incident on a muted and an unmuted service still notifies.
    const both = events(operational, snap(withIncident('major', 'major', [2, 4])));
    expect(decide(both, { page: watchedPage({ mutedServiceIds: [2] }) })).not.toBeNull();
  });

  it('catch-up events (after a stale period) never notify; page.recovered does when the level changed', () => {
    const catchUp = events(operational, snap(withIncident('major', 'major')), true);
    expect(decide(catchUp)).toBeNull();
    const recovered: MonitorEvent = { type: 'page.recovered', id: 'r1', at: AT, page: ref, level: 'major', previousLevel: 'operational', staleSince: AT };
    const intent = decide([recovered, ...catchUp]);
    expect(intent).toMatchObject({ title: 'Acme: Reachable again: major outage', priority: 'low', severity: 'major', target: { pageId: page.id } });
    expect(intent!.target.incidentId).toBeUndefined();
    // Same level as before: a network blip, silent.
    expect(decide([{ ...recovered, level: 'operational' }])).toBeNull();
    expect(decide([{ ...recovered, previousLevel: null }])).toBeNull();
  });

  it('service changes alone are the news; a parent changed only by a muted child stays silent', () => {
    const child = readPageSnapshot(setServiceType(setServiceType(baseSummary(), 2, 'major'), 1, 'major'));
    const evts = events(operational, child);
    expect(evts.map((e) => e.type)).toEqual(['service.level_changed', 'service.level_changed']);
    expect(decide(evts)).toMatchObject({ title: 'Acme: Web › API: major outage', severity: 'major' });
    expect(decide(evts, { page: watchedPage({ mutedServiceIds: [2] }) })).toBeNull();
  });

  it('page.stale never notifies', () => {
    const stale: MonitorEvent = {
      type: 'page.stale',
      id: 's',
      at: AT,
      page: ref,
      lastLevel: 'operational',
      cause: 'failures',
      failures: 3,
      lastSuccessAt: AT,
      error: null,
    };
    expect(decide([stale], {}, { minSeverity: 'operational' })).toBeNull();
  });

  it('pause until a time, and the enabled switch', () => {
    const evts = events(operational, snap(withIncident('major', 'major')));
    expect(decide(evts, {}, pauseNotifications(DEFAULT_NOTIFICATION_PREFS, NOW, 60 * 60 * 1000))).toBeNull();
    expect(decide(evts, {}, pauseNotifications(DEFAULT_NOTIFICATION_PREFS, NOW - 2 * 60 * 60 * 1000, 60 * 60 * 1000))).not.toBeNull();
    expect(decide(evts, {}, { enabled: false })).toBeNull();
  });

  it('notices only at minimum operational, at low priority', () => {
    const n = baseSummary();
    n.info_notices = [{ id: 5, title: 'Port 25 blocked', updates: [{ id: 1, description: 'Use 587.' }] }];
    const evts = events(operational, snap(n));
    expect(decide(evts)).toBeNull();
    expect(decide(evts, {}, { minSeverity: 'operational' })).toMatchObject({
      title: 'Acme: Notice: Port 25 blocked',
      body: 'Use 587.',
      priority: 'low',
      severity: 'operational',
    });
    expect(decide(events(snap(n), operational), {}, { minSeverity: 'operational' })).toBeNull(); // removal is not news
  });

  it('an emergency maintenance (custom type, base level scheduled) starting notifies with the default settings; the toggle off, it follows the minimum', () => {
    const s = baseSummary();
    s.maintenances = [wireIncident({ id: 60, type: 'emergency-maintenance', title: 'Emergency database failover', serviceIds: [1, 2, 3] })];
    const started = events(operational, readPageSnapshot(s, { 'emergency-maintenance': 'scheduled' }));
    expect(started.some((e) => e.type === 'maintenance.started')).toBe(true);
    expect(decide(started)).toMatchObject({ title: 'Acme: Maintenance started: Emergency database failover', target: { incidentId: 60 } });
    expect(decide(started, {}, { maintenanceStartEnd: false })).toBeNull();
    // Ended: the same toggle.
    const ended = events(readPageSnapshot(s, { 'emergency-maintenance': 'scheduled' }), operational);
    expect(decide(ended)?.title).toMatch(/^Acme: Maintenance (ended|cancelled): Emergency database failover/);
    expect(decide(ended, {}, { maintenanceStartEnd: false })).toBeNull();
  });

  it('maintenance scheduled says when', () => {
    const s = baseSummary();
    s.upcoming_maintenances = [wireIncident({ id: 50, type: 'scheduled', title: 'DB upgrade', startsAt: '2025-06-02T01:00:00' })];
    const intent = decide(events(operational, snap(s)), {}, { minSeverity: 'maintenance' });
    expect(intent).toMatchObject({ title: 'Acme: Maintenance scheduled: DB upgrade', priority: 'low' });
    expect(intent!.body).toMatch(/^Starts 2025-06-02 01:00 UTC\./);
  });

  it('keeps the body short when much happens at once', () => {
    const intent = decide(
      events(fixtureSnapshot('exoscale-network-degraded'), fixtureSnapshot('exoscale-vie2-maintenance-critical')),
      {},
      { minSeverity: 'operational' },
    );
    expect(intent!.body.split('\n').length).toBeLessThanOrEqual(5);
    expect(intent!.body).toContain('Page status: maintenance (was minor incident)');
    expect(intent!.body.endsWith('and 1 more')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { diffSnapshots } from '../../../shared/monitor/diff';
import { monitorEventSchema, type MonitorEvent } from '../../../shared/monitor/events';
import { readPageSnapshot } from '../../../shared/monitor/read-snapshot';
import type { PageSnapshot } from '../../../shared/monitor/snapshot';
import { FIXTURE_NAMES, baseSummary, fixtureSnapshot, setServiceType, wireIncident, wireUpdate, type FixtureName } from './support/fixtures';

const page = { id: '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b', name: 'Acme', subdomain: 'acme' };
const AT = '2025-06-01T12:00:00.000Z';

function diff(prev: PageSnapshot, next: PageSnapshot, at = AT, catchUp = false): MonitorEvent[] {
  return diffSnapshots(prev, next, { page, at, ...(catchUp ? { catchUp } : {}) });
}

/** Compact text of an event, for golden tables. */
function brief(e: MonitorEvent): string {
  switch (e.type) {
    case 'page.level_changed':
      return `${e.type}(${e.from}>${e.to})`;
    case 'service.level_changed':
      return `${e.type}(${e.service.id} ${e.from}>${e.to})`;
    case 'incident.resolved':
    case 'maintenance.ended':
      return `${e.type}(${e.incident.id} ${e.reason})`;
    case 'maintenance.started':
      return `${e.type}(${e.incident.id} ${e.previously})`;
    case 'incident.updated':
      return `${e.type}(${e.incident.id} ${e.incident.kind} ${e.changes.join('+')})`;
    case 'incident.opened':
    case 'maintenance.scheduled':
      return `${e.type}(${e.incident.id})`;
    case 'notice.posted':
    case 'notice.removed':
      return `${e.type}(${e.notice.id})`;
    default:
      return e.type;
  }
}

const briefs = (events: MonitorEvent[]) => events.map(brief).join(' ');

function snap(json: any): PageSnapshot {
  return readPageSnapshot(json);
}

/*
 * Every ordered pair of the real captures, read as if one page had changed from one to the other.
 * Checked by hand against the fixtures (SOURCE.md): custom types performance/info map to minor,
 * emergency-maintenance to scheduled; ids are matched per list; services new in the later capture
 * (27451, 21313, ...) are not events.
 */
const VIE2 = (level: string) => ['10335', '10351', '10344', '10358', '10365', '10372', '10379'].map((id) => `service.level_changed(${id} ${level})`).join(' ');
const GOLDEN: Record<string, string> = {
  'exoscale-operational>exoscale-network-degraded':
    'page.level_changed(operational>minor) incident.opened(198647) maintenance.ended(80061 cancelled) service.level_changed(10331 operational>minor)',
  'exoscale-operational>exoscale-recent-incident-closed': `page.level_changed(operational>minor) incident.opened(187842) maintenance.ended(80061 cancelled) notice.posted(186598) ${VIE2('operational>minor')}`,
  'exoscale-operational>exoscale-vie2-maintenance-critical': `page.level_changed(operational>scheduled) maintenance.started(209618 none) maintenance.scheduled(208172) maintenance.ended(80061 cancelled) ${VIE2('operational>scheduled')}`,
  'exoscale-operational>maintenance-ongoing-with-incident':
    'page.level_changed(operational>major) incident.opened(89) maintenance.started(89 none) maintenance.scheduled(89) maintenance.ended(80061 cancelled)',
  'exoscale-operational>peak-customer-api-down':
    'page.level_changed(operational>major) incident.opened(82138) incident.opened(82137) maintenance.ended(80061 cancelled)',
  'exoscale-network-degraded>exoscale-operational':
    'page.level_changed(minor>operational) incident.resolved(198647 disappeared) maintenance.scheduled(80061) service.level_changed(10331 minor>operational)',
  'exoscale-network-degraded>exoscale-recent-incident-closed': `incident.opened(187842) incident.resolved(198647 disappeared) notice.posted(186598) service.level_changed(10331 minor>operational) ${VIE2('operational>minor')} service.level_changed(21313 operational>minor)`,
  'exoscale-network-degraded>exoscale-vie2-maintenance-critical':
    'page.level_changed(minor>scheduled) incident.resolved(198647 disappeared) maintenance.started(209618 none) maintenance.scheduled(208172) service.level_changed(10331 minor>operational) service.level_changed(27451 minor>operational) service.level_changed(10335 operational>scheduled) service.level_changed(10351 operational>scheduled) service.level_changed(27459 operational>scheduled) service.level_changed(10344 operational>scheduled) service.level_changed(10358 operational>scheduled) service.level_changed(10365 operational>scheduled) service.level_changed(21313 operational>scheduled) service.level_changed(27455 operational>scheduled) service.level_changed(10372 operational>scheduled) service.level_changed(10379 operational>scheduled)',
  'exoscale-network-degraded>maintenance-ongoing-with-incident':
    'page.level_changed(minor>major) incident.opened(89) incident.resolved(198647 disappeared) maintenance.started(89 none) maintenance.scheduled(89)',
  'exoscale-network-degraded>peak-customer-api-down':
    'page.level_changed(minor>major) incident.opened(82138) incident.opened(82137) incident.resolved(198647 disappeared)',
  'exoscale-recent-incident-closed>exoscale-operational': `page.level_changed(minor>operational) incident.resolved(187842 disappeared) maintenance.scheduled(80061) notice.removed(186598) ${VIE2('minor>operational')}`,
  'exoscale-recent-incident-closed>exoscale-network-degraded':
    'incident.opened(198647) incident.resolved(187842 disappeared) notice.removed(186598) service.level_changed(10331 operational>minor) service.level_changed(10335 minor>operational) service.level_changed(10351 minor>operational) service.level_changed(10344 minor>operational) service.level_changed(10358 minor>operational) service.level_changed(10365 minor>operational) service.level_changed(21313 minor>operational) service.level_changed(10372 minor>operational) service.level_changed(10379 minor>operational)',
  'exoscale-recent-incident-closed>exoscale-vie2-maintenance-critical':
    'page.level_changed(minor>scheduled) incident.resolved(187842 disappeared) maintenance.started(209618 none) maintenance.scheduled(208172) notice.removed(186598) service.level_changed(10335 minor>scheduled) service.level_changed(10351 minor>scheduled) service.level_changed(10344 minor>scheduled) service.level_changed(10358 minor>scheduled) service.level_changed(10365 minor>scheduled) service.level_changed(21313 minor>scheduled) service.level_changed(10372 minor>scheduled) service.level_changed(10379 minor>scheduled)',
  'exoscale-recent-incident-closed>maintenance-ongoing-with-incident':
    'page.level_changed(minor>major) incident.opened(89) incident.resolved(187842 disappeared) maintenance.started(89 none) maintenance.scheduled(89) notice.removed(186598)',
  'exoscale-recent-incident-closed>peak-customer-api-down':
    'page.level_changed(minor>major) incident.opened(82138) incident.opened(82137) incident.resolved(187842 disappeared) notice.removed(186598)',
  'exoscale-vie2-maintenance-critical>exoscale-operational': `page.level_changed(scheduled>operational) maintenance.ended(209618 ended) maintenance.scheduled(80061) maintenance.ended(208172 cancelled) ${VIE2('scheduled>operational')}`,
  'exoscale-vie2-maintenance-critical>exoscale-network-degraded':
    'page.level_changed(scheduled>minor) incident.opened(198647) maintenance.ended(209618 ended) maintenance.ended(208172 cancelled) service.level_changed(10331 operational>minor) service.level_changed(27451 operational>minor) service.level_changed(10335 scheduled>operational) service.level_changed(10351 scheduled>operational) service.level_changed(27459 scheduled>operational) service.level_changed(10344 scheduled>operational) service.level_changed(10358 scheduled>operational) service.level_changed(10365 scheduled>operational) service.level_changed(21313 scheduled>operational) service.level_changed(27455 scheduled>operational) service.level_changed(10372 scheduled>operational) service.level_changed(10379 scheduled>operational)',
  'exoscale-vie2-maintenance-critical>exoscale-recent-incident-closed': `page.level_changed(scheduled>minor) incident.opened(187842) maintenance.ended(209618 ended) maintenance.ended(208172 cancelled) notice.posted(186598) ${VIE2('scheduled>minor')} service.level_changed(21313 scheduled>minor)`,
  'exoscale-vie2-maintenance-critical>maintenance-ongoing-with-incident':
    'page.level_changed(scheduled>major) incident.opened(89) maintenance.started(89 none) maintenance.ended(209618 ended) maintenance.scheduled(89) maintenance.ended(208172 cancelled)',
  'exoscale-vie2-maintenance-critical>peak-customer-api-down':
    'page.level_changed(scheduled>major) incident.opened(82138) incident.opened(82137) maintenance.ended(209618 ended) maintenance.ended(208172 cancelled)',
  'maintenance-ongoing-with-incident>exoscale-operational':
    'page.level_changed(major>operational) incident.resolved(89 disappeared) maintenance.ended(89 ended) maintenance.scheduled(80061) maintenance.ended(89 cancelled)',
  'maintenance-ongoing-with-incident>exoscale-network-degraded':
    'page.level_changed(major>minor) incident.opened(198647) incident.resolved(89 disappeared) maintenance.ended(89 ended) maintenance.ended(89 cancelled)',
  'maintenance-ongoing-with-incident>exoscale-recent-incident-closed':
    'page.level_changed(major>minor) incident.opened(187842) incident.resolved(89 disappeared) maintenance.ended(89 ended) maintenance.ended(89 cancelled) notice.posted(186598)',
  'maintenance-ongoing-with-incident>exoscale-vie2-maintenance-critical':
    'page.level_changed(major>scheduled) incident.resolved(89 disappeared) maintenance.started(209618 none) maintenance.ended(89 ended) maintenance.scheduled(208172) maintenance.ended(89 cancelled)',
  'maintenance-ongoing-with-incident>peak-customer-api-down':
    'incident.opened(82138) incident.opened(82137) incident.resolved(89 disappeared) maintenance.ended(89 ended) maintenance.ended(89 cancelled)',
  'peak-customer-api-down>exoscale-operational':
    'page.level_changed(major>operational) incident.resolved(82138 disappeared) incident.resolved(82137 disappeared) maintenance.scheduled(80061)',
  'peak-customer-api-down>exoscale-network-degraded':
    'page.level_changed(major>minor) incident.opened(198647) incident.resolved(82138 disappeared) incident.resolved(82137 disappeared)',
  'peak-customer-api-down>exoscale-recent-incident-closed':
    'page.level_changed(major>minor) incident.opened(187842) incident.resolved(82138 disappeared) incident.resolved(82137 disappeared) notice.posted(186598)',
  'peak-customer-api-down>exoscale-vie2-maintenance-critical':
    'page.level_changed(major>scheduled) incident.resolved(82138 disappeared) incident.resolved(82137 disappeared) maintenance.started(209618 none) maintenance.scheduled(208172)',
  'peak-customer-api-down>maintenance-ongoing-with-incident':
    'incident.opened(89) incident.resolved(82138 disappeared) incident.resolved(82137 disappeared) maintenance.started(89 none) maintenance.scheduled(89)',
};

const PAIRS: Array<[FixtureName, FixtureName]> = FIXTURE_NAMES.flatMap((a) => FIXTURE_NAMES.map((b) => [a, b] as [FixtureName, FixtureName]));

describe('diff between every pair of the real fixtures', () => {
  it('covers all 36 ordered pairs (30 transitions + 6 identities)', () => {
    expect(PAIRS).toHaveLength(36);
    expect(Object.keys(GOLDEN)).toHaveLength(30);
  });

  it.each(PAIRS)('%s → %s', (a, b) => {
    const prev = fixtureSnapshot(a);
    const next = fixtureSnapshot(b);
    const events = diff(prev, next);
    if (a === b) {
      expect(events).toEqual([]);
      return;
    }
    expect(briefs(events)).toBe(GOLDEN[`${a}>${b}`]);
    // Every event is valid wire data, `type` first (JSON lines), ids unique, page and instant set.
    const ids = new Set<string>();
    for (const event of events) {
      expect(monitorEventSchema.parse(JSON.parse(JSON.stringify(event)))).toEqual(event);
      expect(Object.keys(event)[0]).toBe('type');
      expect(event.page).toEqual(page);
      expect(event.at).toBe(AT);
      expect(ids.has(event.id)).toBe(false);
      ids.add(event.id);
      if ('pageLevel' in event) expect(event.pageLevel).toEqual({ from: prev.level, to: next.level });
    }
    // Invariants that do not depend on the golden text.
    expect(events.some((e) => e.type === 'page.level_changed')).toBe(prev.level !== next.level);
    const prevIds = new Set(prev.incidents.map((i) => i.id));
    const nextIds = new Set(next.incidents.map((i) => i.id));
    const opened = events.filter((e) => e.type === 'incident.opened').map((e) => (e as any).incident.id);
    const resolved = events.filter((e) => e.type === 'incident.resolved').map((e) => (e as any).incident.id);
    expect(opened.sort()).toEqual([...nextIds].filter((id) => !prevIds.has(id)).sort());
    expect(resolved.sort()).toEqual([...prevIds].filter((id) => !nextIds.has(id)).sort());
  });

  it('reverse transitions mirror each other', () => {
    for (const [a, b] of PAIRS) {
      if (a === b) continue;
      const forward = diff(fixtureSnapshot(a), fixtureSnapshot(b));
      const backward = diff(fixtureSnapshot(b), fixtureSnapshot(a));
      expect(forward.filter((e) => e.type === 'incident.opened').length).toBe(backward.filter((e) => e.type === 'incident.resolved').length);
      expect(forward.filter((e) => e.type === 'notice.posted').length).toBe(backward.filter((e) => e.type === 'notice.removed').length);
      expect(forward.filter((e) => e.type === 'service.level_changed').length).toBe(backward.filter((e) => e.type === 'service.level_changed').length);
    }
  });

  it('carries the custom type text with the base level', () => {
    const events = diff(fixtureSnapshot('exoscale-operational'), fixtureSnapshot('exoscale-network-degraded'));
    expect(events[0]).toMatchObject({ type: 'page.level_changed', from: 'operational', to: 'minor', fromType: null, toType: 'performance' });
    expect(events[1]).toMatchObject({
      type: 'incident.opened',
      incident: {
        id: 198647,
        kind: 'incident',
        type: 'performance',
        level: 'minor',
        title: '[Network] Increased internet network latencies and packet loss',
        latestUpdate: { type: 'monitoring' },
      },
    });
    const critical = diff(fixtureSnapshot('exoscale-operational'), fixtureSnapshot('exoscale-vie2-maintenance-critical'));
    expect(critical.find((e) => e.type === 'maintenance.started')).toMatchObject({
      incident: { type: 'emergency-maintenance', level: 'scheduled', kind: 'maintenance' },
    });
    const info = diff(fixtureSnapshot('exoscale-operational'), fixtureSnapshot('exoscale-recent-incident-closed'));
    expect(info.find((e) => e.type === 'incident.opened')).toMatchObject({ incident: { type: 'info', level: 'minor' } });
  });

  it('names the parents of a nested service', () => {
    const events = diff(fixtureSnapshot('exoscale-operational'), fixtureSnapshot('exoscale-vie2-maintenance-critical'));
    const api = events.find((e) => e.type === 'service.level_changed' && e.service.id === 10351);
    expect(api).toMatchObject({
      service: { name: 'API', type: 'emergency-maintenance', level: 'scheduled', ancestors: [{ id: 10335, name: 'AT-VIE-2' }] },
      fromType: null,
      toType: 'emergency-maintenance',
    });
  });
});

describe('diff scenarios', () => {
  it('maintenance: scheduled → started → ended', () => {
    const s0 = baseSummary();
    const s1 = baseSummary();
    const m = wireIncident({ id: 50, type: 'scheduled', title: 'DB upgrade', serviceIds: [4], startsAt: '2025-06-02T01:00:00', endsAt: '2025-06-02T03:00:00' });
    s1.upcoming_maintenances = [m];
    const s2 = setServiceType(baseSummary(), 4, 'scheduled');
    s2.status_page.current_incident_type = 'scheduled';
    s2.current_status_type = 'scheduled';
    s2.maintenances = [m];
    const s3 = baseSummary();
    const a = diff(snap(s0), snap(s1));
    expect(briefs(a)).toBe('maintenance.scheduled(50)');
    expect(a[0]).toMatchObject({
      incident: { kind: 'maintenance', startsAt: '2025-06-02T01:00:00.000Z', endsAt: '2025-06-02T03:00:00.000Z' },
      pageLevel: { from: 'operational', to: 'operational' },
    });
    expect(briefs(diff(snap(s1), snap(s2)))).toBe(
      'page.level_changed(operational>scheduled) maintenance.started(50 upcoming) service.level_changed(4 operational>scheduled)',
    );
    expect(briefs(diff(snap(s2), snap(s3)))).toBe(
      'page.level_changed(scheduled>operational) maintenance.ended(50 ended) service.level_changed(4 scheduled>operational)',
    );
  });

  it('maintenance: rescheduled, completed by a resolved update, cancelled, back to upcoming', () => {
    const m = wireIncident({ id: 50, type: 'scheduled', title: 'DB upgrade', startsAt: '2025-06-02T01:00:00' });
    const up = baseSummary();
    up.upcoming_maintenances = [m];
    const moved = baseSummary();
    moved.upcoming_maintenances = [{ ...m, starts_at: '2025-06-03T01:00:00' }];
    expect(briefs(diff(snap(up), snap(moved)))).toBe('incident.updated(50 maintenance schedule)');

    const active = baseSummary();
    active.maintenances = [m];
    const done = baseSummary();
    done.maintenances = [{ ...m, updates: [wireUpdate(5001, 'resolved', 'Done', '2025-06-02T02:00:00'), ...m.updates] }];
    expect(briefs(diff(snap(active), snap(done)))).toBe('maintenance.ended(50 completed)');
    // ... and its later disappearance is not a second end.
    expect(briefs(diff(snap(done), snap(baseSummary())))).toBe('');

    expect(briefs(diff(snap(up), snap(baseSummary())))).toBe('maintenance.ended(50 cancelled)');
    expect(briefs(diff(snap(active), snap(up)))).toBe('maintenance.ended(50 rescheduled) maintenance.scheduled(50)');
  });

  it('an incident that moves into the maintenances, and back', () => {
    const inc = wireIncident({ id: 60, type: 'emergency-maintenance', title: 'Router swap', serviceIds: [2] });
    const asIncident = setServiceType(baseSummary(), 2, 'emergency-maintenance');
    asIncident.status_page.current_incident_type = 'emergency-maintenance';
    asIncident.current_status_type = 'minor'; // the page had not yet mapped it
    asIncident.incidents = [inc];
    const asMaintenance = setServiceType(baseSummary(), 2, 'emergency-maintenance');
    asMaintenance.status_page.current_incident_type = 'emergency-maintenance';
    asMaintenance.current_status_type = 'scheduled';
    asMaintenance.maintenances = [inc];
    const a = snap(asIncident);
    const b = readPageSnapshot(asMaintenance, a.customTypes);
    expect(briefs(diff(a, b))).toBe(
      'page.level_changed(minor>scheduled) incident.resolved(60 became_maintenance) maintenance.started(60 incident) service.level_changed(2 minor>scheduled)',
    );
    const back = readPageSnapshot(asIncident, {});
    expect(briefs(diff(b, back))).toContain('incident.opened(60) maintenance.ended(60 became_incident)');
  });

  it('incident lifecycle: opened, updated, escalated, renamed, resolved, gone', () => {
    const open = baseSummary();
    open.status_page.current_incident_type = 'performance';
    open.current_status_type = 'minor';
    const first = wireIncident({ id: 70, type: 'performance', title: 'Slow API', serviceIds: [2] });
    open.incidents = [first];
    setServiceType(open, 2, 'performance');
    setServiceType(open, 1, 'performance');
    const s0 = snap(baseSummary());
    const s1 = snap(open);
    const opened = diff(s0, s1);
    expect(briefs(opened)).toBe(
      'page.level_changed(operational>minor) incident.opened(70) service.level_changed(1 operational>minor) service.level_changed(2 operational>minor)',
    );

    const update = structuredClone(open);
    update.incidents[0].updates.unshift(wireUpdate(7002, 'update', 'Still looking', '2025-06-01T10:30:00'));
    const s2 = snap(update);
    const updated = diff(s1, s2);
    expect(briefs(updated)).toBe('incident.updated(70 incident update)');
    expect(updated[0]).toMatchObject({ newUpdates: 1, incident: { latestUpdate: { id: 7002, type: 'update', description: 'Still looking' } } });

    const escalate = structuredClone(update);
    escalate.incidents[0].type = 'major';
    escalate.incidents[0].title = 'API down';
    escalate.status_page.current_incident_type = 'major';
    escalate.current_status_type = 'major';
    setServiceType(escalate, 2, 'major');
    setServiceType(escalate, 1, 'major');
    const s3 = snap(escalate);
    const escalated = diff(s2, s3);
    expect(briefs(escalated)).toBe(
      'page.level_changed(minor>major) incident.updated(70 incident type+title) service.level_changed(1 minor>major) service.level_changed(2 minor>major)',
    );
    expect(escalated[1]).toMatchObject({ previous: { type: 'performance', level: 'minor', title: 'Slow API' }, incident: { type: 'major', level: 'major' } });

    const resolved = structuredClone(escalate);
    resolved.incidents[0].updates.unshift(wireUpdate(7003, 'resolved', 'Fixed', '2025-06-01T11:00:00'));
    const s4 = snap(resolved);
    expect(briefs(diff(s3, s4))).toBe('incident.resolved(70 resolved)');
    expect(briefs(diff(s4, s0))).toBe(
      'page.level_changed(major>operational) service.level_changed(1 major>operational) service.level_changed(2 major>operational)',
    );
    // Without the resolved update seen, disappearance is the resolution.
    expect(briefs(diff(s3, s0))).toBe(
      'page.level_changed(major>operational) incident.resolved(70 disappeared) service.level_changed(1 major>operational) service.level_changed(2 major>operational)',
    );
    // Removing the resolving update reopens it.
    expect(briefs(diff(s4, s3))).toBe('incident.opened(70)');
  });

  it('an incident opened and resolved between two polls', () => {
    const s = baseSummary();
    s.incidents = [
      wireIncident({
        id: 80,
        type: 'minor',
        title: 'Blip',
        updates: [wireUpdate(2, 'resolved', 'ok', '2025-06-01T10:05:00'), wireUpdate(1, 'issue', 'blip', '2025-06-01T10:00:00')],
      }),
    ];
    expect(briefs(diff(snap(baseSummary()), snap(s)))).toBe('incident.opened(80) incident.resolved(80 resolved)');
  });

  it('custom incident types: performance, info, emergency-maintenance', () => {
    for (const [type, level] of [
      ['performance', 'minor'],
      ['info', 'minor'],
      ['emergency-maintenance', 'scheduled'],
    ] as const) {
      const s = baseSummary();
      s.status_page.current_incident_type = type;
      s.current_status_type = level;
      s.incidents = [wireIncident({ id: 90, type, title: `A ${type} incident` })];
      const events = diff(snap(baseSummary()), snap(s));
      expect(events[0]).toMatchObject({ type: 'page.level_changed', to: level, toType: type });
      expect(events[1]).toMatchObject({ type: 'incident.opened', incident: { type, level } });
    }
  });

  it('nested services: a child changes alone; a tree of another shape is matched by id', () => {
    const child = setServiceType(baseSummary(), 3, 'minor');
    const events = diff(snap(baseSummary()), snap(child));
    expect(briefs(events)).toBe('service.level_changed(3 operational>minor)');
    expect(events[0]).toMatchObject({ service: { id: 3, name: 'Dashboard', ancestors: [{ id: 1, name: 'Web' }] } });

    const reshaped = baseSummary();
    reshaped.services.unshift({ id: 9, name: 'New', current_incident_type: null, children: [] });
    setServiceType(reshaped, 3, 'major');
    const again = diff(snap(baseSummary()), snap(reshaped));
    expect(briefs(again)).toBe('service.level_changed(3 operational>major)');
    expect(again[0]).toMatchObject({ service: { ancestors: [{ id: 1, name: 'Web' }] } });
  });

  it('notices posted and removed', () => {
    const withNotice = baseSummary();
    withNotice.info_notices = [
      { id: 5, title: 'Port 25 blocked', service_ids: [4], updates: [{ id: 1, description: 'FYI', posted_at: '2025-06-01T09:00:00' }] },
    ];
    const posted = diff(snap(baseSummary()), snap(withNotice));
    expect(briefs(posted)).toBe('notice.posted(5)');
    expect(posted[0]).toMatchObject({ notice: { id: 5, title: 'Port 25 blocked', serviceIds: [4], latestUpdate: { description: 'FYI', type: null } } });
    expect(briefs(diff(snap(withNotice), snap(baseSummary())))).toBe('notice.removed(5)');
  });

  it('ids are stable for the same input and differ by instant; catch-up is marked', () => {
    const a = fixtureSnapshot('exoscale-operational');
    const b = fixtureSnapshot('peak-customer-api-down');
    expect(diff(a, b).map((e) => e.id)).toEqual(diff(a, b).map((e) => e.id));
    const later = diff(a, b, '2025-06-01T12:01:00.000Z');
    expect(later.map((e) => e.id)).not.toEqual(diff(a, b).map((e) => e.id));
    expect(diff(a, b, AT, true).every((e) => e.catchUp === true)).toBe(true);
    expect(diff(a, b).every((e) => e.catchUp === undefined)).toBe(true);
  });

  it('ignores what is not news: same summary, updated_at bumps, edited update text', () => {
    const s = baseSummary();
    s.incidents = [wireIncident({ id: 70, type: 'minor', title: 'Slow' })];
    const edited = structuredClone(s);
    edited.incidents[0].updated_at = '2025-06-01T11:59:59';
    edited.incidents[0].updates[0].description = 'typo fixed';
    expect(diff(snap(s), snap(edited))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { SummaryShapeError, readPageSnapshot } from '../../../shared/monitor/read-snapshot';
import { pageSnapshotSchema, type ServiceSnapshot } from '../../../shared/monitor/snapshot';
import { normalizePageSummary, type NormalizedService } from '../../../shared/statuspal/normalize';
import { pageSummarySchema } from '../../../shared/statuspal/schemas/summary';
import { FIXTURE_NAMES, baseSummary, fixtureJson, fixtureSnapshot } from './support/fixtures';

function flatten(nodes: readonly (ServiceSnapshot | NormalizedService)[]): Array<[number | null, string, string | null, string]> {
  const out: Array<[number | null, string, string | null, string]> = [];
  const visit = (list: readonly (ServiceSnapshot | NormalizedService)[]) => {
    for (const n of list) {
      out.push([n.id, n.name, n.currentType, n.level]);
      visit(n.children);
    }
  };
  visit(nodes);
  return out;
}

describe('readPageSnapshot on the real fixtures', () => {
  it.each(FIXTURE_NAMES)('%s: agrees with the wire schema + normalizePageSummary, and is valid serialisable data', (name) => {
    const json = fixtureJson(name);
    const snapshot = readPageSnapshot(json);
    const normalized = normalizePageSummary(pageSummarySchema.parse(json));
    expect(snapshot.level).toBe(normalized.level);
    expect(snapshot.currentType).toBe(normalized.currentType);
    expect(snapshot.hasStatusType).toBe(normalized.hasStatusType);
    expect(snapshot.customTypes).toEqual(normalized.customTypes);
    expect(flatten(snapshot.services)).toEqual(flatten(normalized.services));
    for (const list of ['incidents', 'maintenances', 'upcomingMaintenances'] as const) {
      expect(snapshot[list].map((i) => [i.id, i.type, i.level, i.title, i.serviceIds])).toEqual(
        normalized[list].map((i) => [i.id, i.type, i.level, i.title, i.serviceIds]),
      );
      expect(snapshot[list].map((i) => i.startsAt)).toEqual(normalized[list].map((i) => i.startsAt?.toISOString() ?? null));
      expect(snapshot[list].map((i) => i.updateIds)).toEqual(normalized[list].map((i) => i.updates.map((u) => u.id)));
    }
    expect(snapshot.infoNotices.map((n) => [n.id, n.title])).toEqual(normalized.infoNotices.map((n) => [n.id, n.title]));
    expect(pageSnapshotSchema.parse(JSON.parse(JSON.stringify(snapshot)))).toEqual(snapshot);
  });

  it('reads datetimes as UTC and picks the latest update by posted_at', () => {
    const snapshot = fixtureSnapshot('exoscale-network-degraded');
    const incident = snapshot.incidents[0]!;
    expect(incident.type).toBe('performance');
    expect(incident.level).toBe('minor');
    expect(incident.startsAt).toBe('2025-07-18T08:18:26.000Z');
    expect(incident.latestUpdate?.type).toBe('monitoring');
    expect(incident.resolved).toBe(false);
    expect(snapshot.level).toBe('minor');
  });

  it('maps emergency-maintenance to the scheduled base level and keeps the custom name', () => {
    const snapshot = fixtureSnapshot('exoscale-vie2-maintenance-critical');
    expect(snapshot.currentType).toBe('emergency-maintenance');
    expect(snapshot.level).toBe('scheduled');
    expect(snapshot.maintenances[0]).toMatchObject({ type: 'emergency-maintenance', level: 'scheduled' });
    expect(snapshot.customTypes).toEqual({ 'emergency-maintenance': 'scheduled' });
    const vie2 = snapshot.services.find((s) => s.name === 'AT-VIE-2')!;
    expect(vie2.level).toBe('scheduled');
    expect(vie2.children.every((c) => c.level === 'scheduled')).toBe(true);
  });

  it('keeps the empty child of the API example as a service without id', () => {
    const snapshot = fixtureSnapshot('maintenance-ongoing-with-incident');
    expect(snapshot.services[0]!.children).toEqual([{ id: null, name: '', currentType: null, level: 'operational', children: [] }]);
  });

  it('tolerates older pages without info_notices and current_status_type', () => {
    const snapshot = fixtureSnapshot('exoscale-operational');
    expect(snapshot.infoNotices).toEqual([]);
    expect(snapshot.hasStatusType).toBe(false);
    expect(snapshot.level).toBe('operational');
  });

  it('uses custom types learned by earlier polls', () => {
    const json = baseSummary();
    json.status_page.current_incident_type = 'performance';
    delete json.current_status_type;
    expect(readPageSnapshot(json).level).toBe('minor'); // unknown custom type: minor
    expect(readPageSnapshot(json, { performance: 'major' }).level).toBe('major');
  });

  it('treats a resolved latest update as resolved', () => {
    const json = baseSummary();
    json.incidents = [
      {
        id: 7,
        type: 'minor',
        title: 'Slow',
        updates: [
          { id: 2, type: 'resolved', description: 'Fixed', posted_at: '2025-06-01T11:00:00' },
          { id: 1, type: 'issue', description: 'Looking', posted_at: '2025-06-01T10:00:00' },
        ],
      },
    ];
    const incident = readPageSnapshot(json).incidents[0]!;
    expect(incident.resolved).toBe(true);
    expect(incident.latestUpdate).toEqual({ id: 2, type: 'resolved', description: 'Fixed', postedAt: '2025-06-01T11:00:00.000Z' });
  });

  it.each([
    ['oldest first', [1, 2]],
    ['newest first', [2, 1]],
  ])('a resolution posted in the same second as the update before it is the latest (listed %s): the resolved notice quotes it', (_order, ids) => {
    const json = baseSummary();
    const byId = {
      1: { id: 1, type: 'monitoring', description: 'A fix is deployed', posted_at: '2025-06-01T11:00:00' },
      2: { id: 2, type: 'resolved', description: 'Resolved: all requests succeed again', posted_at: '2025-06-01T11:00:00' },
    } as const;
    json.incidents = [{ id: 7, type: 'minor', title: 'Slow', updates: ids.map((id) => byId[id as 1 | 2]) }];
    const incident = readPageSnapshot(json).incidents[0]!;
    expect(incident.resolved).toBe(true);
    expect(incident.latestUpdate?.description).toBe('Resolved: all requests succeed again');
  });
});

describe('readPageSnapshot rejects what the wire schema rejects, with a path', () => {
  const cases: Array<[string, (json: any) => void, string]> = [
    ['not an object', (j) => Object.assign(j, { status_page: null }), 'status_page'],
    ['no page name', (j) => delete j.status_page.name, 'status_page.name'],
    ['incidents missing', (j) => delete j.incidents, 'incidents'],
    ['upcoming not a list', (j) => (j.upcoming_maintenances = {}), 'upcoming_maintenances'],
    ['incident id a string', (j) => (j.incidents = [{ id: 'x', type: 'major', title: 't' }]), 'incidents[0].id'],
    ['incident without title', (j) => (j.incidents = [{ id: 1, type: 'major' }]), 'incidents[0].title'],
    ['update without type', (j) => (j.incidents = [{ id: 1, type: 'major', title: 't', updates: [{ id: 1 }] }]), 'incidents[0].updates[0].type'],
    ['service id not integer', (j) => (j.services[0].children[1].id = 1.5), 'services[0].children[1].id'],
    ['service type a number', (j) => (j.services[1].current_incident_type = 3), 'services[1].current_incident_type'],
    ['service_ids with a string', (j) => (j.incidents = [{ id: 1, type: 'major', title: 't', service_ids: [1, 'a'] }]), 'incidents[0].service_ids[1]'],
    ['notice without id', (j) => (j.info_notices = [{ title: 'n' }]), 'info_notices[0].id'],
    ['maintenance type missing', (j) => (j.maintenances = [{ id: 1, title: 'm' }]), 'maintenances[0].type'],
  ];
  it.each(cases)('%s', (_label, mutate, path) => {
    const json = baseSummary();
    mutate(json);
    let caught: unknown;
    try {
      readPageSnapshot(json);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SummaryShapeError);
    expect((caught as SummaryShapeError).path).toBe(path);
  });

  it('rejects non-objects at the top', () => {
    expect(() => readPageSnapshot([])).toThrow(SummaryShapeError);
    expect(() => readPageSnapshot('hello')).toThrow(SummaryShapeError);
  });
});

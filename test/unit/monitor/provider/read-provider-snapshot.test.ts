import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffSnapshots } from '../../../../shared/monitor/diff';
import { providerNumericId, providerSlug } from '../../../../shared/monitor/provider/provider-id';
import { componentLevel, impactLevel } from '../../../../shared/monitor/provider/provider-levels';
import { COMPONENT_STATUSES, INCIDENT_IMPACTS, STATUS_INDICATORS } from '../../../../shared/monitor/provider/provider-summary';
import { readProviderSnapshot } from '../../../../shared/monitor/provider/read-provider-snapshot';
import { ProviderNotUnderstoodError } from '../../../../shared/monitor/provider/not-understood';
import { pageSnapshotSchema, type PageSnapshot } from '../../../../shared/monitor/snapshot';

// Synthetic fixtures of our own (no provider's data): every value the format documents.
const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(__dirname, 'fixtures', `${name}.json`), 'utf8')) as Record<string, unknown>;
const URL_ = 'https://status.synthetic.test';
const cid = (id: string) => providerNumericId('component', id);
const iid = (id: string) => providerNumericId('incident', id);

function valid(snapshot: PageSnapshot): PageSnapshot {
  // The normalised page is the monitor's model as it crosses IPC and JSON.
  expect(pageSnapshotSchema.parse(JSON.parse(JSON.stringify(snapshot)))).toEqual(snapshot);
  return snapshot;
}

describe('provider summary.json → page snapshot (contract)', () => {
  const snapshot = valid(readProviderSnapshot(fixture('all-values'), URL_));

  it('reads the page and takes the level from status.indicator', () => {
    expect(snapshot).toMatchObject({
      name: 'Synthetic Cloud',
      subdomain: 'status-synthetic-test',
      url: URL_,
      timeZone: 'Etc/UTC',
      level: 'major',
      currentType: 'critical',
      hasStatusType: true,
    });
    expect(snapshot.infoNotices).toEqual([]);
  });

  it('builds groups as parents of the components that name them, in position order', () => {
    expect(snapshot.services.map((s) => s.name)).toEqual(['Compute', 'DNS', 'Backups']);
    const compute = snapshot.services[0]!;
    expect(compute.id).toBe(cid('grp-compute'));
    expect(compute.children.map((c) => [c.name, c.currentType, c.level])).toEqual([
      ['Virtual machines', 'major_outage', 'major'],
      ['GPU instances', 'partial_outage', 'major'],
      ['Batch jobs', 'degraded_performance', 'minor'],
    ]);
    expect(snapshot.services.slice(1).map((s) => [s.currentType, s.level])).toEqual([
      [null, 'operational'],
      ['under_maintenance', 'scheduled'],
    ]);
  });

  it('maps every impact, keeps the impact as the type and the update status as the update type', () => {
    const byTitle = new Map(snapshot.incidents.map((i) => [i.title, i]));
    expect(byTitle.get('VMs unreachable in one zone')).toMatchObject({
      id: iid('inc-crit'),
      type: 'critical',
      level: 'major',
      url: 'https://stspg.test/abc1',
      startsAt: '2026-03-02T08:58:00.000Z',
      serviceIds: [cid('cmp-vm')],
      resolved: false,
      latestUpdate: { type: 'identified', description: 'A faulty switch was found; traffic is moving.', postedAt: '2026-03-02T09:40:00.000Z' },
    });
    expect(byTitle.get('VMs unreachable in one zone')!.updateIds).toEqual([providerNumericId('update', 'upd-c2'), providerNumericId('update', 'upd-c1')]);
    expect(byTitle.get('GPU capacity errors')).toMatchObject({
      type: 'major',
      level: 'major',
      url: `${URL_}/incidents/inc-major`,
      startsAt: '2026-03-02T09:10:00.000Z',
    });
    expect(byTitle.get('Slow batch queue')).toMatchObject({ type: 'minor', level: 'minor', resolved: false });
    expect(byTitle.get('Status e-mails delayed')).toMatchObject({ type: 'none', level: 'operational' });
    expect(byTitle.get('Login errors')).toMatchObject({ resolved: true, endsAt: '2026-03-02T06:30:00.000Z' });
    expect(byTitle.get('Storage latency')).toMatchObject({ resolved: true, latestUpdate: { type: 'postmortem' } });
  });

  it('sorts maintenances by status: scheduled upcoming, in_progress and verifying active, completed gone', () => {
    expect(snapshot.upcomingMaintenances.map((m) => [m.title, m.level, m.startsAt, m.endsAt])).toEqual([
      ['Database upgrade', 'scheduled', '2026-03-05T01:00:00.000Z', '2026-03-05T03:00:00.000Z'],
    ]);
    expect(snapshot.maintenances.map((m) => [m.title, m.type, m.level])).toEqual([
      ['Backup storage move', 'maintenance', 'scheduled'],
      ['Network card swap', 'minor', 'scheduled'],
    ]);
  });

  it('maps every documented value (and a future one) to a base level', () => {
    expect(COMPONENT_STATUSES.map((v) => componentLevel(v))).toEqual(['operational', 'minor', 'major', 'major', 'scheduled']);
    expect(INCIDENT_IMPACTS.map((v) => impactLevel(v))).toEqual(['operational', 'minor', 'major', 'major', 'scheduled']);
    expect(STATUS_INDICATORS.map((v) => impactLevel(v))).toEqual(['operational', 'minor', 'major', 'major', 'scheduled']);
    expect(componentLevel('melting')).toBe('minor');
    expect(impactLevel('apocalyptic')).toBe('minor');
  });

  it.each([
    ['none', 'operational', null],
    ['minor', 'minor', 'minor'],
    ['major', 'major', 'major'],
    ['critical', 'major', 'critical'],
    ['maintenance', 'scheduled', 'maintenance'],
  ])('status.indicator %s → page level %s', (indicator, level, currentType) => {
    const doc = { ...fixture('all-values'), status: { indicator, description: 'x' } };
    expect(readProviderSnapshot(doc, URL_)).toMatchObject({ level, currentType });
  });

  it('without status, the page level is the worst open incident, component or active maintenance', () => {
    const doc = fixture('all-values');
    delete doc.status;
    expect(readProviderSnapshot(doc, URL_)).toMatchObject({ level: 'major', hasStatusType: false, currentType: 'major' });
    const calm = { page: { name: 'Calm' }, components: [{ id: 'x', name: 'X', status: 'under_maintenance' }] };
    expect(readProviderSnapshot(calm, URL_).level).toBe('scheduled');
    expect(readProviderSnapshot({ page: {}, components: [] }, URL_).level).toBe('operational');
  });

  it('tolerates missing and null fields everywhere but the page object', () => {
    const sparse = valid(readProviderSnapshot(fixture('sparse'), 'https://status.other.test/'));
    expect(sparse).toMatchObject({
      name: 'status.other.test',
      url: 'https://status.other.test/',
      timeZone: null,
      level: 'minor',
      maintenances: [],
      upcomingMaintenances: [],
    });
    expect(sparse.services.map((s) => [s.name, s.level, s.children.length])).toEqual([
      ['', 'operational', 0],
      ['Child of a missing group', 'minor', 0],
      ['Numeric id', 'minor', 0],
    ]);
    expect(sparse.services[2]!.id).toBe(cid('77'));
    expect(sparse.incidents[0]).toMatchObject({
      title: '(untitled)',
      type: 'incident',
      level: 'minor',
      updateIds: [],
      latestUpdate: null,
      serviceIds: [],
      startsAt: null,
      resolved: false,
    });
    expect(sparse.incidents[0]!.url).toBe('https://status.other.test/incidents/i1');
    expect(sparse.incidents[1]).toMatchObject({
      type: 'unknown (brand_new_impact)',
      level: 'minor',
      startsAt: null,
      latestUpdate: { type: null, description: '', postedAt: null },
    });
  });

  it('refuses what is not a summary as "not understood", naming the field; never reads it as operational', () => {
    expect(() => readProviderSnapshot({ page: {} }, URL_)).toThrow(ProviderNotUnderstoodError);
    expect(() => readProviderSnapshot({ page: { name: 'X', status: 'UP' } }, URL_)).toThrow(/neither status.indicator nor a components list/);
    // What an Instatus page answers at Statuspage's address (status.perplexity.com/api/v2/summary.json, quoted by
    // segevsh/w6w-apps' Perplexity notes of 2026-08-16): its status word alone, with an incident open or not.
    expect(() => readProviderSnapshot(JSON.parse('{"page":{"status":"UP"}}'), 'https://status.perplexity.com')).toThrow(ProviderNotUnderstoodError);
    expect(() => readProviderSnapshot({ page: 'x', components: [] }, URL_)).toThrow(/^Not understood as a Statuspage page: page:/);
    expect(() => readProviderSnapshot([], URL_)).toThrow(ProviderNotUnderstoodError);
    expect(() => readProviderSnapshot({ page: {}, components: [{ name: 'no id' }] }, URL_)).toThrow(/components\[0\]\.id/);
    expect(() => readProviderSnapshot({ page: {}, incidents: 'many' }, URL_)).toThrow(/incidents/);
  });

  it('ids are stable across reads, so the diff sees an update, not a new incident', () => {
    const before = fixture('all-values');
    const after = structuredClone(before) as { incidents: Array<{ incident_updates: unknown[] }> };
    after.incidents[1]!.incident_updates.unshift({
      id: 'upd-m2',
      status: 'identified',
      body: 'Found it.',
      created_at: '2026-03-02T09:50:00.000Z',
      display_at: '2026-03-02T09:50:00.000Z',
    });
    const events = diffSnapshots(readProviderSnapshot(before, URL_), readProviderSnapshot(after, URL_), {
      page: { id: 'p', name: 'Synthetic Cloud', subdomain: 'x' },
      at: '2026-03-02T09:51:00.000Z',
    });
    expect(events.map((e) => e.type)).toEqual(['incident.updated']);
  });

  it('slugs a page URL into a subdomain-like key', () => {
    expect(providerSlug('https://status.example.com')).toBe('status-example-com');
    expect(providerSlug('http://127.0.0.1:4013/pages/acme-cdn/')).toBe('127-0-0-1-4013-pages-acme-cdn');
  });
});

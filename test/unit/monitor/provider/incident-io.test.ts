import { describe, expect, it } from 'vitest';
import { readProviderPage } from '../../../../shared/monitor/provider/read-provider-page';
import { readProviderSnapshot } from '../../../../shared/monitor/provider/read-provider-snapshot';
import { pageSnapshotSchema, type PageSnapshot } from '../../../../shared/monitor/snapshot';
import { sample, sampleJson } from './published-samples';

/*
 * Pages hosted on incident.io serve /api/v2/summary.json in their own words: components `full_outage`,
 * maintenances `maintenance_scheduled` / `maintenance_in_progress` / `maintenance_complete` (published
 * samples and incident.io's API vocabulary: test/fixtures/providers/incidentio/README.md).
 */

const URL_ = 'https://status.openai.com';
const NOW = Date.parse('2026-09-04T12:00:00Z');
const valid = (page: PageSnapshot) => pageSnapshotSchema.parse(JSON.parse(JSON.stringify(page)));

describe('incident.io summaries', () => {
  it("reads OpenAI's live summary (no incidents or maintenances keys, no groups) as operational", () => {
    for (const format of ['incidentio', 'statuspage'] as const) {
      const page = valid(readProviderPage(sample('incidentio', 'openai-summary-2026-09-04.json'), { url: URL_, format }, NOW));
      expect(page).toMatchObject({ name: 'OpenAI', level: 'operational', currentType: null, incidents: [], maintenances: [] });
      expect(page.services.map((s) => s.name)).toEqual(['Images', 'Codex Web', 'Codex in ChatGPT Desktop', 'Codex API']);
    }
  });

  it('full_outage is a major outage, not a minor unknown below partial_outage', () => {
    const page = readProviderPage(sample('incidentio', 'openai-components-full-outage.json'), { url: URL_, format: 'incidentio' }, NOW);
    expect(page.services.map((s) => [s.name, s.level, s.currentType])).toEqual([
      ['Codex Web', 'operational', null],
      ['CLI', 'major', 'full_outage'],
    ]);
    expect(page.level).toBe('major');
  });

  it('maintenance_scheduled next month is upcoming, maintenance_in_progress active, maintenance_complete over', () => {
    const doc = sampleJson('incidentio', 'openai-summary-2026-09-04.json');
    const window = (days: number) => ({
      scheduled_for: new Date(NOW + days * 86_400_000).toISOString(),
      scheduled_until: new Date(NOW + days * 86_400_000 + 3_600_000).toISOString(),
    });
    doc.scheduled_maintenances = [
      { id: 'm-next-month', name: 'Database upgrade', status: 'maintenance_scheduled', impact: 'maintenance', ...window(30) },
      { id: 'm-now', name: 'Network work', status: 'maintenance_in_progress', impact: 'maintenance', ...window(-0.01) },
      { id: 'm-done', name: 'Old work', status: 'maintenance_complete', impact: 'maintenance', ...window(-2) },
    ];
    const page = valid(readProviderSnapshot(doc, URL_, { format: 'incidentio', now: NOW }));
    expect(page.upcomingMaintenances.map((m) => m.title)).toEqual(['Database upgrade']);
    expect(page.maintenances.map((m) => m.title)).toEqual(['Network work']);
  });

  it('an unknown maintenance word is placed by its window, never as running before it starts', () => {
    const doc = sampleJson('incidentio', 'openai-summary-2026-09-04.json');
    doc.scheduled_maintenances = [
      { id: 'm1', name: 'Future', status: 'maintenance_pending', scheduled_for: '2026-10-04T00:00:00Z', scheduled_until: '2026-10-04T02:00:00Z' },
      { id: 'm2', name: 'Past', status: 'maintenance_finalised', scheduled_for: '2026-09-01T00:00:00Z', scheduled_until: '2026-09-01T02:00:00Z' },
    ];
    const page = readProviderSnapshot(doc, URL_, { now: NOW });
    expect(page.upcomingMaintenances.map((m) => m.title)).toEqual(['Future']);
    expect(page.maintenances).toEqual([]);
  });

  it('an unknown component word is shown as unknown, at least minor and never better than the page indicator', () => {
    const doc = sampleJson('incidentio', 'openai-summary-2026-09-04.json');
    (doc.components as Array<Record<string, unknown>>)[1]!.status = 'melted_down';
    const calm = readProviderSnapshot(doc, URL_, { now: NOW });
    expect(calm.services[1]).toMatchObject({ level: 'minor', currentType: 'unknown (melted_down)' });
    // The page itself says "major": the unknown word is not shown as better than that.
    const grave = readProviderSnapshot({ ...doc, status: { indicator: 'major', description: 'Partial System Outage' } }, URL_, { now: NOW });
    expect(grave.services[1]).toMatchObject({ level: 'major', currentType: 'unknown (melted_down)' });
  });

  it('an unknown indicator is unknown and at least minor, never operational', () => {
    const doc = { ...sampleJson('incidentio', 'openai-summary-2026-09-04.json'), status: { indicator: 'wobbly', description: '?' } };
    expect(readProviderSnapshot(doc, URL_, { now: NOW })).toMatchObject({ level: 'minor', currentType: 'unknown (wobbly)', hasStatusType: false });
  });
});

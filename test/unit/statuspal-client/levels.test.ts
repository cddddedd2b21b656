import { describe, expect, it } from 'vitest';
import {
  learnCustomTypes,
  normalizePageSummary,
  normalizeServiceSummary,
  pageSummarySchema,
  serviceSummarySchema,
  toBaseLevel,
  worstLevel,
} from '../../../shared/statuspal';
import { loadFixture } from './helpers/fixtures';

describe('toBaseLevel', () => {
  it('maps null and absent to operational', () => {
    expect(toBaseLevel(null)).toBe('operational');
    expect(toBaseLevel(undefined)).toBe('operational');
  });

  it('keeps the built-in types', () => {
    expect(toBaseLevel('major')).toBe('major');
    expect(toBaseLevel('minor')).toBe('minor');
    expect(toBaseLevel('scheduled')).toBe('scheduled');
  });

  it('uses current_status_type for a custom current type', () => {
    expect(toBaseLevel('performance', { currentStatusType: 'minor' })).toBe('minor');
    expect(toBaseLevel('emergency-maintenance', { currentStatusType: 'scheduled' })).toBe('scheduled');
    expect(toBaseLevel('info', { currentStatusType: null })).toBe('operational');
  });

  it('prefers known custom types, then the fallback', () => {
    expect(toBaseLevel('outage', { customTypes: { outage: 'major' } })).toBe('major');
    expect(toBaseLevel('something-new')).toBe('minor');
    expect(toBaseLevel('something-new', { fallback: 'scheduled' })).toBe('scheduled');
  });

  it('does not read custom types from Object.prototype', () => {
    expect(toBaseLevel('constructor', { customTypes: {} })).toBe('minor');
  });

  it('orders levels by severity', () => {
    expect(worstLevel([])).toBe('operational');
    expect(worstLevel(['scheduled', 'minor', 'operational'])).toBe('minor');
    expect(worstLevel(['scheduled', 'major', 'minor'])).toBe('major');
  });
});

describe('levels from the real fixtures', () => {
  const summary = (name: string) => pageSummarySchema.parse(loadFixture(name));

  it.each([
    ['exoscale-operational.json', 'operational'],
    ['exoscale-network-degraded.json', 'minor'],
    ['exoscale-recent-incident-closed.json', 'minor'],
    ['exoscale-vie2-maintenance-critical.json', 'scheduled'],
    ['peak-customer-api-down.json', 'major'],
    ['maintenance-ongoing-with-incident.json', 'major'],
  ] as const)('%s is %s', (name, level) => {
    expect(normalizePageSummary(summary(name)).level).toBe(level);
  });

  it('learns custom types and applies them to incidents and services', () => {
    const normalized = normalizePageSummary(summary('exoscale-network-degraded.json'));
    expect(normalized.customTypes).toEqual({ performance: 'minor' });
    expect(normalized.currentType).toBe('performance');
    expect(normalized.incidents[0]).toMatchObject({ type: 'performance', level: 'minor' });
    const affected = normalized.services.flatMap((s) => [s, ...s.children]).filter((s) => s.currentType === 'performance');
    expect(affected.length).toBeGreaterThan(0);
    expect(affected.every((s) => s.level === 'minor')).toBe(true);
  });

  it('treats a custom type in the maintenance list as scheduled', () => {
    const normalized = normalizePageSummary(summary('exoscale-vie2-maintenance-critical.json'));
    expect(normalized.maintenances[0]).toMatchObject({ type: 'emergency-maintenance', level: 'scheduled' });
    expect(normalized.upcomingMaintenances.every((m) => m.level === 'scheduled')).toBe(true);
  });

  it('remembers custom types learned on an earlier poll', () => {
    const known = learnCustomTypes(summary('exoscale-network-degraded.json'));
    // The older capture has no current_status_type, but the type was learned before.
    const doc = structuredClone(loadFixture('exoscale-operational.json')) as Record<string, any>;
    doc.status_page.current_incident_type = 'performance';
    const normalized = normalizePageSummary(pageSummarySchema.parse(doc), known);
    expect(normalized.level).toBe('minor');
    expect(normalized.hasStatusType).toBe(false);
  });

  it('normalizes a service summary', () => {
    const page = loadFixture('peak-customer-api-down.json') as Record<string, any>;
    const peak = page.services.find((s: { name: string }) => s.name === 'PEAK');
    const doc = { service: peak, incidents: page.incidents, maintenances: [], upcoming_maintenances: [] };
    const normalized = normalizeServiceSummary(serviceSummarySchema.parse(doc));
    expect(normalized.level).toBe('major');
    expect(normalized.service.children.map((c) => c.level)).toEqual(['major', 'major']);
  });

  it('gives UTC dates in the normalized incidents', () => {
    const normalized = normalizePageSummary(summary('peak-customer-api-down.json'));
    expect(normalized.incidents[0]!.startsAt?.toISOString()).toBe('2022-04-20T18:27:16.000Z');
    expect(normalized.incidents[0]!.endsAt).toBeNull();
    expect(normalized.incidents[0]!.updates[0]!.postedAt?.toISOString()).toBe('2022-04-20T18:27:16.000Z');
  });
});

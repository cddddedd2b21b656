import { describe, expect, it } from 'vitest';
import {
  incidentSchema,
  infoNoticeSchema,
  listResponseSchema,
  pageSummarySchema,
  serviceSummarySchema,
  singleResponseSchema,
  subscriptionSchema,
  webhookSchema,
  type PageSummary,
} from '../../../shared/statuspal';
import { fixtureNames, loadFixture } from './helpers/fixtures';

describe('real summary fixtures', () => {
  const names = fixtureNames();

  it('finds all six fixtures', () => {
    expect(names).toHaveLength(6);
  });

  it.each(names)('%s parses and round-trips losslessly', (name) => {
    const original = loadFixture(name);
    const parsed = pageSummarySchema.parse(original);
    expect(JSON.parse(JSON.stringify(parsed))).toEqual(original);
  });

  it('keeps custom incident types as strings', () => {
    const degraded = pageSummarySchema.parse(loadFixture('exoscale-network-degraded.json'));
    expect(degraded.incidents[0]!.type).toBe('performance');
    expect(degraded.current_status_type).toBe('minor');
    const vie2 = pageSummarySchema.parse(loadFixture('exoscale-vie2-maintenance-critical.json'));
    expect(vie2.maintenances[0]!.type).toBe('emergency-maintenance');
    expect(vie2.status_page.current_incident_type).toBe('emergency-maintenance');
  });

  it('tolerates older pages without current_status_type and info_notices', () => {
    const original = loadFixture('exoscale-operational.json') as Record<string, unknown>;
    expect(original).not.toHaveProperty('current_status_type');
    expect(original).not.toHaveProperty('info_notices');
    const parsed: PageSummary = pageSummarySchema.parse(original);
    expect(parsed.current_status_type).toBeUndefined();
    expect(parsed.info_notices).toBeUndefined();
    expect('current_status_type' in parsed).toBe(false);
  });

  it('tolerates the empty child service of the API example', () => {
    const parsed = pageSummarySchema.parse(loadFixture('maintenance-ongoing-with-incident.json'));
    expect(parsed.services[0]!.children).toEqual([{}]);
  });

  it('keeps unknown fields at every level', () => {
    const doc = structuredClone(loadFixture('peak-customer-api-down.json')) as Record<string, any>;
    doc.future_field = { a: 1 };
    doc.status_page.brand_colour = '#fff';
    doc.services[0].children[0].sla = 99.9;
    doc.incidents[0].severity_score = 7;
    doc.incidents[0].updates[0].attachments = [];
    const parsed = pageSummarySchema.parse(doc);
    expect(JSON.parse(JSON.stringify(parsed))).toEqual(doc);
  });

  it('rejects a summary whose structure is wrong', () => {
    const doc = structuredClone(loadFixture('peak-customer-api-down.json')) as Record<string, any>;
    doc.incidents[0].id = 'not-a-number';
    expect(pageSummarySchema.safeParse(doc).success).toBe(false);
    expect(pageSummarySchema.safeParse({ incidents: [] }).success).toBe(false);
  });

  it('parses a service summary built from a fixture', () => {
    const page = loadFixture('exoscale-network-degraded.json') as Record<string, any>;
    const doc: Record<string, unknown> = { ...page, service: page.services[0] };
    delete doc.services;
    delete doc.status_page;
    expect(JSON.parse(JSON.stringify(serviceSummarySchema.parse(doc)))).toEqual(doc);
  });
});

describe('resource schemas', () => {
  it('accepts null where the real service sends null', () => {
    const incident = {
      id: 1,
      type: 'major',
      title: 'x',
      ends_at: null,
      timezone: null,
      url: null,
      updates: [{ id: 2, type: 'issue', description: 'd', subscribers_notified_at: null }],
    };
    expect(incidentSchema.parse(incident)).toEqual(incident);
  });

  it('accepts information notice updates with and without type', () => {
    const notice = {
      id: 1,
      title: 'n',
      featured_until: null,
      updates: [
        { id: 1, description: 'a' },
        { id: 2, type: 'info', description: 'b' },
      ],
    };
    expect(infoNoticeSchema.parse(notice)).toEqual(notice);
  });

  it('requires string subscription ids', () => {
    expect(subscriptionSchema.safeParse({ id: '0b6c0c9e-5c9a-4c7e-9a53-2f0f8f6d1c11', type: 'email' }).success).toBe(true);
    expect(subscriptionSchema.safeParse({ id: 42 }).success).toBe(false);
  });

  it('builds wrapper schemas for single items and lists', () => {
    const single = singleResponseSchema('incident', incidentSchema);
    expect(single.safeParse({ incident: { id: 1, type: 'minor', title: 't' } }).success).toBe(true);
    expect(single.safeParse({ incidents: [] }).success).toBe(false);
    const webhooks = listResponseSchema('webhooks', webhookSchema);
    // Webhook lists have neither links nor meta.
    expect(webhooks.safeParse({ webhooks: [{ id: 1, url: 'https://example.com/hook' }] }).success).toBe(true);
    const incidents = listResponseSchema('incidents', incidentSchema);
    const page = { incidents: [], links: { next: 'https://statuspal.io/api/v2/x?after=a', prev: null }, meta: { total_count: 0 } };
    expect(incidents.parse(page)).toEqual(page);
  });
});

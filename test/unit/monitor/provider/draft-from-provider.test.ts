import { describe, expect, it } from 'vitest';
import { draftFromProviderIncident, draftTypeOfImpact } from '../../../../shared/monitor/provider/draft-from-provider';
import { incidentInputSchema } from '../../../../shared/statuspal/schemas/incident';

const incident = {
  title: 'Elevated error rates for object storage',
  type: 'major',
  level: 'major' as const,
  url: 'https://status.nimbus.test/incidents/abc',
  serviceIds: [11, 12],
  latestUpdate: { id: 1, type: 'identified', description: 'A storage cluster lost a node.\nTraffic is moving.', postedAt: '2026-03-02T09:40:00.000Z' },
};

describe('draft of an own incident from a provider incident', () => {
  it('maps impact to the own page type', () => {
    expect(['none', 'minor', 'major', 'critical', 'maintenance', 'new'].map(draftTypeOfImpact)).toEqual([
      'minor',
      'minor',
      'major',
      'major',
      'scheduled',
      'minor',
    ]);
  });

  it('prefills title, type, mapped services and a first update quoting the provider with a link; the body is a valid create', () => {
    const draft = draftFromProviderIncident({ providerName: 'Nimbus Cloud', incident, mapping: { '11': [2, 5], '12': [5], '99': [7] } });
    expect(draft).toMatchObject({ title: 'Nimbus Cloud: Elevated error rates for object storage', type: 'major', service_ids: [2, 5] });
    const message = draft.updates[0]!.description;
    expect(message).toContain('an incident at Nimbus Cloud, one of our providers: “Elevated error rates for object storage”');
    expect(message).toContain('Their latest update, identified (2026-03-02 09:40:00Z):\n> A storage cluster lost a node.\n> Traffic is moving.');
    expect(message).toContain('Details on their status page: https://status.nimbus.test/incidents/abc');
    expect(draft.updates[0]).toMatchObject({ type: 'issue', notify: true });
    expect(incidentInputSchema.safeParse(draft).success).toBe(true);
  });

  it('without a mapping, an update or a link: no services, no quote, no link', () => {
    const draft = draftFromProviderIncident({ providerName: 'P', incident: { ...incident, url: null, latestUpdate: null, type: 'none' }, mapping: {} });
    expect(draft.service_ids).toEqual([]);
    expect(draft.type).toBe('minor');
    expect(draft.updates[0]!.description).not.toMatch(/latest update|Details/);
  });
});

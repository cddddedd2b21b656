import { describe, expect, it } from 'vitest';
import { isTempId, replaceTempIds, tempIdFor, tempIdsIn } from '../../../shared/outbox/temp-id';

describe('temp ids', () => {
  const t1 = tempIdFor('11111111-1111-4111-8111-111111111111');
  const t2 = tempIdFor('22222222-2222-4222-8222-222222222222');

  it('are derived from the entry id and recognisable', () => {
    expect(t1).toBe('tmp-11111111-1111-4111-8111-111111111111');
    expect(isTempId(t1)).toBe(true);
    expect(isTempId('tmp-')).toBe(false);
    expect(isTempId('tmp-not-a-uuid')).toBe(false);
    expect(isTempId(42)).toBe(false);
  });

  it('are found and replaced anywhere in an input, leaving unmapped ones alone', () => {
    const input = { subdomain: 'acme', incidentId: t1, incident: { service_ids: [t2, 3], parent_id: t2, title: 'tmp- in text stays' } };
    expect([...tempIdsIn(input)].sort()).toEqual([t1, t2].sort());
    const replaced = replaceTempIds(input, (id) => (id === t2 ? 77 : undefined));
    expect(replaced).toEqual({ subdomain: 'acme', incidentId: t1, incident: { service_ids: [77, 3], parent_id: 77, title: 'tmp- in text stays' } });
    expect(input.incident.service_ids[0]).toBe(t2); // not mutated
    const same = { a: [1, 'x'], b: { c: true } };
    expect(replaceTempIds(same, () => 1)).toBe(same);
  });
});

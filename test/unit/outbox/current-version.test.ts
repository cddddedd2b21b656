import { describe, expect, it } from 'vitest';
import { sameInstant, showsPatch } from '../../../electron/core/outbox/statuspal/current-version';

describe('comparing an edit with the server copy', () => {
  it('compares API datetimes as instants', () => {
    expect(sameInstant('2025-06-01T12:00:00', '2025-06-01T12:00:00Z')).toBe(true);
    expect(sameInstant('2025-06-01T12:00:00', '2025-06-01T12:00:01')).toBe(false);
  });

  it('sees an applied edit: written fields equal, id sets in any order, unknown fields skipped', () => {
    const current = {
      id: 1,
      title: 'New',
      service_ids: [3, 1],
      ends_at: '2025-06-01T12:00:00',
      translations: { de: { title: 'Neu' }, fr: { title: 'Nouveau' } },
    };
    expect(
      showsPatch(current, { title: 'New', service_ids: [1, 3], notify: true, ends_at: '2025-06-01T12:00:00Z', translations: { de: { title: 'Neu' } } }),
    ).toBe(true);
    expect(showsPatch(current, { title: 'Old' })).toBe(false);
    expect(showsPatch(current, { notify: true })).toBe(false); // nothing comparable: resend
  });
});

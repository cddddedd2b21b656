import { describe, expect, it } from 'vitest';
import { lookupRows, serviceNamer } from '../../../../renderer/src/lib/lookup-rows';

describe('the needs-a-look table', () => {
  const services = [
    { id: 1, name: 'Web', children: [{ id: 2, name: 'API', children: [] }] },
    { id: 4, name: 'Data', children: [] },
  ];

  it('names services anywhere in the page’s tree', () => {
    const name = serviceNamer(services);
    expect([name(1), name(2), name(4), name(9)]).toEqual(['Web', 'API', 'Data', undefined]);
  });

  it('puts the user’s write and each look-alike side by side: title, type, services, first message', () => {
    const rows = lookupRows(
      {
        input: {},
        lookup: {
          reason: 'before_send',
          candidates: [
            {
              id: 7,
              summary: { title: 'Checkout down', type: 'minor', service_ids: [2, 9], inserted_at: '2026-01-01T11:59:00', description: 'Investigating' },
            },
          ],
          detectedAt: '2026-01-01T12:00:05.000Z',
        },
      },
      { title: ' Checkout down ', type: 'minor', updates: [{ type: 'issue', description: 'Investigating' }] },
      serviceNamer(services),
    );
    expect(rows.yours).toMatchObject({ title: 'Checkout down', type: 'minor', services: 'not set', message: 'Investigating' });
    expect(rows.candidates).toEqual([
      expect.objectContaining({ id: 7, title: 'Checkout down', type: 'minor', services: 'API, service 9', message: 'Investigating' }),
    ]);
    expect(rows.candidates[0]!.when).not.toBe('');
  });
});

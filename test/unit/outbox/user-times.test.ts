import { describe, expect, it } from 'vitest';
import { withUserTimes } from '../../../electron/core/outbox/statuspal/user-times';

const at = Date.parse('2026-11-24T08:15:42.730Z');

describe('a write that waited carries the moment it was written', () => {
  it('an incident starts then, and its first update is posted then', () => {
    const input = { subdomain: 'acme', incident: { type: 'major', title: 'x', updates: [{ type: 'issue', description: 'Looking' }] } };
    expect(withUserTimes('createIncident', input, at)).toEqual({
      subdomain: 'acme',
      incident: {
        type: 'major',
        title: 'x',
        starts_at: '2026-11-24T08:15:42',
        updates: [{ type: 'issue', description: 'Looking', posted_at: '2026-11-24T08:15:42' }],
      },
    });
  });

  it("never overrides a time the user set (a maintenance's start, a back-dated update)", () => {
    const input = {
      subdomain: 'acme',
      incident: {
        type: 'scheduled',
        title: 'y',
        starts_at: '2026-12-01T02:00:00',
        updates: [{ type: 'scheduled', description: 'd', posted_at: '2026-11-20T10:00:00' }],
      },
    };
    expect(withUserTimes('createIncident', input, at)).toEqual(input);
    const update = { subdomain: 'acme', incidentId: 4, update: { type: 'update', description: 'z', posted_at: '2026-11-24T07:00:00' } };
    expect(withUserTimes('addIncidentUpdate', update, at)).toEqual(update);
  });

  it('updates of incidents and notices get posted_at; other writes are left alone', () => {
    expect(withUserTimes('addIncidentUpdate', { subdomain: 'a', incidentId: 1, update: { type: 'update', description: 'd' } }, at)).toMatchObject({
      update: { posted_at: '2026-11-24T08:15:42' },
    });
    expect(withUserTimes('addInfoNoticeUpdate', { subdomain: 'a', infoNoticeId: 1, update: { description: 'd' } }, at)).toMatchObject({
      update: { posted_at: '2026-11-24T08:15:42' },
    });
    expect(withUserTimes('createInfoNotice', { subdomain: 'a', info_notice: { title: 't', updates: [{ description: 'd' }] } }, at)).toMatchObject({
      info_notice: { updates: [{ posted_at: '2026-11-24T08:15:42' }] },
    });
    const service = { subdomain: 'a', service: { name: 'API' } };
    expect(withUserTimes('addService', service, at)).toBe(service);
  });
});

import { describe, expect, it } from 'vitest';
import { showsWrite } from '../../../electron/core/outbox/statuspal/shows-write';

const written = {
  type: 'minor',
  title: 'Checkout down',
  service_ids: [2],
  updates: [{ type: 'issue', description: 'Investigating <b>now</b>' }],
};

function incident(over: Record<string, unknown> = {}, update: Record<string, unknown> = {}) {
  return {
    id: 7,
    type: 'minor',
    title: 'Checkout down',
    service_ids: [2],
    inserted_at: '2026-01-01T12:00:00',
    updates: [{ id: 70, type: 'issue', description: 'Investigating now', subscribers_notified_at: null, ...update }],
    ...over,
  };
}

describe('does a server object show everything a create wrote', () => {
  it('matches the text the way the server may have stored it', () => {
    expect(showsWrite('createIncident', incident({ title: '  Checkout   down ' }), written)).toBe(true);
    expect(showsWrite('createIncident', incident({}, { description: 'Investigating &lt;b&gt;now&lt;/b&gt;' }), written)).toBe(true);
  });

  it('tells apart what differs in anything the write set: services, type, text, first update', () => {
    expect(showsWrite('createIncident', incident({ service_ids: [1] }), written)).toBe(false);
    expect(showsWrite('createIncident', incident({ service_ids: [2, 1] }), written)).toBe(false);
    expect(showsWrite('createIncident', incident({ type: 'major' }), written)).toBe(false);
    expect(showsWrite('createIncident', incident({ title: 'Checkout down (EU)' }), written)).toBe(false);
    expect(showsWrite('createIncident', incident({}, { type: 'update' }), written)).toBe(false);
    expect(showsWrite('createIncident', incident({}, { description: 'Investigating' }), written)).toBe(false);
  });

  it('reads ids as sets and does not hold unshown or unwritten fields against an object', () => {
    expect(showsWrite('createIncident', incident({ service_ids: ['2'] }), written)).toBe(true);
    const { service_ids: _ids, ...withoutServices } = incident();
    void _ids;
    expect(showsWrite('createIncident', withoutServices, written)).toBe(true);
    // Someone added an update since: the create's update is still one of them.
    const later = incident();
    later.updates = [{ id: 71, type: 'update', description: 'Fix deployed', subscribers_notified_at: null }, ...later.updates];
    expect(showsWrite('createIncident', later, written)).toBe(true);
  });

  it('uses the notify flag where the server shows it', () => {
    const quiet = { ...written, notify: false };
    expect(showsWrite('createIncident', incident({}, { subscribers_notified_at: '2026-01-01T12:00:00' }), quiet)).toBe(false);
    expect(showsWrite('createIncident', incident(), quiet)).toBe(true);
    // Notified later than stored, maybe: a missing notification proves nothing.
    expect(showsWrite('createIncident', incident(), { ...written, notify: true })).toBe(true);
    expect(showsWrite('createIncident', incident({}, { notify: false }), { ...written, notify: true })).toBe(false);
  });

  it('compares starts_at as an instant when the write set it', () => {
    const at = { ...written, starts_at: '2026-01-01T11:00:00Z' };
    expect(showsWrite('createIncident', incident({ starts_at: '2026-01-01T11:00:00' }), at)).toBe(true);
    expect(showsWrite('createIncident', incident({ starts_at: '2026-01-01T11:05:00' }), at)).toBe(false);
  });

  it('covers the other kinds looked up by text: notices (whose updates are all "info"), updates, services', () => {
    const notice = { id: 3, title: 'We moved', updates: [{ id: 1, type: 'info', description: 'New  address' }], service_ids: [] };
    expect(showsWrite('createInfoNotice', notice, { title: ' We moved ', updates: [{ type: 'news', description: 'New address' }] })).toBe(true);
    expect(
      showsWrite('addIncidentUpdate', { id: 1, type: 'monitoring', description: 'Fix <i>deployed</i>' }, { type: 'monitoring', description: 'Fix deployed' }),
    ).toBe(true);
    expect(showsWrite('addIncidentUpdate', { id: 1, type: 'update', description: 'Fix deployed' }, { type: 'monitoring', description: 'Fix deployed' })).toBe(
      false,
    );
    expect(showsWrite('addInfoNoticeUpdate', { id: 1, type: 'info', description: 'Moved' }, { type: 'x', description: ' Moved' })).toBe(true);
    const service = { id: 9, name: 'Billing API', description: 'Invoices', parent_id: 2, order: 7 };
    expect(showsWrite('addService', service, { name: 'Billing  API ', description: '<p>Invoices</p>', parent_id: 2, order: 1 })).toBe(true);
    expect(showsWrite('addService', service, { name: 'Billing API', parent_id: 3 })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { newestUpdate } from '../../../../shared/monitor/provider/feed-updates';

/* Stamps carry no year: the year that puts each nearest the entry's own date (the published samples are in feeds-as-published). */

describe('the newest stamped update of a feed body', () => {
  it('an update stamped after New Year is the newest of an entry dated in December', () => {
    const body =
      '<p><small>Dec 31, 23:40:00 GMT+0</small><br /><strong>Investigating</strong> - Errors.</p>' +
      '<p><small>Jan 1, 00:20:00 GMT+0</small><br /><strong>Resolved</strong> - This incident has been resolved.</p>';
    expect(newestUpdate(body, '2025-12-31T23:40:00.000Z')).toMatchObject({ at: '2026-01-01T00:20:00.000Z' });
    expect(newestUpdate(body, '2025-12-31T23:40:00.000Z')!.html).toContain('<strong>Resolved</strong>');
  });

  it('a stamp with an offset is read in UTC, and a body without stamps has no stamped update', () => {
    expect(newestUpdate('<small>Mar 2, 10:00 GMT+2</small><br><strong>Monitoring</strong>', '2026-03-02T08:00:00Z')).toMatchObject({
      at: '2026-03-02T08:00:00.000Z',
    });
    expect(newestUpdate('<p>Incident began at <strong>2022-03-31 08:30</strong></p>', '2022-03-31T08:30:00Z')).toBeNull();
  });
});

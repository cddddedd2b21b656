import { describe, expect, it } from 'vitest';
import { alertChangeSchema } from '../../../shared/alerts/alert-message';
import { changesOfPoll } from '../../../electron/core/alerts/routing/changes-of-poll';
import { watchedPage } from '../monitor/support/pages';
import { baseSummary, pollOf, setServiceType, withIncident, wireIncident, wireUpdate } from './support/polls';

const page = watchedPage({ name: 'Acme' });
const AT = '2025-06-01T12:00:00.000Z';
const LATER = '2025-06-01T12:01:07.000Z';

function changes(prev: any, next: any, at = AT, catchUp = false) {
  const out = changesOfPoll(pollOf(page, prev, next, at, { catchUp }));
  for (const routed of out) alertChangeSchema.parse(routed.change);
  return out;
}

describe('changesOfPoll', () => {
  it('a major incident opening is one trigger in the notifications’ words, its level changes folded in', () => {
    const out = changes(baseSummary(), withIncident('major', 'major'));
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({
      action: 'trigger',
      incidentKey: `${page.id}:70`,
      change: {
        pageId: page.id,
        pageName: 'Acme',
        pageUrl: 'https://acme.example',
        subject: { kind: 'incident', id: '70', title: 'Logins fail', url: 'https://acme.example/incidents/70' },
        phase: 'opened',
        severity: 'major',
        headline: 'Major outage: Logins fail',
        text: 'Logins fail: first update',
        services: ['Web › API'],
        at: AT,
      },
    });
    // A rule on the parent "Web" covers the incident on "Web › API".
    expect(out[0]!.serviceIds).toEqual(expect.arrayContaining([1, 2]));
  });

  it('a minor incident opens as info; its resolution resolves, quoting the resolution', () => {
    const opened = changes(baseSummary(), withIncident('minor', 'minor'));
    expect(opened.map((c) => [c.action, c.change.phase, c.change.headline])).toEqual([['info', 'opened', 'Minor incident: Logins fail']]);
    const resolvedSummary = withIncident('minor', 'minor', {
      updates: [wireUpdate(7001, 'resolved', 'All fixed.', '2025-06-01T12:30:00'), wireUpdate(7000, 'issue', 'first', '2025-06-01T10:00:00')],
    });
    resolvedSummary.status_page.current_incident_type = null;
    resolvedSummary.current_status_type = null;
    setServiceType(resolvedSummary, 1, null);
    setServiceType(resolvedSummary, 2, null);
    const resolved = changes(withIncident('minor', 'minor'), resolvedSummary, LATER);
    expect(resolved.map((c) => [c.action, c.change.phase, c.change.headline, c.change.text])).toEqual([
      ['resolve', 'resolved', 'Resolved: Logins fail', 'All fixed.'],
    ]);
    expect(resolved[0]!.incidentKey).toBe(opened[0]!.incidentKey);
  });

  it('a major incident that leaves the page: resolve for the incident and for the page level', () => {
    const out = changes(withIncident('major', 'major'), baseSummary(), LATER);
    expect(out.map((c) => [c.action, c.change.phase, c.incidentKey])).toEqual([
      ['resolve', 'resolved', `${page.id}:70`],
      ['resolve', 'level', page.id],
    ]);
    expect(out[0]!.change.text).toBe('No longer listed as open on the page.');
    expect(out[1]!.change.headline).toBe('All systems operational');
    // Recovery from a major level carries its severity, so a major-only rule (PagerDuty) still gets the resolve.
    expect(out[1]!.change.severity).toBe('major');
    // Explained by the resolution: only a receiver acting by dedup_key is sent it.
    expect(out.map((c) => c.onlyForDedup ?? false)).toEqual([false, true]);
  });

  it('an escalation to major triggers; a plain update is info; a title edit alone is not news', () => {
    const minor = withIncident('minor', 'minor');
    const major = withIncident('major', 'major');
    const escalated = changes(minor, major);
    expect(escalated[0]).toMatchObject({ action: 'trigger', change: { phase: 'updated', headline: 'Now Major outage: Logins fail' } });

    const updated = withIncident('major', 'major', {
      updates: [wireUpdate(7002, 'update', 'Still looking.', '2025-06-01T11:00:00'), wireUpdate(7000, 'issue', 'first', '2025-06-01T10:00:00')],
    });
    const update = changes(major, updated);
    expect(update.map((c) => [c.action, c.change.headline, c.change.text])).toEqual([['info', 'Update: Logins fail', 'Still looking.']]);

    const renamed = withIncident('major', 'major');
    renamed.incidents[0].title = 'Logins fail for some';
    expect(changes(major, renamed)).toEqual([]);
  });

  it('catch-up events, a stale page and its recovery are not news', () => {
    expect(changes(baseSummary(), withIncident('major', 'major'), AT, true)).toEqual([]);
    const staleAndBack = changesOfPoll({
      page,
      name: 'Acme',
      snapshot: null,
      events: [
        {
          type: 'page.stale',
          id: 'x',
          at: AT,
          page: { id: page.id, name: 'Acme', subdomain: 'acme' },
          lastLevel: 'operational',
          cause: 'failures',
          failures: 3,
          lastSuccessAt: null,
          error: null,
        },
        {
          type: 'page.recovered',
          id: 'y',
          at: LATER,
          page: { id: page.id, name: 'Acme', subdomain: 'acme' },
          level: 'major',
          previousLevel: 'operational',
          staleSince: AT,
        },
      ],
    });
    expect(staleAndBack).toEqual([]);
  });

  it('service level changes alone are one level change; a page going major alone triggers', () => {
    const degraded = setServiceType(baseSummary(), 4, 'minor');
    const one = changes(baseSummary(), degraded);
    expect(one.map((c) => [c.action, c.change.phase, c.change.headline, c.change.services])).toEqual([['info', 'level', 'Data: minor incident', ['Data']]]);

    const down = setServiceType(baseSummary(), 4, 'major');
    down.status_page.current_incident_type = 'major';
    down.current_status_type = 'major';
    const major = changes(baseSummary(), down);
    expect(major.map((c) => [c.action, c.change.headline, c.change.severity, c.incidentKey])).toEqual([['trigger', 'Major outage', 'major', page.id]]);
    expect(major[0]!.serviceIds).toEqual([4]);
  });

  it('maintenances and notices are info, in the notifications’ words', () => {
    const scheduled = baseSummary();
    scheduled.upcoming_maintenances = [wireIncident({ id: 80, type: 'scheduled', title: 'DB upgrade', serviceIds: [4], startsAt: '2025-06-02T22:00:00' })];
    const out = changes(baseSummary(), scheduled);
    expect(out.map((c) => [c.action, c.change.phase, c.change.headline, c.change.severity])).toEqual([
      ['info', 'updated', 'Maintenance scheduled: DB upgrade', 'maintenance'],
    ]);
    expect(out[0]!.change.text).toMatch(/^Starts 2025-06-02 22:00 UTC\./);

    const notice = baseSummary();
    notice.info_notices = [{ id: 5, title: 'New region', url: null, service_ids: [], updates: [], featured_from: null, featured_until: null }];
    const posted = changes(baseSummary(), notice);
    expect(posted.map((c) => [c.action, c.change.phase, c.change.headline, c.incidentKey])).toEqual([
      ['info', 'opened', 'Notice: New region', `${page.id}:notice:5`],
    ]);
  });

  it('the same change read by two watchers at other instants has the same key; another change another', () => {
    const a = changes(baseSummary(), withIncident('major', 'major'), AT);
    const b = changes(baseSummary(), withIncident('major', 'major'), LATER);
    expect(a[0]!.key).toBe(b[0]!.key);
    expect(a[0]!.key).toMatch(/^alert-/);
    const resolved = changes(withIncident('major', 'major'), baseSummary(), LATER);
    const otherIncident = changes(baseSummary(), withIncident('major', 'major', { id: 71 }), AT);
    const keys = new Set([a[0]!.key, resolved[0]!.key, resolved[1]!.key, otherIncident[0]!.key]);
    expect(keys.size).toBe(4);
  });
});

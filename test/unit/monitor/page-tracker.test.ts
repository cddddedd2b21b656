import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../shared/errors';
import { monitorEventSchema } from '../../../shared/monitor/events';
import { PageTracker } from '../../../electron/core/monitor/page-tracker';
import { providerWatchedPage } from '../../../electron/core/monitor/provider-page';
import { baseSummary, fixtureText, wireIncident } from './support/fixtures';
import { watchedPage } from './support/pages';

const T0 = Date.UTC(2025, 5, 1, 12, 0, 0);
const MIN = 60_000;
const rules = { staleAfterFailures: 3, staleAfterIntervals: 3 };
const networkError = () => new AppError('network', 'connection refused');

function tracker(name?: string) {
  return new PageTracker(watchedPage(name ? { name, subdomain: 'exoscalestatus' } : { subdomain: 'exoscalestatus' }), T0, rules);
}

afterEach(() => vi.restoreAllMocks());

describe('PageTracker', () => {
  it('the first good poll is a baseline without events', () => {
    const t = tracker();
    const result = t.recordBody(fixtureText('exoscale-network-degraded'), T0);
    expect(result).toEqual({ outcome: 'baseline', events: [] });
    expect(t.snapshot?.level).toBe('minor');
    expect(t.lastSuccessAt).toBe(T0);
    expect(t.name).toBe('Exoscale');
  });

  it('a provider page is named by its address until its summary names it, never by its slug', () => {
    const url = 'https://status.nimbus.example/';
    const t = new PageTracker(providerWatchedPage(url), T0, rules);
    expect(t.name).toBe('status.nimbus.example');
    t.recordFailure(networkError(), T0 + MIN, MIN);
    expect(t.name).toBe('status.nimbus.example');
    t.recordBody(
      JSON.stringify({
        page: { id: 'p', name: 'Nimbus Cloud', url },
        components: [],
        incidents: [],
        scheduled_maintenances: [],
        status: { indicator: 'none' },
      }),
      T0 + 2 * MIN,
    );
    expect(t.name).toBe('Nimbus Cloud');
    t.recordFailure(networkError(), T0 + 3 * MIN, MIN);
    expect(t.name).toBe('Nimbus Cloud');
  });

  it('a byte-identical body skips parse, normalise and diff', () => {
    const t = tracker();
    const body = fixtureText('exoscale-vie2-maintenance-critical');
    t.recordBody(body, T0);
    const before = t.snapshot;
    const parse = vi.spyOn(JSON, 'parse');
    // A different string object with the same bytes, as a new response would be.
    const result = t.recordBody(`${body} `.slice(0, -1), T0 + MIN);
    expect(parse).not.toHaveBeenCalled();
    expect(result).toEqual({ outcome: 'unchanged', events: [] });
    expect(t.snapshot).toBe(before);
    expect(t.lastSuccessAt).toBe(T0 + MIN);
  });

  it('a changed body is diffed against the last good summary', () => {
    const t = tracker();
    t.recordBody(fixtureText('exoscale-operational'), T0);
    const result = t.recordBody(fixtureText('exoscale-network-degraded'), T0 + MIN);
    expect(result.outcome).toBe('changed');
    expect(result.events.map((e) => e.type)).toEqual(['page.level_changed', 'incident.opened', 'maintenance.ended', 'service.level_changed']);
    expect(result.events[0]!.at).toBe(new Date(T0 + MIN).toISOString());
    expect(result.events[0]!.page).toEqual({ id: t.page.id, name: 'Exoscale', subdomain: 'exoscalestatus' });
  });

  it('an unreadable body throws and changes nothing', () => {
    const t = tracker();
    t.recordBody(fixtureText('exoscale-operational'), T0);
    expect(() => t.recordBody('{"status_page": {"na', T0 + MIN)).toThrow(SyntaxError);
    expect(() => t.recordBody('{"status_page": {}}', T0 + MIN)).toThrow(/status_page.name/);
    expect(t.lastSuccessAt).toBe(T0);
    expect(t.snapshot?.level).toBe('operational');
  });

  it('failures are not status changes; the third in a row makes the page stale', () => {
    const t = tracker();
    t.recordBody(fixtureText('peak-customer-api-down'), T0);
    expect(t.recordFailure(networkError(), T0 + MIN, MIN)).toEqual([]);
    expect(t.recordFailure(networkError(), T0 + 2 * MIN, MIN)).toEqual([]);
    expect(t.snapshot?.level).toBe('major');
    expect(t.stale).toBe(false);
    const events = t.recordFailure(networkError(), T0 + 2.5 * MIN, MIN);
    expect(events).toHaveLength(1);
    expect(monitorEventSchema.parse(events[0])).toMatchObject({
      type: 'page.stale',
      cause: 'failures',
      failures: 3,
      lastLevel: 'major',
      lastSuccessAt: new Date(T0).toISOString(),
      error: { code: 'network', message: 'connection refused' },
    });
    expect(t.stale).toBe(true);
    expect(t.recordFailure(networkError(), T0 + 3 * MIN, MIN)).toEqual([]);
    expect(t.consecutiveFailures).toBe(4);
  });

  it('a success older than three intervals makes the page stale on the next failure or age check', () => {
    const t = tracker();
    t.recordBody(fixtureText('exoscale-operational'), T0);
    expect(t.staleDeadline(MIN)).toBe(T0 + 3 * MIN);
    expect(t.checkAge(T0 + 3 * MIN - 1, MIN)).toEqual([]);
    const aged = t.recordFailure(networkError(), T0 + 3 * MIN, MIN);
    expect(aged[0]).toMatchObject({ type: 'page.stale', cause: 'age', failures: 1 });

    const u = tracker();
    u.recordBody(fixtureText('exoscale-operational'), T0);
    const offline = { code: 'network' as const, message: 'The computer is offline.' };
    expect(u.checkAge(T0 + 3 * MIN, MIN, offline)[0]).toMatchObject({ type: 'page.stale', cause: 'age', failures: 0, error: offline });
    expect(u.staleDeadline(MIN)).toBeNull();
  });

  it('recovers with page.recovered; an unchanged body adds nothing else', () => {
    const t = tracker();
    const body = fixtureText('exoscale-network-degraded');
    t.recordBody(body, T0);
    for (let i = 1; i <= 3; i++) t.recordFailure(networkError(), T0 + i * MIN, MIN);
    const result = t.recordBody(body, T0 + 4 * MIN);
    expect(result.outcome).toBe('unchanged');
    expect(result.events).toEqual([
      expect.objectContaining({ type: 'page.recovered', level: 'minor', previousLevel: 'minor', staleSince: new Date(T0 + 3 * MIN).toISOString() }),
    ]);
    expect(t.stale).toBe(false);
    expect(t.error).toBeNull();
  });

  it('what changed while stale comes after page.recovered, marked catchUp', () => {
    const t = tracker();
    t.recordBody(fixtureText('exoscale-operational'), T0);
    for (let i = 1; i <= 3; i++) t.recordFailure(networkError(), T0 + i * MIN, MIN);
    const result = t.recordBody(fixtureText('peak-customer-api-down'), T0 + 4 * MIN);
    expect(result.events[0]).toMatchObject({ type: 'page.recovered', level: 'major', previousLevel: 'operational' });
    expect(result.events.slice(1).map((e) => e.type)).toContain('incident.opened');
    expect(result.events.slice(1).every((e) => e.catchUp === true)).toBe(true);
  });

  it('a page that never answered: stale with no level, then a baseline', () => {
    const t = tracker();
    for (let i = 1; i <= 3; i++) t.recordFailure(networkError(), T0 + i * 1000, MIN);
    expect(t.stale).toBe(true);
    const result = t.recordBody(fixtureText('exoscale-operational'), T0 + MIN);
    expect(result.outcome).toBe('baseline');
    expect(result.events).toEqual([expect.objectContaining({ type: 'page.recovered', previousLevel: null, level: 'operational' })]);
  });

  it('the configured name wins over the page name', () => {
    const t = tracker('Exo prod');
    t.recordBody(fixtureText('exoscale-operational'), T0);
    const s = baseSummary();
    s.status_page.subdomain = 'exoscalestatus';
    s.incidents = [wireIncident({ id: 1, type: 'major', title: 'Down' })];
    const events = t.recordBody(JSON.stringify(s), T0 + MIN).events;
    expect(events.every((e) => e.page.name === 'Exo prod')).toBe(true);
  });
});

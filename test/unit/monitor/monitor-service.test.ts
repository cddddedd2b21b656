import { describe, expect, it } from 'vitest';
import { MonitorService, type MonitorServiceOptions } from '../../../electron/core/monitor/monitor-service';
import { SignalHub } from '../../../electron/core/monitor/system-signals';
import { monitorEventSchema, type MonitorEvent } from '../../../shared/monitor/events';
import type { NotificationIntent } from '../../../shared/monitor/notification-intent';
import { dashboardSnapshotSchema, type PageState } from '../../../shared/monitor/page-state';
import type { WatchedPage } from '../../../shared/monitor/watched-page';
import { FakeClock } from './support/fake-clock';
import { FakeServer, networkFailure, rateLimited } from './support/fake-fetcher';
import { baseSummary, fixtureText, wireIncident } from './support/fixtures';
import { watchedPage } from './support/pages';
import { snoozeSilences, type Snooze } from '../../../shared/snooze/snooze';
import { trayPagesWithSnoozes } from '../../../shared/snooze/snooze-tray';

const SEC = 1000;
const MIN = 60 * SEC;

function acmeBody(incident = false): string {
  const s = baseSummary();
  if (incident) {
    s.status_page.current_incident_type = 'major';
    s.current_status_type = 'major';
    s.incidents = [wireIncident({ id: 70, type: 'major', title: 'API down', serviceIds: [4] })];
    s.services[1].current_incident_type = 'major';
  }
  return JSON.stringify(s);
}

function setup(pages: WatchedPage[], options: Partial<MonitorServiceOptions> = {}) {
  const clock = new FakeClock();
  const server = new FakeServer();
  const signals = new SignalHub();
  const events: MonitorEvent[] = [];
  const notes: NotificationIntent[] = [];
  const states: PageState[] = [];
  const errors: unknown[] = [];
  const history: MonitorEvent[] = [];
  const monitor = new MonitorService({
    pages,
    clock,
    signals,
    clientFor: () => server.fetcher(),
    history: { append: (e) => void history.push(...e) },
    onEvent: (e) => events.push(monitorEventSchema.parse(e)),
    onNotify: (n) => notes.push(n),
    onStateChange: (s) => states.push(s),
    onError: (e) => errors.push(e),
    tuning: { jitterRatio: 0, random: () => 0.5, startSpreadMs: 0 },
    ...options,
  });
  return { clock, server, signals, monitor, events, notes, states, errors, history };
}

describe('MonitorService', () => {
  it('baseline first, then one event set and one notification per real change', async () => {
    const page = watchedPage({ subdomain: 'acme', name: 'Acme' });
    const t = setup([page]);
    t.server.bodies.set('acme', acmeBody());
    t.monitor.start();
    await t.clock.advance(0);
    expect(t.monitor.state()[0]).toMatchObject({
      status: 'ok',
      level: 'operational',
      stale: false,
      consecutiveFailures: 0,
      nextCheckAt: new Date(t.clock.now() + MIN).toISOString(),
    });
    expect(t.events).toEqual([]);
    await t.clock.advance(5 * MIN); // unchanged bodies: nothing
    expect(t.events).toEqual([]);
    expect(t.server.count('acme')).toBe(6);
    t.server.bodies.set('acme', acmeBody(true));
    await t.clock.advance(MIN);
    expect(t.events.map((e) => e.type)).toEqual(['page.level_changed', 'incident.opened', 'service.level_changed']);
    expect(t.history).toEqual(t.events);
    expect(t.notes).toHaveLength(1);
    expect(t.notes[0]).toMatchObject({ title: 'Acme: Major outage: API down', target: { pageId: page.id, incidentId: 70 } });
    await t.clock.advance(3 * MIN);
    expect(t.notes).toHaveLength(1);
    expect(t.monitor.tray().icon).toBe('major');
  });

  it('a failed poll is not a status change; three in a row make the page stale, never operational', async () => {
    const t = setup([watchedPage({ subdomain: 'acme' })]);
    t.server.bodies.set('acme', acmeBody(true));
    t.monitor.start();
    await t.clock.advance(0);
    t.server.bodies.set('acme', networkFailure());
    await t.clock.advance(MIN + 15 * SEC); // fails at 60 s, 63.75 s and 71.25 s (backoff 3.75 s, 7.5 s)
    expect(t.events.map((e) => e.type)).toEqual(['page.stale']);
    expect(t.events[0]).toMatchObject({ cause: 'failures', failures: 3, lastLevel: 'major' });
    const state = t.monitor.state()[0]!;
    expect(state).toMatchObject({ status: 'stale', stale: true, level: 'major', consecutiveFailures: 3, error: { code: 'network' } });
    expect(t.monitor.tray().icon).toBe('stale'); // shown as stale, whatever the last level was
    expect(t.notes).toEqual([]);
    t.server.bodies.set('acme', acmeBody(true));
    await t.clock.advance(MIN);
    expect(t.events.map((e) => e.type)).toEqual(['page.stale', 'page.recovered']);
    expect(t.monitor.state()[0]).toMatchObject({ status: 'ok', error: null });
    expect(t.notes).toEqual([]); // same level as before: no notification
  });

  it('honours Retry-After from a 429', async () => {
    const t = setup([watchedPage({ subdomain: 'acme' })]);
    t.server.bodies.set('acme', rateLimited(5 * MIN));
    t.monitor.start();
    await t.clock.advance(0);
    t.server.bodies.set('acme', acmeBody());
    await t.clock.advance(5 * MIN - SEC);
    expect(t.server.count('acme')).toBe(1);
    await t.clock.advance(SEC);
    expect(t.server.count('acme')).toBe(2);
  });

  it('offline: no polls; stale after three intervals; at once when the network returns', async () => {
    const t = setup([watchedPage({ subdomain: 'acme' })]);
    t.server.bodies.set('acme', acmeBody());
    t.monitor.start();
    await t.clock.advance(0);
    t.signals.setOnline(false);
    expect(t.monitor.state()[0]!.paused).toBe('offline');
    await t.clock.advance(2 * MIN);
    expect(t.server.count('acme')).toBe(1);
    expect(t.events).toEqual([]);
    await t.clock.advance(MIN);
    expect(t.events.map((e) => e.type)).toEqual(['page.stale']);
    expect(t.events[0]).toMatchObject({ cause: 'age', error: { code: 'network', message: 'The computer is offline.' } });
    t.signals.setOnline(true);
    await t.clock.advance(0);
    expect(t.server.count('acme')).toBe(2);
    expect(t.events.map((e) => e.type)).toEqual(['page.stale', 'page.recovered']);
  });

  it('starts paused when the computer is offline', async () => {
    const t = setup([watchedPage({ subdomain: 'acme' })]);
    t.server.bodies.set('acme', acmeBody());
    t.signals.setOnline(false);
    t.monitor.start();
    await t.clock.advance(MIN);
    expect(t.server.calls).toEqual([]);
    t.signals.setOnline(true);
    await t.clock.advance(0);
    expect(t.server.calls).toEqual(['acme']);
  });

  it('sleep: no polls and no stale events while suspended; every page at once on resume', async () => {
    const t = setup([watchedPage({ subdomain: 'acme' }), watchedPage({ subdomain: 'globex' })]);
    t.server.bodies.set('acme', acmeBody());
    t.server.bodies.set('globex', acmeBody());
    t.monitor.start();
    await t.clock.advance(0);
    t.signals.suspend();
    await t.clock.advance(8 * 60 * MIN);
    expect(t.server.calls).toHaveLength(2);
    t.signals.resume();
    await t.clock.advance(0);
    expect(t.server.calls).toHaveLength(4);
    expect(t.events).toEqual([]); // the first polls after wake come within the grace period
    expect(t.monitor.state().every((s) => s.status === 'ok')).toBe(true);
  });

  it('poll now: one page or all, resolved when done', async () => {
    const a = watchedPage({ subdomain: 'acme' });
    const t = setup([a, watchedPage({ subdomain: 'globex' })]);
    t.server.bodies.set('acme', acmeBody());
    t.server.bodies.set('globex', acmeBody());
    await t.monitor.pollNow(a.id);
    expect(t.server.calls).toEqual(['acme']);
    await t.monitor.pollNow();
    expect(t.server.calls.sort()).toEqual(['acme', 'acme', 'globex']);
    expect(t.monitor.state().map((s) => s.status)).toEqual(['ok', 'ok']);
  });

  it('hot reconfiguration: add, remove, another subdomain is a new baseline, mute applies at once', async () => {
    const a = watchedPage({ subdomain: 'acme' });
    const t = setup([a]);
    t.server.bodies.set('acme', acmeBody());
    t.server.bodies.set('globex', acmeBody(true));
    t.monitor.start();
    await t.clock.advance(0);
    const b = watchedPage({ subdomain: 'globex' });
    t.monitor.setPages([a, b]);
    await t.clock.advance(0);
    expect(t.monitor.state().map((s) => [s.subdomain, s.level])).toEqual([
      ['acme', 'operational'],
      ['globex', 'major'],
    ]);
    t.monitor.setPages([{ ...a, subdomain: 'globex' }]);
    expect(t.monitor.state()).toHaveLength(1);
    await t.clock.advance(0);
    expect(t.monitor.state()[0]).toMatchObject({ subdomain: 'globex', level: 'major' });
    expect(t.events).toEqual([]); // a new page is a baseline, not a change
    t.monitor.setPages([{ ...a, subdomain: 'globex', muted: true }]);
    t.server.bodies.set('globex', acmeBody());
    await t.clock.advance(MIN);
    expect(t.events.length).toBeGreaterThan(0);
    expect(t.notes).toEqual([]);
  });

  it('pause notifications for an hour; the tray says so', async () => {
    const t = setup([watchedPage({ subdomain: 'acme', name: 'Acme' })]);
    t.server.bodies.set('acme', acmeBody());
    t.monitor.start();
    await t.clock.advance(0);
    const prefs = t.monitor.pauseNotifications(60 * MIN);
    expect(prefs.pausedUntil).toBe(new Date(t.clock.now() + 60 * MIN).toISOString());
    t.server.bodies.set('acme', acmeBody(true));
    await t.clock.advance(MIN);
    expect(t.events.length).toBeGreaterThan(0);
    expect(t.notes).toEqual([]);
    expect(t.monitor.tray().menu.some((m) => m.kind === 'action' && m.action === 'resume_notifications')).toBe(true);
    t.monitor.resumeNotifications();
    t.server.bodies.set('acme', acmeBody());
    await t.clock.advance(MIN);
    expect(t.notes).toHaveLength(1);
    expect(t.notes[0]!.title).toBe('Acme: Resolved: API down');
  });

  it('state is serialisable dashboard data', async () => {
    const t = setup([watchedPage({ subdomain: 'exoscalestatus' })]);
    t.server.bodies.set('exoscalestatus', fixtureText('exoscale-vie2-maintenance-critical'));
    await t.monitor.pollNow();
    const snapshot = t.monitor.snapshot();
    expect(dashboardSnapshotSchema.parse(JSON.parse(JSON.stringify(snapshot)))).toEqual(snapshot);
    expect(snapshot.pages[0]).toMatchObject({ name: 'Exoscale', level: 'scheduled', summary: { currentType: 'emergency-maintenance' } });
  });

  it('an unreadable 200 is a failed poll with invalid_response', async () => {
    const t = setup([watchedPage({ subdomain: 'acme' })]);
    t.server.bodies.set('acme', '{"status_page": {"name": "Ac');
    await t.monitor.pollNow();
    expect(t.monitor.state()[0]).toMatchObject({
      status: 'pending',
      consecutiveFailures: 1,
      error: { code: 'invalid_response', message: 'The summary is not valid JSON.' },
    });
  });

  it('listener and history failures are reported, never fatal; stop() unsubscribes', async () => {
    const t = setup([watchedPage({ subdomain: 'acme' })], {
      history: { append: () => Promise.reject(new Error('disk full')) },
      onEvent: () => {
        throw new Error('renderer gone');
      },
    });
    t.server.bodies.set('acme', acmeBody());
    t.monitor.start();
    await t.clock.advance(0);
    t.server.bodies.set('acme', acmeBody(true));
    await t.clock.advance(MIN);
    expect(t.errors.map((e) => (e as Error).message)).toContain('disk full');
    expect(t.errors.map((e) => (e as Error).message)).toContain('renderer gone');
    expect(t.notes).toHaveLength(1);
    expect(t.signals.listenerCount()).toBe(4);
    t.monitor.stop();
    expect(t.signals.listenerCount()).toBe(0);
    expect(t.clock.pendingTimers).toBe(0);
  });

  it('a snooze of a group quiets the incident on its child, in the notifications and the tray', async () => {
    const page = watchedPage({ subdomain: 'acme', name: 'Acme' });
    const snoozes: Snooze[] = [
      { id: 's', pageId: page.id, target: { kind: 'service', serviceId: 1 }, label: 'Web', until: new Date(Date.now() + 3_600_000).toISOString() },
    ];
    const t = setup([page], {
      isOwnWrite: (p, event, services) => snoozeSilences(snoozes, p.id, event, Date.now(), services),
      trayPages: (pages) => trayPagesWithSnoozes(pages, snoozes, Date.now()),
    });
    t.server.bodies.set('acme', acmeBody());
    t.monitor.start();
    await t.clock.advance(0);
    // Web (1) is a group: the incident lists only its child API (2).
    const s = baseSummary();
    s.status_page.current_incident_type = 'major';
    s.current_status_type = 'major';
    s.incidents = [wireIncident({ id: 71, type: 'major', title: 'API down', serviceIds: [2] })];
    s.services[0].children[0].current_incident_type = 'major';
    t.server.bodies.set('acme', JSON.stringify(s));
    await t.clock.advance(MIN);
    expect(t.events.map((e) => e.type)).toContain('incident.opened');
    expect(t.notes).toEqual([]);
    expect(t.monitor.tray()).toMatchObject({ icon: 'operational', tooltip: 'Statusdesk: Acme operational' });
    t.monitor.stop();
  });
});

import { describe, expect, it } from 'vitest';
import { MonitorService } from '../../../electron/core/monitor/monitor-service';
import type { PagePoll } from '../../../electron/core/monitor/monitor-options';
import type { NotificationIntent } from '../../../shared/monitor/notification-intent';
import { FakeClock } from './support/fake-clock';
import { FakeServer } from './support/fake-fetcher';
import { baseSummary, wireIncident } from './support/fixtures';
import { watchedPage } from './support/pages';

/*
 * The team alerts hear every poll that produced events (onPoll), whole: one call per poll with all of its
 * events, whatever the desktop user muted, snoozed or wrote themselves. Those silence this computer's
 * notifications, never the team's alerts.
 */

const MIN = 60_000;

function body(incident: boolean): string {
  const s = baseSummary();
  if (incident) {
    s.status_page.current_incident_type = 'major';
    s.current_status_type = 'major';
    s.incidents = [wireIncident({ id: 70, type: 'major', title: 'API down', serviceIds: [4] })];
    s.services[1].current_incident_type = 'major';
  }
  return JSON.stringify(s);
}

function setup(muted: boolean) {
  const clock = new FakeClock();
  const server = new FakeServer();
  const page = watchedPage({ subdomain: 'acme', name: 'Acme', muted });
  const polls: PagePoll[] = [];
  const notes: NotificationIntent[] = [];
  const monitor = new MonitorService({
    pages: [page],
    clock,
    clientFor: () => server.fetcher(),
    onPoll: (poll) => polls.push(poll),
    onNotify: (intent) => notes.push(intent),
    // A snooze or the echo of an own write: every event is kept from the desktop notifications.
    isOwnWrite: () => true,
    tuning: { jitterRatio: 0, random: () => 0.5, startSpreadMs: 0 },
  });
  return { clock, server, page, polls, notes, monitor };
}

describe('the monitor’s onPoll hook', () => {
  it('one call per poll that changed something, with all of its events, while the desktop is silenced', async () => {
    const t = setup(true);
    t.server.bodies.set('acme', body(false));
    t.monitor.start();
    await t.clock.advance(0);
    await t.clock.advance(3 * MIN);
    // The baseline and the unchanged polls bring no events: no call.
    expect(t.polls).toEqual([]);

    t.server.bodies.set('acme', body(true));
    await t.clock.advance(MIN);
    expect(t.polls).toHaveLength(1);
    const opened = t.polls[0]!;
    expect(opened.page.id).toBe(t.page.id);
    expect(opened.name).toBe('Acme');
    expect(opened.events.map((e) => e.type)).toEqual(['page.level_changed', 'incident.opened', 'service.level_changed']);
    expect(opened.snapshot?.incidents.map((i) => i.id)).toEqual([70]);

    t.server.bodies.set('acme', body(false));
    await t.clock.advance(MIN);
    expect(t.polls).toHaveLength(2);
    expect(t.polls[1]!.events.map((e) => e.type)).toContain('incident.resolved');
    // Muted and snoozed on this computer: nothing was notified here.
    expect(t.notes).toEqual([]);
    t.monitor.stop();
  });

  it('a page that is not muted is heard the same: the hook does not depend on the notifications', async () => {
    const t = setup(false);
    t.server.bodies.set('acme', body(false));
    t.monitor.start();
    await t.clock.advance(0);
    t.server.bodies.set('acme', body(true));
    await t.clock.advance(MIN);
    expect(t.polls.map((poll) => poll.events.length)).toEqual([3]);
    t.monitor.stop();
  });
});

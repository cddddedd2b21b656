import { describe, expect, it } from 'vitest';
import { SignalHub } from '../../../electron/core/monitor/system-signals';
import { createScaledClock } from '../../../electron/core/monitor/clock';
import { MONITOR_EVENT_TYPES, monitorEventSchema } from '../../../shared/monitor/events';
import { stableId } from '../../../shared/monitor/event-id';
import { DEFAULT_NOTIFICATION_PREFS, notificationPrefsSchema, notificationsPausedAt } from '../../../shared/monitor/notification-prefs';
import { SEVERITIES, isAtLeast, severityOfLevel } from '../../../shared/monitor/severity';
import { DEFAULT_INTERVAL_SEC, watchedPageSchema } from '../../../shared/monitor/watched-page';

const ID = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';

describe('WatchedPage', () => {
  it('fills defaults: 60 s, not muted, nothing followed', () => {
    expect(watchedPageSchema.parse({ id: ID, region: 'eu', subdomain: 'exoscalestatus' })).toEqual({
      id: ID,
      region: 'eu',
      subdomain: 'exoscalestatus',
      intervalSec: DEFAULT_INTERVAL_SEC,
      muted: false,
      mutedServiceIds: [],
      followedIncidentIds: [],
    });
  });

  it.each([
    ['an interval under 15 s', { intervalSec: 14 }],
    ['a fractional interval', { intervalSec: 30.5 }],
    ['a non-uuid id', { id: 'page-1' }],
    ['a custom region without base URL', { region: 'custom' }],
    ['a subdomain with a slash', { subdomain: 'a/b' }],
    ['an unknown region', { region: 'asia' }],
  ])('rejects %s', (_label, fields) => {
    expect(watchedPageSchema.safeParse({ id: ID, region: 'us', subdomain: 'acme', ...fields }).success).toBe(false);
  });

  it('accepts a custom server and an account', () => {
    const page = watchedPageSchema.parse({
      id: ID,
      region: 'custom',
      baseUrl: 'http://127.0.0.1:4010/api/v2',
      subdomain: 'acme',
      accountId: 'acc-1',
      intervalSec: 15,
    });
    expect(page).toMatchObject({ baseUrl: 'http://127.0.0.1:4010/api/v2', accountId: 'acc-1', intervalSec: 15 });
  });
});

describe('notification prefs and severity', () => {
  it('defaults to enabled, incidents only (maintenance start and end too), not paused', () => {
    expect(notificationPrefsSchema.parse({})).toEqual({ enabled: true, minSeverity: 'minor', maintenanceStartEnd: true });
    expect(DEFAULT_NOTIFICATION_PREFS).toMatchObject({ enabled: true, minSeverity: 'minor', maintenanceStartEnd: true, pausedUntil: null });
  });

  it('orders operational < maintenance < minor < major and maps scheduled to maintenance', () => {
    expect(SEVERITIES).toEqual(['operational', 'maintenance', 'minor', 'major']);
    expect(severityOfLevel('scheduled')).toBe('maintenance');
    expect(isAtLeast('maintenance', 'minor')).toBe(false);
    expect(isAtLeast('major', 'minor')).toBe(true);
  });

  it('knows whether it is paused at a given time', () => {
    const prefs = { ...DEFAULT_NOTIFICATION_PREFS, pausedUntil: '2025-06-01T13:00:00.000Z' };
    expect(notificationsPausedAt(prefs, Date.parse('2025-06-01T12:59:59Z'))).toBe(true);
    expect(notificationsPausedAt(prefs, Date.parse('2025-06-01T13:00:00Z'))).toBe(false);
  });
});

describe('events', () => {
  it('has exactly the twelve type names', () => {
    expect(MONITOR_EVENT_TYPES).toEqual([
      'page.level_changed',
      'service.level_changed',
      'incident.opened',
      'incident.updated',
      'incident.resolved',
      'maintenance.scheduled',
      'maintenance.started',
      'maintenance.ended',
      'notice.posted',
      'notice.removed',
      'page.stale',
      'page.recovered',
    ]);
    expect(monitorEventSchema.options.map((o) => o.shape.type.value)).toEqual([...MONITOR_EVENT_TYPES]);
  });

  it('rejects an unknown type, a missing id and a local time', () => {
    const ok = {
      type: 'page.recovered',
      id: 'x',
      at: '2025-06-01T12:00:00.000Z',
      page: { id: 'p', name: 'A', subdomain: 'a' },
      level: 'major',
      previousLevel: null,
      staleSince: '2025-06-01T11:00:00.000Z',
    };
    expect(monitorEventSchema.safeParse(ok).success).toBe(true);
    expect(monitorEventSchema.safeParse({ ...ok, type: 'page.exploded' }).success).toBe(false);
    expect(monitorEventSchema.safeParse({ ...ok, id: undefined }).success).toBe(false);
    expect(monitorEventSchema.safeParse({ ...ok, at: '2025-06-01T12:00:00' }).success).toBe(false);
  });

  it('stable ids: deterministic, part boundaries matter', () => {
    expect(stableId(['a', 1, null])).toBe(stableId(['a', 1, null]));
    expect(stableId(['ab', 'c'])).not.toBe(stableId(['a', 'bc']));
    expect(stableId(['x'])).toMatch(/^[0-9a-z]{11}$/);
  });
});

describe('SignalHub and clocks', () => {
  it('announces only real changes and unsubscribes', () => {
    const hub = new SignalHub();
    const seen: string[] = [];
    const offs = [
      hub.onOffline(() => seen.push('offline')),
      hub.onOnline(() => seen.push('online')),
      hub.onSuspend(() => seen.push('suspend')),
      hub.onResume(() => seen.push('resume')),
    ];
    hub.setOnline(true);
    hub.setOnline(false);
    hub.setOnline(false);
    hub.suspend();
    hub.resume();
    hub.setOnline(true);
    expect(seen).toEqual(['offline', 'suspend', 'resume', 'online']);
    for (const off of offs) off();
    expect(hub.listenerCount()).toBe(0);
    expect(new SignalHub({ online: false }).isOnline()).toBe(false);
  });

  it('a scaled clock runs faster than real time', async () => {
    const clock = createScaledClock(1000, 0);
    const fired = await new Promise<number>((resolve) => clock.setTimeout(() => resolve(clock.now()), 20_000));
    expect(fired).toBeGreaterThanOrEqual(19_000);
    expect(() => createScaledClock(0)).toThrow(RangeError);
  });
});

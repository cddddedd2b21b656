import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { NotificationIntent } from '../../../shared/monitor/notification-intent';
import { CriticalAlerts } from '../../../electron/core/critical/critical-alerts';
import { nativeNotificationOptions } from '../../../electron/core/desktop/notification-options';
import { makeTempDir } from '../../support/temp-dir';
import { createAppBus } from '@core/events/app-events';
import { busHearing } from '../../support/app-bus';

const intent = (over: Partial<NotificationIntent> = {}): NotificationIntent => ({
  pageId: 'p1',
  title: 'Acme: major outage',
  body: 'Database unavailable',
  severity: 'major',
  priority: 'normal',
  target: { pageId: 'p1', incidentId: 7 },
  eventIds: ['e1'],
  ...over,
});

let temp: ReturnType<typeof makeTempDir> | null = null;
afterEach(() => temp?.remove());

describe('critical alerts', () => {
  it('a major notification of our own page is critical and kept until acknowledged; a provider’s or a minor one is not', () => {
    temp = makeTempDir();
    const changes: number[] = [];
    const critical = new CriticalAlerts({ dataDir: temp.dir, events: busHearing('critical.onChange', (alerts) => changes.push(alerts.length)) });
    expect(critical.mark(intent(), true).critical).toEqual({ sound: true });
    expect(critical.mark(intent({ pageId: 'p2', target: { pageId: 'p2' } }), false).critical).toBeUndefined();
    expect(critical.mark(intent({ severity: 'minor', target: { pageId: 'p1', incidentId: 8 } }), true).critical).toBeUndefined();
    // A later notification of the same incident replaces its alert.
    critical.mark(intent({ body: 'Failing over' }), true);
    expect(critical.alerts().map((alert) => alert.body)).toEqual(['Failing over']);
    const [alert] = critical.alerts();
    expect(critical.acknowledge({ id: alert!.id })).toEqual([]);
    expect(changes).toEqual([1, 1, 0]);
  });

  it('the sound and the mode are the user’s, kept in a file; a damaged file keeps critical mode on', async () => {
    temp = makeTempDir();
    const critical = new CriticalAlerts({ dataDir: temp.dir, events: createAppBus() });
    await critical.setPrefs({ sound: false });
    expect(critical.mark(intent(), true).critical).toEqual({ sound: false });
    expect(new CriticalAlerts({ dataDir: temp.dir, events: createAppBus() }).prefs()).toEqual({ enabled: true, sound: false });
    await critical.setPrefs({ enabled: false });
    expect(critical.mark(intent(), true).critical).toBeUndefined();
    fs.writeFileSync(`${temp.dir}/critical-alerts.json`, '{"enabled": "no"}');
    expect(new CriticalAlerts({ dataDir: temp.dir, events: createAppBus() }).prefs()).toEqual({ enabled: true, sound: true });
  });

  it('a critical notification asks the OS for critical urgency and no time-out, silent only when the sound is off', () => {
    expect(nativeNotificationOptions(intent())).toEqual({ title: 'Acme: major outage', body: 'Database unavailable', silent: false });
    expect(nativeNotificationOptions(intent({ critical: { sound: true } }))).toMatchObject({ urgency: 'critical', timeoutType: 'never', silent: false });
    expect(nativeNotificationOptions(intent({ critical: { sound: false } }))).toMatchObject({ silent: true, urgency: 'critical' });
    expect(nativeNotificationOptions(intent({ priority: 'low' }))).toMatchObject({ silent: true });
  });
});

import { createTestingPinia } from '@pinia/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlertDeliveryView } from '../../../../shared/alerts/alert-delivery';
import type { AlertsView } from '../../../../shared/alerts/alerts-view';
import { useAlertsStore } from '../../../../renderer/src/stores/alerts';
import { installFakeApi, ok, refused } from '../support/fake-api';
import { AT } from '../support/fixtures';

/* The Alerts screen's store: the view and the log as the core keeps them, read again on each change. */

const testingPinia = () => createTestingPinia({ stubActions: false, createSpy: vi.fn });
afterEach(() => vi.unstubAllGlobals());

const destination = { id: 'd1', name: '#ops', kind: 'slack' as const, origin: 'https://hooks.slack.com', timeZone: 'Europe/Berlin', enabled: true };
const view = (rules = 0): AlertsView => ({
  destinations: [{ ...destination, secretStored: true, lastFour: 'WXYZ' }],
  rules: Array.from({ length: rules }, (_, i) => ({
    id: `r${i}`,
    destinationId: 'd1',
    pageIds: null,
    services: [],
    minSeverity: 'minor' as const,
    updates: 'all' as const,
    quietHours: null,
    enabled: true,
  })),
});
const delivery = (state: AlertDeliveryView['state']): AlertDeliveryView => ({
  id: 'm1',
  destinationId: 'd1',
  destinationName: '#ops',
  kind: 'slack',
  title: 'Test from Statusdesk',
  severity: 'minor',
  pageNames: [],
  changes: 1,
  test: true,
  state,
  attempts: 1,
  problem: state === 'not_delivered' ? 'Slack refused it (403).' : null,
  queuedAt: AT,
  deliveredAt: state === 'delivered' ? AT : null,
  nextAttemptAt: null,
});

describe('alerts store', () => {
  it('follows the core while the screen is open: a change is read again, and stopping stops it', async () => {
    let rules = 0;
    const fake = installFakeApi({ alerts: { view: () => ok(view(rules)), deliveries: () => ok([delivery('not_delivered')]) } });
    testingPinia();
    const alerts = useAlertsStore();
    const stop = alerts.follow();
    await vi.waitFor(() => expect(alerts.loaded).toBe(true));
    expect(alerts.notDelivered).toBe(1);
    expect(alerts.rulesOf('d1')).toEqual([]);

    rules = 2;
    fake.emit('alerts', 'onChange', {});
    await vi.waitFor(() => expect(alerts.rulesOf('d1')).toHaveLength(2));
    stop();
    expect(fake.listenerCount('alerts', 'onChange')).toBe(0);
  });

  it('folds a burst of changes into one read after the one in flight', async () => {
    const fake = installFakeApi({ alerts: { view: () => ok(view()), deliveries: () => ok([]) } });
    testingPinia();
    const alerts = useAlertsStore();
    const first = alerts.load();
    for (let i = 0; i < 20; i++) void alerts.load();
    await first;
    expect(fake.calls.filter((c) => c.channel === 'alerts.view')).toHaveLength(2);
  });

  it('sends the typed address once and keeps nothing of it; answers the test outcome', async () => {
    const fake = installFakeApi({
      alerts: {
        view: () => ok(view()),
        deliveries: () => ok([delivery('delivered')]),
        addDestination: () => ok(destination),
        test: () => ok(delivery('delivered')),
      },
    });
    testingPinia();
    const alerts = useAlertsStore();
    const secret = 'https://hooks.slack.com/services/T000/B000/XXXXsecretWXYZ';
    await alerts.addDestination({ name: '#ops', kind: 'slack', address: secret, timeZone: 'Europe/Berlin' });
    expect((await alerts.test('d1')).state).toBe('delivered');
    expect(fake.calls.find((c) => c.channel === 'alerts.addDestination')?.request).toMatchObject({ address: secret });
    expect(JSON.stringify({ view: alerts.view, deliveries: alerts.deliveries })).not.toContain('XXXXsecret');
  });

  it('says why the alerts could not be read, and an action’s refusal reaches its caller', async () => {
    installFakeApi({
      alerts: {
        view: () => refused({ code: 'storage', message: 'The settings file could not be read.' }),
        deliveries: () => ok([]),
        retry: () => refused({ code: 'not_found', message: 'That message is no longer in the log.' }),
      },
    });
    testingPinia();
    const alerts = useAlertsStore();
    await alerts.load();
    expect(alerts.error).toMatch(/read the alerts/);
    await expect(alerts.retry('gone')).rejects.toThrow('That message is no longer in the log.');
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createNotifier } from '../../../electron/main/notifier';
import { fake, resetFake } from './support/fake-electron';

// The notifier hands a critical intent to Electron's Notification with critical urgency and no time-out.
vi.mock('electron', async () => (await import('./support/fake-electron')).electronModule);

beforeEach(() => resetFake());

describe('the notifier over Electron', () => {
  it('shows a critical notification that stays, and a click still opens its incident', () => {
    const opened: unknown[] = [];
    const notify = createNotifier((target) => opened.push(target));
    notify({
      pageId: 'p1',
      title: 'Acme: major outage',
      body: 'Database unavailable',
      severity: 'major',
      priority: 'normal',
      target: { pageId: 'p1', incidentId: 7 },
      eventIds: [],
      critical: { sound: true },
    });
    const shown = fake.notifications.at(-1)!;
    expect(shown.options).toMatchObject({ urgency: 'critical', timeoutType: 'never', silent: false });
    expect(shown.show).toHaveBeenCalled();
    shown.emit('click');
    expect(opened).toEqual([{ pageId: 'p1', incidentId: 7 }]);
  });
});

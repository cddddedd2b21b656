import { afterEach, describe, expect, it } from 'vitest';
import { DesktopPrefsFeature } from '@core/desktop/desktop-prefs-feature';
import { trayFollowsSnoozesAndZone } from '@core/reactions/tray-follows-snoozes-and-zone';
import { ACME, monitorOnSimulator } from './support/monitor-on-simulator';

/*
 * The tray and the notifications speak the zone the window speaks (Settings → Appearance): a New York user
 * reads "paused until 9:58 PM EST" in the tray beside the window's "9:58 PM EST", not "02:58 UTC".
 */

const cleanup: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const setup = (timeZone: string) =>
  monitorOnSimulator(cleanup, {
    settings: (draft) => (draft.notifications = { ...draft.notifications, minSeverity: 'maintenance' }),
    feature: () => ({ timeZone }),
  });

describe('times in the tray and notifications', () => {
  it.each([
    ['America/New_York', /\d{1,2}:\d{2}\s?[AP]M EST/],
    ['Europe/Berlin', /\d{1,2}:\d{2}\s?(?:[AP]M )?GMT\+1/],
  ])('follow the window’s zone in %s, and UTC when the user chose UTC', async (zone, local) => {
    const { sim, feature, settings, trays, notified, bus } = await setup(zone);
    trayFollowsSnoozesAndZone(bus, feature);
    const desktop = new DesktopPrefsFeature({ settings, events: bus });
    await feature.pauseNotifications(60);
    const tray = await feature.tray();
    expect(tray.tooltip).toMatch(new RegExp(`paused until ${local.source}`));
    expect(tray.tooltip).not.toContain('UTC');

    desktop.setAppearance({ timeZone: 'utc' });
    expect(trays.at(-1)!.tooltip).toMatch(/paused until \d{1,2}:\d{2}\s?(?:[AP]M )?UTC/);

    desktop.setAppearance({ timeZone: 'local' });
    await feature.resumeNotifications();
    sim.scheduleMaintenance({ page: 'acme', title: 'Database upgrade 2', startsAt: new Date(Date.now() + 3 * 86_400_000), message: 'Short interruptions.' });
    await feature.pollNow(ACME);
    const scheduled = notified.find((n) => n.title.includes('Database upgrade 2'))!;
    expect(scheduled.body).toMatch(new RegExp(`^Starts [A-Z][a-z]{2} \\d{1,2}, ${local.source}\\.`));
  });
});

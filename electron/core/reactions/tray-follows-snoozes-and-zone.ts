import type { AppBus } from '@core/events/app-events';
import type { MonitorFeature } from '@core/monitor/monitor-feature';

/** What the tray hears changed outside the monitor: a snooze began or ended, the zone of its times changed. */
export function trayFollowsSnoozesAndZone(bus: AppBus, monitor: MonitorFeature): () => void {
  const offSnoozes = bus.subscribe('snooze.onChange', () => monitor.redrawTray());
  const offZone = bus.subscribe('desktop.timeZoneChanged', () => monitor.redrawTray());
  return () => {
    offSnoozes();
    offZone();
  };
}

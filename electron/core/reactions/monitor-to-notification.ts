import type { NotificationIntent } from '@shared/monitor/notification-intent';
import type { AppBus } from '@core/events/app-events';
import type { CriticalAlerts } from '@core/critical/critical-alerts';
import type { MonitorFeature } from '@core/monitor/monitor-feature';

/** A notification goes to the desktop; a major incident on our own page is critical (kept on screen until acknowledged, with a sound). */
export function monitorToNotification(
  bus: AppBus,
  deps: { monitor: MonitorFeature; critical: CriticalAlerts; notify: ((intent: NotificationIntent) => void) | undefined },
): () => void {
  return bus.subscribe('monitor.notify', (intent) => {
    const page = deps.monitor.pages().find((p) => p.id === intent.pageId);
    deps.notify?.(deps.critical.mark(intent, page !== undefined && page.kind !== 'provider'));
  });
}

import type { AppBus } from '@core/events/app-events';
import type { CriticalAlerts } from '@core/critical/critical-alerts';

/** Clicking a critical notification (or the tray) to open its page is seeing it: the page's alerts are acknowledged. */
export function openTargetAcknowledgesCritical(bus: AppBus, critical: CriticalAlerts): () => void {
  return bus.subscribe('desktop.onOpenTarget', (target) => critical.acknowledge({ pageId: target.pageId }));
}

import type { AppBus } from '@core/events/app-events';
import type { MonitorFeature } from '@core/monitor/monitor-feature';
import type { OutboxFeature } from '@core/outbox/outbox-feature';

/**
 * An account's pages moved in settings: the monitor reads them again. A replaced key sends again what the old
 * one was refused for.
 */
export function accountChanges(bus: AppBus, deps: { monitor: MonitorFeature; outbox: OutboxFeature; log?: (message: string) => void }): () => void {
  const failed = (what: string) => (error: unknown) => deps.log?.(`${what}: ${error instanceof Error ? error.message : String(error)}`);
  const offPages = bus.subscribe('accounts.pagesChanged', () => void deps.monitor.reloadPages().catch(failed('monitor')));
  const offKey = bus.subscribe('accounts.keyChanged', ({ accountId }) => void deps.outbox.keyChanged(accountId).catch(failed('outbox')));
  return () => {
    offPages();
    offKey();
  };
}

import type { AppBus } from '@core/events/app-events';
import type { MonitorFeature } from '@core/monitor/monitor-feature';
import { changesSummary, pagesWrittenTo } from '@core/monitor/written-pages';

/** Sent writes remembered as checked: a repeated "sent" comes within moments, never 100 writes later. */
const CHECKED_AFTER_KEPT = 100;

export interface CheckPageAfterSend {
  /** Entries remembered as checked (bounded; the month soak samples it). */
  readonly checkedCount: number;
  stop(): void;
}

/**
 * After a write is sent, the pages it went to are checked at once: the dashboard and tray show it now, not at the
 * next poll. Only when the write changed what a page's summary shows (a metric point does not: the answer said
 * it all). Once per entry: the outbox may report the same "sent" again.
 */
export function afterWriteSentCheckPage(
  bus: AppBus,
  deps: { monitor: MonitorFeature; serverOfAccount: (accountId: string) => string | null; log?: (message: string) => void },
): CheckPageAfterSend {
  const checked = new Set<string>();
  const stop = bus.subscribe('outbox.writeSent', ({ entry }) => {
    if (checked.has(entry.id) || !changesSummary(entry)) return;
    checked.add(entry.id);
    if (checked.size > CHECKED_AFTER_KEPT) checked.delete(checked.values().next().value!);
    for (const id of pagesWrittenTo(entry, deps.serverOfAccount(entry.accountId), deps.monitor.pages())) {
      deps.monitor.pollNow(id).catch((error: unknown) => deps.log?.(`monitor: ${error instanceof Error ? error.message : String(error)}`));
    }
  });
  return {
    get checkedCount() {
      return checked.size;
    },
    stop,
  };
}

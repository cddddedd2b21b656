import type { AppBus } from '@core/events/app-events';
import type { OwnWrites } from '@core/monitor/own-writes';

/** After a write is sent: its echo in the page's next summary is ours, not news to notify. */
export function afterWriteSentMarkOwnWrite(bus: AppBus, deps: { ownWrites: OwnWrites; serverOfAccount: (accountId: string) => string | null }): () => void {
  return bus.subscribe('outbox.writeSent', ({ entry }) => deps.ownWrites.noteSent(entry, deps.serverOfAccount(entry.accountId)));
}

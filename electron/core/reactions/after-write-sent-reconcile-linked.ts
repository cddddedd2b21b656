import type { OutboxEntryView } from '@shared/outbox/entry-view';
import type { AppBus } from '@core/events/app-events';
import type { LinkedIncidents } from '@core/incidents/linked-incidents';

/**
 * After a create is sent, a linked incident made offline gets its server id in place of its temp id; so do those
 * sent while the app was closed, once the outbox opens.
 */
export function afterWriteSentReconcileLinked(bus: AppBus, deps: { linkedIncidents: LinkedIncidents; log?: (message: string) => void }): () => void {
  const reconcile = (entries: readonly OutboxEntryView[]): void => {
    deps.linkedIncidents
      .reconcile(entries)
      .catch((error: unknown) => deps.log?.(`linked incidents: ${error instanceof Error ? error.message : String(error)}`));
  };
  const offSent = bus.subscribe('outbox.writeSent', ({ entry }) => {
    if (entry.tempId !== undefined) reconcile([entry]);
  });
  const offOpened = bus.subscribe('outbox.opened', ({ entries }) => reconcile(entries));
  return () => {
    offSent();
    offOpened();
  };
}

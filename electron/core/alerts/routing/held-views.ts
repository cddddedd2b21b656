import type { AlertDeliveryView } from '@shared/alerts/alert-delivery';
import type { AlertDestination } from '@shared/alerts/alert-destination';
import { heldIdOf, type HeldEntry } from './held-changes';

/** Held changes' ids in the delivery log, told from the queue's own. */
export const HELD_ID_PREFIX = 'held:';

/** What quiet hours hold, as the delivery log shows it: "held" until the hours end (`nextAttemptAt`). */
export function heldDeliveryViews(entries: readonly HeldEntry[], destinations: readonly AlertDestination[]): AlertDeliveryView[] {
  const byId = new Map(destinations.map((d) => [d.id, d]));
  return entries.flatMap((entry) => {
    const destination = byId.get(entry.destinationId);
    if (!destination) return [];
    const change = entry.routed.change;
    return [
      {
        id: `${HELD_ID_PREFIX}${heldIdOf(entry)}`,
        destinationId: destination.id,
        destinationName: destination.name,
        kind: destination.kind,
        title: `${change.pageName}: ${change.headline}`,
        severity: change.severity,
        pageNames: [change.pageName],
        changes: 1,
        test: false,
        state: 'held' as const,
        attempts: 0,
        problem: null,
        queuedAt: change.at,
        deliveredAt: null,
        nextAttemptAt: new Date(entry.until).toISOString(),
      },
    ];
  });
}

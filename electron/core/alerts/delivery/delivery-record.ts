import type { AlertDeliveryState, AlertDeliveryView } from '@shared/alerts/alert-delivery';
import type { AlertDestinationKind } from '@shared/alerts/alert-destination';
import type { AlertMessage } from '@shared/alerts/alert-message';

/** One message on its way to one destination, as the queue holds it. Never a secret: the destination is named by id. */
export interface DeliveryRecord {
  id: string;
  /** Queue order: messages of one incident to one destination go in this order. */
  seq: number;
  destinationId: string;
  destinationName: string;
  kind: AlertDestinationKind;
  message: AlertMessage;
  queuedAt: string;
  state: AlertDeliveryState;
  attempts: number;
  problem: string | null;
  /** Epoch ms of the first attempt: the give-up time counts from it. */
  firstAttemptAt: number | null;
  /** Epoch ms; null: at once. */
  nextAttemptAt: number | null;
  deliveredAt: string | null;
}

/** What a state change writes: every field that can change after the add. */
export type DeliveryPatch = Pick<DeliveryRecord, 'state' | 'attempts' | 'problem' | 'firstAttemptAt' | 'nextAttemptAt' | 'deliveredAt'>;

export function patchOf(record: DeliveryRecord): DeliveryPatch {
  const { state, attempts, problem, firstAttemptAt, nextAttemptAt, deliveredAt } = record;
  return { state, attempts, problem, firstAttemptAt, nextAttemptAt, deliveredAt };
}

export function isWaiting(record: DeliveryRecord): boolean {
  return record.state === 'queued' || record.state === 'held';
}

export function viewOf(record: DeliveryRecord): AlertDeliveryView {
  return {
    id: record.id,
    destinationId: record.destinationId,
    destinationName: record.destinationName,
    kind: record.kind,
    title: record.message.title,
    severity: record.message.severity,
    pageNames: [...new Set(record.message.changes.map((change) => change.pageName))],
    changes: record.message.changes.length,
    test: record.message.test,
    state: record.state,
    attempts: record.attempts,
    problem: record.problem,
    queuedAt: record.queuedAt,
    deliveredAt: record.deliveredAt,
    nextAttemptAt: isWaiting(record) && record.nextAttemptAt !== null ? new Date(record.nextAttemptAt).toISOString() : null,
  };
}
